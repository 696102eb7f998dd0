import { describeHttpFuzz } from '../test/http-fuzz-suite.js';

await describeHttpFuzz({ passes: [{ role: 'player', numRuns: Number(process.env.FUZZ_RUNS ?? 40) }] });
