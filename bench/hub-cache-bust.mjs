// GET /api/scrims under a cache-busting flood: a bystander's hub load (its day of 20 scrims, sequential requests)
// measured quiet, then while another signed-in client sends 300 requests of distinct ranges (a new millisecond
// range each, over 300 different days), CONCURRENCY at a time. ROUNDS rounds (each quiet, then a flood by a new
// client over new days). Budget: the bystander's p99 under the flood within 100 ms of its quiet p99 (median of the
// rounds). Prints both, the flood's answers (200 / 429) and the load average.
// Usage: node bench/hub-cache-bust.mjs   (env: TEST_DATABASE_URL or DATABASE_URL for PostgreSQL, else PGlite with
//        the demo seed; FLOOD=300, CONCURRENCY=10, QUIET=200, ROUNDS=3, BUILD=1)
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { report, startServer } from './lib.mjs';

const FLOOD = Number(process.env.FLOOD ?? 300);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const QUIET = Number(process.env.QUIET ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DAY_SCRIMS = 20;
const BUDGET_MS = 100;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ACCEPT = 'br, gzip';

const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
// postgres.mjs reads DATABASE_URL when it loads.
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
const { ensureServerBuild, fmt, insertScrims, insertUsers, percentile, startBenchServer } =
  await import('./postgres.mjs');

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

const p = (run, q) => percentile(run.times, q);
const statuses = (map) => [...map].map(([status, n]) => `${n} × ${status}`).join(', ');

const listPath = (from, to) =>
  `/api/scrims?region=NA&startDate=${encodeURIComponent(from.toISOString())}&endDate=${encodeURIComponent(to.toISOString())}`;

/** One GET: its status and milliseconds (the whole body read). */
async function timedGet(url, token) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT } });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** Sends `paths` as the attacker, CONCURRENCY at a time, from a worker thread; resolves with the statuses. */
function floodFrom({ url, token, paths }) {
  const worker = new Worker(
    `const { parentPort, workerData: { url, token, paths, concurrency } } = require('node:worker_threads');
     const answers = new Map();
     let next = 0;
     Promise.all(Array.from({ length: concurrency }, async () => {
       while (next < paths.length) {
         const res = await fetch(url + paths[next++], { headers: { authorization: 'Bearer ' + token, 'accept-encoding': 'br, gzip' } });
         await res.arrayBuffer();
         answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
       }
     })).then(() => parentPort.postMessage([...answers]));`,
    { eval: true, workerData: { url, token, paths, concurrency: CONCURRENCY } },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (answers) => {
      resolve(new Map(answers));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The bystander loads its hub one request after another until `until()` (and at least `min` times). */
async function bystanderLoads(url, token, { min, until = () => true }) {
  const times = [];
  const statuses = new Map();
  while (times.length < min || !until()) {
    const { status, ms } = await timedGet(url, token);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    times.push(ms);
  }
  return { times, statuses };
}

/** Users and a day of 20 NA scrims, on PostgreSQL (inserted by SQL) or PGlite (through the API, demo seed). */
async function setUp(day) {
  if (databaseUrl) {
    const bench = await startBenchServer();
    const [admin] = await insertUsers(bench.pool, { count: 1, prefix: 'admin', isAdmin: true });
    const [bystander, ...attackers] = await insertUsers(bench.pool, { count: 1 + ROUNDS, prefix: 'viewer' });
    await insertScrims(bench.pool, {
      count: DAY_SCRIMS,
      from: new Date(day.getTime() + 9 * HOUR),
      to: new Date(day.getTime() + 23 * HOUR),
      createdBy: admin.id,
      withCasters: true,
    });
    await bench.pool.query('analyze');
    return { url: bench.url, bystander, attackers, database: 'PostgreSQL', close: bench.close };
  }
  ensureServerBuild();
  const server = await startServer({ NODE_ENV: 'development', SEED_DEMO: 'true' });
  try {
    const signIn = async (email) => {
      const res = await fetch(`${server.url}/api/auth/dev-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (!res.ok) throw new Error(`dev-login ${email}: ${res.status} ${await res.text()}`);
      const { token, user } = await res.json();
      return { token, id: user._id };
    };
    const admin = await signIn('admin@scrimgym.dev');
    const bystander = await signIn('faker.fan@scrimgym.dev');
    const names = ['wardbot', 'jungle.diff', 'baron.steal', 'smite.check', 'flash.on.d', 'mid.or.feed'];
    const attackers = [];
    for (const name of names.slice(0, ROUNDS)) attackers.push(await signIn(`${name}@scrimgym.dev`));
    for (let s = 0; s < DAY_SCRIMS; s++) {
      const res = await fetch(`${server.url}/api/scrims`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Cache-bust bench ${s + 1}`,
          region: 'NA',
          gameStartTime: new Date(day.getTime() + 9 * HOUR + s * 40 * 60_000).toISOString(),
          isWithCasters: true,
        }),
      });
      if (!res.ok) throw new Error(`POST /api/scrims: ${res.status} ${await res.text()}`);
    }
    return { url: server.url, bystander, attackers, database: 'PGlite', close: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

// The hub's day two days ahead (UTC), clear of the demo's scrims; the bystander's browser is at UTC-05:00.
const day = new Date();
day.setUTCHours(0, 0, 0, 0);
day.setTime(day.getTime() + 2 * DAY);
const app = await setUp(day);
const rounds = [];
try {
  const hub = `${app.url}${listPath(new Date(day.getTime() + 5 * HOUR), new Date(day.getTime() + 29 * HOUR))}`;
  const first = await fetch(hub, { headers: { authorization: `Bearer ${app.bystander.token}` } });
  const scrims = await first.json();
  if (first.status !== 200 || scrims.length < DAY_SCRIMS) {
    throw new Error(`bystander's hub: ${first.status}, ${scrims.length} scrims (expected ${DAY_SCRIMS} or more)`);
  }
  // Warm up (JIT, connections).
  await bystanderLoads(hub, app.bystander.token, { min: 50 });
  for (const [round, attacker] of app.attackers.entries()) {
    const loadQuiet = load();
    const quiet = await bystanderLoads(hub, app.bystander.token, { min: QUIET });
    // The flood: a distinct range per request, each over a day of its own (going back from the hub's day, new
    // days each round) and off by some milliseconds, CONCURRENCY at a time, while the bystander loads its hub.
    const ranges = Array.from({ length: FLOOD }, (_, i) => {
      const from = new Date(day.getTime() - (round * FLOOD + i + 1) * DAY + 17 * i + 1);
      return listPath(from, new Date(from.getTime() + DAY - 3 * i));
    });
    // The flood runs in a worker thread: another client, whose event loop does not delay the bystander's.
    let done = false;
    const started = performance.now();
    const attack = floodFrom({ url: app.url, token: attacker.token, paths: ranges }).finally(() => {
      done = true;
    });
    const during = bystanderLoads(hub, app.bystander.token, { min: 20, until: () => done });
    const [answers, flooded] = await Promise.all([attack, during]);
    const flood = { ms: performance.now() - started, answers };
    rounds.push({ quiet, flooded, flood, loads: `${loadQuiet} → ${load()}` });
    console.log(
      `round ${round + 1} (${app.database}): quiet p50 ${fmt(p(quiet, 50))} ms, p99 ${fmt(p(quiet, 99))} ms ` +
        `(${quiet.times.length} loads); during the flood p50 ${fmt(p(flooded, 50))} ms, p99 ${fmt(p(flooded, 99))} ms ` +
        `(${flooded.times.length} loads, ${statuses(flooded.statuses)}); flood ${FLOOD} requests in ` +
        `${fmt(flood.ms, 0)} ms: ${statuses(flood.answers)}; load average ${loadQuiet} → ${load()}`,
    );
  }
} finally {
  await app.close();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const deltas = rounds.map((r) => p(r.flooded, 99) - p(r.quiet, 99));
const bystanderOk = rounds.every((r) => [...r.flooded.statuses.keys()].every((status) => status === 200));
const perRound = (f) => rounds.map(f).join(' | ');
report(
  'hub-cache-bust',
  `GET /api/scrims: a bystander's hub during ${FLOOD} distinct-range requests (${app.database})`,
  [
    {
      figure: `bystander's hub (${DAY_SCRIMS} scrims), p99 during ${FLOOD} distinct ranges (${CONCURRENCY} at a time), ${ROUNDS} rounds`,
      budget: `<= quiet p99 + ${BUDGET_MS} ms (median of rounds), every load 200`,
      measured: perRound((r) => `p50 ${fmt(p(r.flooded, 50))} ms, p99 ${fmt(p(r.flooded, 99))} ms`),
      reference: perRound((r) => `quiet p50 ${fmt(p(r.quiet, 50))} ms, p99 ${fmt(p(r.quiet, 99))} ms; load ${r.loads}`),
      ratio: `median +${fmt(median(deltas))} ms (${deltas.map((d) => fmt(d)).join(', ')})`,
      ok: bystanderOk && median(deltas) <= BUDGET_MS,
    },
    {
      figure: `the flood's answers (${FLOOD} distinct ranges from one user)`,
      budget: 'reported',
      measured: perRound((r) => `${statuses(r.flood.answers)} in ${fmt(r.flood.ms, 0)} ms`),
      ok: null,
    },
  ],
);
