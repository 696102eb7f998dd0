// The test command of the README (`npm test`): unit and integration tests on the embedded PGlite, the server
// suite again on real PostgreSQL when TEST_DATABASE_URL is set, then the browser journeys in Chromium. Ends
// with one 'N passed, N failed' line over every run. Under CI=true a missing PostgreSQL or Redis fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'scrimgym-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

const run = (label, args, env = process.env) => {
  console.log(`\n=== ${label} ===`);
  const report = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: 'inherit', env },
  );
  try {
    const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += numPassedTests;
    totals.failed += numFailedTests;
    totals.skipped += numPendingTests + numTodoTests;
  } catch {
    totals.failed += 1; // the run crashed before reporting
  }
  if (result.status !== 0) finish(result.status ?? 1);
};

function finish(code) {
  rmSync(reports, { recursive: true, force: true });
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
  ['--project', 'shared', '--project', 'server', '--project', 'web'],
  // The PGlite run keeps PostgreSQL's address for the suites that test PostgreSQL itself (db/client.test.ts).
  TEST_DATABASE_URL ? { ...withoutPostgres, TEST_POSTGRES_URL: TEST_DATABASE_URL } : withoutPostgres,
);
if (TEST_DATABASE_URL) run('server on PostgreSQL', ['--project', 'server']);
if (process.env.SKIP_E2E !== '1') run('browser journeys (Chromium)', ['--project', 'e2e']);
finish(totals.failed > 0 ? 1 : 0);
