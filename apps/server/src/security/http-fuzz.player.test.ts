import { describeHttpFuzz } from '../test/http-fuzz-suite.js';

await describeHttpFuzz({ actor: 'player', numRuns: Number(process.env.FUZZ_RUNS ?? 40) });
