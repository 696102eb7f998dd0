// A bystander during an HTTP attack (no request stalls the process): GET /api/server-status answers within
// 100 ms more than without the attack. Measured in one run on the built server (PostgreSQL): the bystander's
// sequential requests without the attack, then again while ATTACKERS clients (a worker thread, so their own work
// is not this process's) send, back to back, a million `[` and 2 MB of nested JSON to a signed-in and a visitor
// route, near-limit JSON (long arrays, many keys) and a 2 MB image to a scrim the sender may not change.
// Usage: node bench/attack-http.mjs   (env: DATABASE_URL, ATTACKERS=4, REQUESTS=300)
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { report } from './lib.mjs';
import { fmt, insertScrims, insertUsers, percentile, startBenchServer } from './postgres.mjs';

const ATTACKERS = Number(process.env.ATTACKERS ?? 4);
const REQUESTS = Number(process.env.REQUESTS ?? 300);
const BUDGET_EXTRA_MS = 100;

/** Sequential bystander requests over one keep-alive connection; their latencies in ms. */
async function bystander(url, count) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await new Promise((resolve, reject) => {
      request(`${url}/api/server-status`, { agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      })
        .on('error', reject)
        .end();
    });
    latencies.push(performance.now() - started);
  }
  agent.destroy();
  return latencies;
}

/**
 * The attackers, in a worker: each loops over the attack requests until told to stop, each request on its own
 * connection, writing the body in 64 KB chunks until the answer comes (as a client that is refused early would).
 */
function startAttackers({ url, token, scrimId }) {
  const worker = new Worker(
    `const { request } = require('node:http');
     const { parentPort, workerData } = require('node:worker_threads');
     const { url, token, scrimId, attackers } = workerData;
     const { hostname, port } = new URL(url);
     const signedIn = { authorization: 'Bearer ' + token };
     const open = Buffer.from('['.repeat(1000000));
     const closed = Buffer.from('['.repeat(1000000) + ']'.repeat(1000000));
     const array = Buffer.from('{"text":[' + '0,'.repeat(31000) + '0]}');
     const keys = Buffer.from('{"text":{' + Array.from({ length: 5000 }, (_, i) => '"k' + i + '":1').join(',') + '}}');
     const image = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2 * 1024 * 1024 - 8, 7)]);
     const json = { 'content-type': 'application/json' };
     const attacks = [
       ['POST', '/api/messages', { ...signedIn, ...json }, open],
       ['POST', '/api/auth/dev-login', json, closed],
       ['POST', '/api/messages', { ...signedIn, ...json }, array],
       ['POST', '/api/riot/callback/not-the-secret', json, keys],
       ['PUT', '/api/auth/update-user', { ...signedIn, ...json }, closed],
       ['PATCH', '/api/scrims/' + scrimId + '/add-image', { ...signedIn, 'content-type': 'image/png' }, image],
       ['POST', '/api/admin/banUser', { ...signedIn, ...json }, array],
     ];
     const statuses = {};
     let running = true;
     parentPort.on('message', () => { running = false; });
     function drained(req) {
       return new Promise((resolve) => {
         const done = () => { req.off('drain', done); req.off('close', done); resolve(); };
         req.on('drain', done).on('close', done);
       });
     }
     function send([method, path, headers, body]) {
       return new Promise((resolve) => {
         let answered = false;
         const req = request({ hostname, port, method, path, agent: false, headers: { ...headers, 'content-length': body.length } });
         req.on('response', (res) => { answered = true; statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1; res.resume(); res.on('end', resolve); res.on('error', resolve); });
         req.on('error', () => { if (!answered) { statuses.error = (statuses.error ?? 0) + 1; resolve(); } });
         (async () => {
           for (let at = 0; at < body.length && !answered && !req.destroyed; at += 65536) {
             if (!req.write(body.subarray(at, at + 65536))) await drained(req);
           }
           if (!answered && !req.destroyed) req.end();
         })();
       });
     }
     async function attacker(index) {
       for (let i = index; running; i++) await send(attacks[i % attacks.length]);
     }
     parentPort.postMessage('ready');
     Promise.all(Array.from({ length: attackers }, (_, i) => attacker(i))).then(() => parentPort.postMessage(statuses));`,
    { eval: true, workerData: { url, token, scrimId, attackers: ATTACKERS } },
  );
  return {
    ready: once(worker, 'message'),
    async stop() {
      worker.postMessage('stop');
      const [statuses] = await once(worker, 'message');
      await worker.terminate();
      return statuses;
    },
  };
}

const server = await startBenchServer();
try {
  const [user] = await insertUsers(server.pool, { count: 1, prefix: 'attacker' });
  const start = new Date(Date.now() - 60 * 60 * 1000);
  const [scrimId] = await insertScrims(server.pool, { count: 1, from: start, to: new Date(start.getTime() + 1000) });

  await bystander(server.url, 50); // warm-up
  const quiet = await bystander(server.url, REQUESTS);
  const loadQuiet = loadavg()[0];

  const attackers = startAttackers({ url: server.url, token: user.token, scrimId });
  await attackers.ready;
  await new Promise((r) => setTimeout(r, 500)); // the attack under way
  const attackedStarted = performance.now();
  const attacked = await bystander(server.url, REQUESTS);
  const attackSeconds = (performance.now() - attackedStarted) / 1000;
  const statuses = await attackers.stop();
  const loadAttacked = loadavg()[0];

  const attacks = Object.values(statuses).reduce((a, b) => a + b, 0);
  const p = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
  const [q, a] = [p(quiet), p(attacked)];
  console.table([
    {
      bystander: 'quiet',
      requests: quiet.length,
      'p50 ms': fmt(q.p50, 2),
      'p99 ms': fmt(q.p99, 2),
      load1: fmt(loadQuiet, 2),
    },
    {
      bystander: `${ATTACKERS} attackers`,
      requests: attacked.length,
      'p50 ms': fmt(a.p50, 2),
      'p99 ms': fmt(a.p99, 2),
      load1: fmt(loadAttacked, 2),
    },
  ]);
  console.log('attack answers by status:', statuses);
  report(
    'attack-http',
    `Bystander GET /api/server-status during an HTTP attack: ${ATTACKERS} attackers, ${attacks} attack requests in ${fmt(attackSeconds)} s (nested JSON, near-limit bodies, a 2 MB image); load average ${fmt(loadQuiet, 2)} quiet, ${fmt(loadAttacked, 2)} attacked`,
    [
      {
        figure: 'bystander p50 under attack',
        budget: `< quiet + ${BUDGET_EXTRA_MS} ms`,
        measured: `${fmt(a.p50, 2)} ms`,
        reference: `quiet ${fmt(q.p50, 2)} ms`,
        ratio: fmt(a.p50 / q.p50, 2),
        ok: a.p50 - q.p50 < BUDGET_EXTRA_MS,
      },
      {
        figure: 'bystander p99 under attack',
        budget: `< quiet + ${BUDGET_EXTRA_MS} ms`,
        measured: `${fmt(a.p99, 2)} ms`,
        reference: `quiet ${fmt(q.p99, 2)} ms`,
        ratio: fmt(a.p99 / q.p99, 2),
        ok: a.p99 - q.p99 < BUDGET_EXTRA_MS,
      },
      {
        figure: 'attack answers (status: count)',
        budget: 'reported',
        measured: Object.entries(statuses)
          .map(([status, count]) => `${status}: ${count}`)
          .join(', '),
        ok: null,
      },
    ],
  );
} finally {
  await server.close();
}
process.exit();
