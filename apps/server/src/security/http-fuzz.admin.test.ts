import { describeHttpFuzz, hostPowers } from '../test/http-fuzz-suite.js';

// The host first, on the world as made: the admin's pass may cancel or delete the scrims it acts on.
await describeHttpFuzz({
  passes: [
    { role: 'host', numRuns: Number(process.env.FUZZ_HOST_RUNS ?? 5), routes: hostPowers },
    { role: 'admin', numRuns: Number(process.env.FUZZ_RUNS ?? 30) },
  ],
});
