import type { core } from 'zod';

declare global {
  // zod's configuration object, shared by every copy of zod in the page (zod/v4/core/core.js).
  var __zod_globalConfig: core.$ZodConfig | undefined;
}

/**
 * zod compiles object schemas with `new Function` when it may; it finds out by trying, which the CSP
 * (`script-src 'self'`, no 'unsafe-eval') blocks and reports as a violation. Jitless parsing never tries.
 * Imported first by main.tsx, before any schema parses.
 *
 * This is what `config({ jitless: true })` does, without importing zod: zod keeps its configuration in
 * `globalThis.__zod_globalConfig` and adopts an object already there when it loads. Importing `config` put
 * zod's core and util modules (~5 KB gzipped) in the first bundle, on the landing page that parses nothing
 * (docs/performance.md). Merged into an existing object, so the order against zod's own loading does not matter.
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });
