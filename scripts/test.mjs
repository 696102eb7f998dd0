// The test command of the README (`npm test`): unit and integration tests on the embedded PGlite, the server
// suite again on real PostgreSQL when TEST_DATABASE_URL is set, then the browser journeys in Chromium.
import { spawnSync } from 'node:child_process';

const run = (label, args, env = process.env) => {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${label} failed`);
    process.exit(result.status ?? 1);
  }
};

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
run(
  'shared, server (PGlite) and web',
  ['--project', 'shared', '--project', 'server', '--project', 'web'],
  withoutPostgres,
);
if (TEST_DATABASE_URL) run('server on PostgreSQL', ['--project', 'server']);
if (process.env.SKIP_E2E !== '1') run('browser journeys (Chromium)', ['--project', 'e2e']);
