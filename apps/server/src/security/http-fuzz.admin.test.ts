import { describeHttpFuzz } from '../test/http-fuzz-suite.js';

await describeHttpFuzz({ actor: 'admin', numRuns: Number(process.env.FUZZ_RUNS ?? 30) });
