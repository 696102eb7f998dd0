// `npm run bench`: builds, then runs every bench script in turn (each prints its own table and budgets).
import { spawnSync } from 'node:child_process';

const run = (command, args) => {
  console.log(`\n=== ${[command, ...args].join(' ')} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status === 0;
};

if (!run('npm', ['run', 'build'])) process.exit(1);
const results = ['bench/bundle-size.mjs', 'bench/scrims-list.mjs', 'bench/slot-joins.mjs'].map((script) => ({
  script,
  ok: run(process.execPath, [script]),
}));
console.table(results);
if (results.some((r) => !r.ok)) process.exitCode = 1;
