// Shared pieces of the bench scripts: start the built server on a throwaway PGlite, launch Chromium.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts apps/server/dist/server.js (run `npm run build` first) on a fresh PGlite with the demo seed (or on
 * `dataDir`, which is then kept). `startMs`: from spawn to the first answer of /api/server-status. `command`:
 * what to spawn instead (e.g. `['npm', 'start']`).
 */
export async function startServer(env = {}, { dataDir: keptDir, command } = {}) {
  const port = await freePort();
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'scrimgym-bench-'));
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS: Node options for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const [file, ...args] = command ?? [process.execPath, ...nodeArgs, 'apps/server/dist/server.js'];
  const child = spawn(file, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', command ? 'ignore' : 'inherit', 'inherit'],
    // A command (npm → sh → node) runs in its own process group, so stop() ends the server too, not just npm.
    detached: Boolean(command),
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      const res = await fetch(`${url}/api/server-status`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - started;
  return {
    url,
    startMs,
    async stop() {
      const exited = child.exitCode === null ? new Promise((r) => child.once('exit', r)) : Promise.resolve();
      if (command) process.kill(-child.pid, 'SIGTERM');
      else child.kill('SIGTERM');
      await exited;
      // The next start may reuse the data dir: wait until nothing answers on the port any more.
      for (;;) {
        try {
          await fetch(`${url}/api/server-status`, { signal: AbortSignal.timeout(500) });
        } catch {
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Prints a bench's checks and stores them in bench/results/<name>.json for `npm run bench` to gather into
 * bench/RESULTS.md. A check: { figure, budget, measured, reference?, ratio?, ok } (ok null: reported only).
 * Sets a failing exit code when a budget is missed.
 */
export function report(name, title, checks) {
  const dir = join(process.cwd(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${name}.json`),
    JSON.stringify({ name, title, at: new Date().toISOString(), checks }, null, 2),
  );
  console.log(`\n${title}`);
  console.table(checks);
  if (checks.some((check) => check.ok === false)) process.exitCode = 1;
}

/**
 * The reference of the API benches: a bare node:http server in a worker thread of this process, answering each
 * path with its bytes from memory as JSON (with their Content-Encoding, and the headers our API sends with them).
 * `routes`: { '/path': { body: Buffer | string, encoding?: 'br' | 'gzip' | null } }. `stop()` closes it.
 */
export async function startBytesServer(routes) {
  const worker = new Worker(
    `const { createServer } = require('node:http');
     const { parentPort, workerData } = require('node:worker_threads');
     const routes = new Map(Object.entries(workerData).map(([path, r]) => {
       const body = Buffer.from(r.body);
       return [path, { body, headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length,
         'cache-control': 'private, no-cache', vary: 'Accept-Encoding, Cookie, Authorization',
         ...(r.encoding && { 'content-encoding': r.encoding }) } }];
     }));
     const server = createServer((req, res) => {
       const route = routes.get(req.url);
       if (!route) { res.writeHead(404); return res.end(); }
       res.writeHead(200, route.headers);
       res.end(route.body);
     });
     server.keepAliveTimeout = 60000;
     server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
     parentPort.on('message', () => server.close(() => process.exit(0)));`,
    { eval: true, workerData: routes },
  );
  const [port] = await once(worker, 'message');
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((r) => {
        worker.once('exit', r);
        worker.postMessage('stop');
      }),
  };
}
