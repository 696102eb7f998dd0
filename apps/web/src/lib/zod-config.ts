import { config } from 'zod';

/**
 * zod compiles object schemas with `new Function` when it may; it finds out by trying, which the CSP
 * (`script-src 'self'`, no 'unsafe-eval') blocks and reports as a violation. Jitless parsing never tries.
 * Imported first by main.tsx, before any schema parses.
 */
config({ jitless: true });
