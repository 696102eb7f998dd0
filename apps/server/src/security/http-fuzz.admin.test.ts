import { describeHttpFuzz } from './http-fuzz-suite.js';

await describeHttpFuzz({ actor: 'admin', numRuns: Number(process.env.FUZZ_RUNS ?? 30) });
