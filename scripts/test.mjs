// The test command of the README (`npm test`): unit and integration tests on the embedded PGlite, the server
// suite again on real PostgreSQL when TEST_DATABASE_URL is set, then the browser journeys in Chromium. After each
// pass it prints its wall time and its ten slowest files; it ends with one 'N passed, N failed' line over every
// run. Under CI=true a missing PostgreSQL or Redis fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'scrimgym-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const passes = [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The ten files that took longest in a pass's JSON report: where the next regression shows first. */
function printSlowest(label, testResults) {
  const slowest = testResults
    .map((file) => ({ name: relative(process.cwd(), file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  console.log(`\n--- ten slowest files (${label})`);
  for (const { name, ms } of slowest) console.log(`${seconds(ms).padStart(9)}  ${name}`);
}

const run = (label, args, env = process.env) => {
  console.log(`\n=== ${label} ===`);
  const report = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const started = Date.now();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: 'inherit', env },
  );
  const wall = Date.now() - started;
  let counts;
  try {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests, testResults } = JSON.parse(
      readFileSync(report, 'utf8'),
    );
    totals.passed += numPassedTests;
    totals.failed += numFailedTests;
    totals.skipped += numPendingTests + numTodoTests;
    counts = `${numPassedTests} passed, ${numFailedTests} failed`;
    printSlowest(label, testResults);
  } catch {
    totals.failed += 1; // the run crashed before reporting
    counts = 'crashed before reporting';
  }
  passes.push({ label, wall, counts });
  console.log(`\n--- ${label}: ${seconds(wall)} (${counts})`);
  if (result.status !== 0) finish(result.status ?? 1);
};

function finish(code) {
  rmSync(reports, { recursive: true, force: true });
  console.log('\n--- pass times');
  for (const { label, wall, counts } of passes) console.log(`${seconds(wall).padStart(9)}  ${label} (${counts})`);
  console.log(
    `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
  );
  process.exit(code);
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
// CI never passes by leaving out what it could not reach: .ci/run starts PostgreSQL and sets TEST_DATABASE_URL.
if (process.env.CI && !TEST_DATABASE_URL) {
  console.error('CI=true needs TEST_DATABASE_URL (PostgreSQL): the server suite must also run on PostgreSQL');
  finish(1);
}
run(
  'shared, server (PGlite) and web',
  ['--project', 'shared', '--project', 'server*', '--project', 'web'],
  // The PGlite run keeps PostgreSQL's address for the suites that test PostgreSQL itself (db/client.test.ts).
  TEST_DATABASE_URL ? { ...withoutPostgres, TEST_POSTGRES_URL: TEST_DATABASE_URL } : withoutPostgres,
);
if (TEST_DATABASE_URL) run('server on PostgreSQL', ['--project', 'server*']);
if (process.env.SKIP_E2E !== '1') run('browser journeys (Chromium)', ['--project', 'e2e']);
finish(totals.failed > 0 ? 1 : 0);
