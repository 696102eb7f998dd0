// `npm run bench`: builds, runs every bench script in turn (each prints its own tables), then gathers their
// checks (bench/results/*.json, written by report() in lib.mjs) into bench/RESULTS.md.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

const SCRIPTS = [
  'bundle-size',
  'startup',
  'cold-load',
  'scrims-list',
  'hub-cache-bust',
  'auth-route',
  'slot-joins',
  'balance',
  'leaderboard',
  'board',
  'rating-replay',
  'match-history',
  'fanout',
  'draft-fanout',
  'admin-dashboard',
  'attack-http',
  'attack-socket',
].filter((name) => existsSync(join('bench', `${name}.mjs`)));

const run = (command, args) => {
  console.log(`\n=== ${[command, ...args].join(' ')} ===`);
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
};

// `--report-only`: rewrite RESULTS.md from the stored results (after re-running one script by hand).
const reportOnly = process.argv.includes('--report-only');
if (!reportOnly) {
  rmSync(join('bench', 'results'), { recursive: true, force: true });
  if (!run('npm', ['run', 'build'])) process.exit(1);
}
const runs = SCRIPTS.map((name) => ({
  name,
  ok: reportOnly
    ? existsSync(join('bench', 'results', `${name}.json`))
    : run(process.execPath, [join('bench', `${name}.mjs`)]),
}));

const cell = (value) => String(value ?? '').replaceAll('|', '\\|');
const verdict = (ok) => (ok === null || ok === undefined ? 'reported' : ok ? 'met' : '**missed**');
const lines = [
  '# Bench results',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString()} (Node ${process.version}, ${cpus().length} CPU cores,`,
  '`DATABASE_URL` PostgreSQL and `REDIS_URL` Redis on the same machine). Ratios compare with a reference measured',
  'in the same run, so they hold better than absolute figures on a shared, noisy machine.',
  '',
];
for (const { name, ok } of runs) {
  const file = join('bench', 'results', `${name}.json`);
  if (!existsSync(file)) {
    lines.push(
      `## ${name}`,
      '',
      `The script failed before reporting (exit ${ok ? 0 : 'non-zero'}); see its output.`,
      '',
    );
    continue;
  }
  const { title, checks } = JSON.parse(readFileSync(file, 'utf8'));
  lines.push(
    `## ${name}: ${title}`,
    '',
    '| figure | budget | measured | reference | ratio | verdict |',
    '|---|---|---|---|---|---|',
  );
  for (const c of checks) {
    lines.push(`| ${[c.figure, c.budget, c.measured, c.reference, c.ratio, verdict(c.ok)].map(cell).join(' | ')} |`);
  }
  lines.push('');
}
writeFileSync(join('bench', 'RESULTS.md'), lines.join('\n'));
console.log('\nbench/RESULTS.md written');
console.table(runs);
if (runs.some((r) => !r.ok)) process.exitCode = 1;
