// `npm start` on the embedded default (DESIGN.md 6): time from `npm start` with nothing to build to the first 200
// of /api/server-status, on PGlite. First start on an empty data dir (initdb, migrations, demo seed; budget 5 s),
// then a restart on the same data (budget 2 s); the same restart from `node apps/server/dist/server.js` shows
// what npm and the build check cost. Reference in the same run: a bare node:http server's time to its first
// answer (Node's own start-up).
// Usage: npm run build && node bench/startup.mjs   (the build itself is not timed: npm start finds it fresh)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, report, startServer } from './lib.mjs';
import { fmt } from './postgres.mjs';

async function bareNodeStartMs() {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [
    '-e',
    `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`,
  ]);
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  child.kill();
  return ms;
}

const NPM_START = ['npm', 'start'];
const dataDir = mkdtempSync(join(tmpdir(), 'scrimgym-startup-'));
try {
  const load = loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
  const bare = await bareNodeStartMs();
  const timed = async (command) => {
    const server = await startServer({}, { dataDir, command });
    await server.stop();
    return server.startMs;
  };
  const first = await timed(NPM_START);
  const restart = await timed(NPM_START);
  const restartNode = await timed(undefined);
  const row = (figure, ms, budgetMs) => ({
    figure,
    budget: budgetMs ? `<= ${budgetMs} ms (idle machine)` : 'reported',
    measured: `${fmt(ms, 0)} ms`,
    reference: `bare node:http ${fmt(bare, 0)} ms; load average ${load}`,
    ratio: fmt(ms / bare, 1),
    ok: budgetMs ? ms <= budgetMs : null,
  });
  report('startup', '`npm start` (nothing to build) on PGlite: spawn to the first 200 of /api/server-status', [
    row('first start, npm start (empty data dir: initdb, migrations, demo seed)', first, 5000),
    row('restart on existing data, npm start', restart, 2000),
    row('restart on existing data, node apps/server/dist/server.js', restartNode, null),
  ]);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
