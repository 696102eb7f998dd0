// `npm start` on the embedded default: time from spawning the built server to its first answer, on PGlite.
// First start on an empty data dir (initdb, migrations, demo seed), then a restart on the same data. Reference
// in the same run: a bare node:http server's time to its first answer (Node's own start-up).
// Usage: npm run build && node bench/startup.mjs   (the build itself is not timed)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const dataDir = mkdtempSync(join(tmpdir(), 'scrimgym-startup-'));
try {
  const bare = await bareNodeStartMs();
  const fresh = await startServer({}, { dataDir });
  await fresh.stop();
  const again = await startServer({}, { dataDir });
  await again.stop();
  report('startup', 'npm start on PGlite: spawn to first answer of /api/server-status', [
    {
      figure: 'first start (empty data dir: initdb, migrations, demo seed)',
      budget: 'reported',
      measured: `${fmt(fresh.startMs, 0)} ms`,
      reference: `bare node:http ${fmt(bare, 0)} ms`,
      ratio: fmt(fresh.startMs / bare, 1),
      ok: null,
    },
    {
      figure: 'restart on existing data',
      budget: 'reported',
      measured: `${fmt(again.startMs, 0)} ms`,
      reference: `bare node:http ${fmt(bare, 0)} ms`,
      ratio: fmt(again.startMs / bare, 1),
      ok: null,
    },
  ]);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
