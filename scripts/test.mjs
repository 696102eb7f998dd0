// The test command of the README (`npm test`): unit and integration tests on the embedded PGlite, then the browser
// journeys in Chromium, then the server suite again on real PostgreSQL when TEST_DATABASE_URL is set, one pass at a
// time. After each pass it prints its wall time and its ten slowest files; it ends with one 'N passed, N failed'
// line over every run. Under CI=true a missing PostgreSQL or Redis fails.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'scrimgym-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const passes = [];
const failures = [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const fileName = (label, extension) => join(reports, `${label.replace(/\W+/g, '-')}.${extension}`);

/** The ten files that took longest in a pass's JSON report: where the next regression shows first. */
function printSlowest(label, testResults) {
  const slowest = testResults
    .map((file) => ({ name: relative(process.cwd(), file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  console.log(`\n--- ten slowest files (${label})`);
  for (const { name, ms } of slowest) console.log(`${seconds(ms).padStart(9)}  ${name}`);
}

/**
 * Starts one vitest pass, its output to the terminal. Resolves once it has ended and its counts are added up; true
 * when it passed.
 */
function startPass(label, args, { env = process.env } = {}) {
  const report = fileName(label, 'json');
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const child = spawn(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: ['ignore', 'inherit', 'inherit'], env },
  );
  return new Promise((resolve) => {
    child.on('close', (status) => {
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
        collectFailures(label, testResults);
      } catch {
        totals.failed += 1; // the run crashed before reporting
        counts = 'crashed before reporting';
      }
      passes.push({ label, wall, counts });
      console.log(`\n--- ${label}: ${seconds(wall)} (${counts})`);
      resolve(status === 0);
    });
  });
}

/** Every failed test of a pass, with the first lines of its message: the end of the log names what failed. */
function collectFailures(label, testResults) {
  for (const file of testResults) {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that failed before its tests ran (an import or a hook) reports its message on the file.
    if (failed.length === 0 && file.status === 'failed')
      failed.push({ fullName: '(the file)', failureMessages: [file.message] });
    for (const test of failed) {
      const message = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n      ');
      failures.push(`  ${label} › ${relative(process.cwd(), file.name)} › ${test.fullName}\n      ${message}`);
    }
  }
}

function finish(code) {
  rmSync(reports, { recursive: true, force: true });
  if (failures.length > 0) console.log(`\n--- failed tests\n${failures.join('\n')}`);
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
// Without PostgreSQL every server suite runs on PGlite. With it, the engine-agnostic suites ('server',
// 'server:isolated': the modules' rules through HTTP) run once, on PostgreSQL, production's engine; the PGlite pass
// keeps what shows the embedded default works: the database layer ('server:engine', on both engines), every route
// through the whole stack ('server:http-layer': the authorization matrix and the fuzzers), and the browser journeys,
// whose servers run on PGlite.
const embeddedServerProjects = TEST_DATABASE_URL ? ['server:engine', 'server:http-layer'] : ['server*'];
const unitPassed = await startPass(
  TEST_DATABASE_URL ? 'shared, web and the server on PGlite' : 'shared, server (PGlite) and web',
  ['--project', 'shared', ...embeddedServerProjects.flatMap((name) => ['--project', name]), '--project', 'web*'],
  // The PGlite run keeps PostgreSQL's address for the suites that test PostgreSQL itself (db/client.test.ts).
  { env: TEST_DATABASE_URL ? { ...withoutPostgres, TEST_POSTGRES_URL: TEST_DATABASE_URL } : withoutPostgres },
);
if (!unitPassed) finish(1);
const e2e = process.env.SKIP_E2E !== '1';
// The browser journeys and the PostgreSQL pass run one after the other: side by side on two cores the load passed
// 10, and journeys that measure what a user waits for (a code at the start, a 503 within a second, a live friend
// request) failed on a starved machine, not on the product.
const later = [
  e2e ? await startPass('browser journeys (Chromium)', ['--project', 'e2e']) : true,
  TEST_DATABASE_URL
    ? // Every server project but 'server:http-layer' (vitest.config.ts), whose suites do not depend on the engine.
      await startPass('server on PostgreSQL', [
        '--project',
        'server',
        '--project',
        'server:isolated',
        '--project',
        'server:engine',
      ])
    : true,
];
finish(later.includes(false) ? 1 : 0);
