// GET /api/scrims under a cache-busting flood: a bystander's hub load (its day of 20 scrims, sequential requests)
// measured quiet, then while another signed-in client sends 300 requests of distinct ranges (a new millisecond
// range each, over 300 different days), CONCURRENCY at a time. Budget: the bystander's p99 under the flood within
// 100 ms of its quiet p99. Prints both, the flood's answers (200 / 429) and the load average.
// Usage: node bench/hub-cache-bust.mjs   (env: TEST_DATABASE_URL or DATABASE_URL for PostgreSQL, else PGlite with
//        the demo seed; FLOOD=300, CONCURRENCY=10, QUIET=200, BUILD=1)
import { loadavg } from 'node:os';
import { report, startServer } from './lib.mjs';

const FLOOD = Number(process.env.FLOOD ?? 300);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const QUIET = Number(process.env.QUIET ?? 200);
const DAY_SCRIMS = 20;
const BUDGET_MS = 100;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ACCEPT = 'br, gzip';

const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
// postgres.mjs reads DATABASE_URL when it loads.
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
const { ensureServerBuild, fmt, insertScrims, insertUsers, percentile, startBenchServer } = await import(
  './postgres.mjs'
);

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

const listPath = (from, to) =>
  `/api/scrims?region=NA&startDate=${encodeURIComponent(from.toISOString())}&endDate=${encodeURIComponent(to.toISOString())}`;

/** One GET: its status and milliseconds (the whole body read). */
async function timedGet(url, token) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT } });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
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
    const [bystander, attacker] = await insertUsers(bench.pool, { count: 2, prefix: 'viewer' });
    await insertScrims(bench.pool, {
      count: DAY_SCRIMS,
      from: new Date(day.getTime() + 9 * HOUR),
      to: new Date(day.getTime() + 23 * HOUR),
      createdBy: admin.id,
      withCasters: true,
    });
    await bench.pool.query('analyze');
    return { url: bench.url, bystander, attacker, database: 'PostgreSQL', close: bench.close };
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
    const attacker = await signIn('wardbot@scrimgym.dev');
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
    return { url: server.url, bystander, attacker, database: 'PGlite', close: () => server.stop() };
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
let quiet;
let flooded;
let flood;
const loads = {};
try {
  const hub = `${app.url}${listPath(new Date(day.getTime() + 5 * HOUR), new Date(day.getTime() + 29 * HOUR))}`;
  const first = await fetch(hub, { headers: { authorization: `Bearer ${app.bystander.token}` } });
  const scrims = await first.json();
  if (first.status !== 200 || scrims.length < DAY_SCRIMS) {
    throw new Error(`bystander's hub: ${first.status}, ${scrims.length} scrims (expected ${DAY_SCRIMS} or more)`);
  }
  // Warm up (JIT, connections), then quiet.
  await bystanderLoads(hub, app.bystander.token, { min: 50 });
  loads.quiet = load();
  quiet = await bystanderLoads(hub, app.bystander.token, { min: QUIET });

  // The flood: a distinct range per request, each over a day of its own (a year back from the hub's day) and
  // off by some milliseconds, CONCURRENCY at a time, while the bystander keeps loading its hub.
  const ranges = Array.from({ length: FLOOD }, (_, i) => {
    const from = new Date(day.getTime() - (i + 1) * DAY + 17 * i + 1);
    return listPath(from, new Date(from.getTime() + DAY - 3 * i));
  });
  const answers = new Map();
  let done = false;
  let next = 0;
  const started = performance.now();
  const attack = Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ranges.length) {
        const { status } = await timedGet(`${app.url}${ranges[next++]}`, app.attacker.token);
        answers.set(status, (answers.get(status) ?? 0) + 1);
      }
    }),
  ).then(() => {
    done = true;
  });
  const during = bystanderLoads(hub, app.bystander.token, { min: 20, until: () => done });
  await attack;
  flood = { ms: performance.now() - started, answers };
  loads.flood = load();
  flooded = await during;
} finally {
  await app.close();
}

const p = (run, q) => percentile(run.times, q);
const statuses = (map) => [...map].map(([status, n]) => `${n} × ${status}`).join(', ');
console.log(
  `${app.database}: quiet p50 ${fmt(p(quiet, 50))} ms, p99 ${fmt(p(quiet, 99))} ms (${quiet.times.length} loads); ` +
    `during the flood p50 ${fmt(p(flooded, 50))} ms, p99 ${fmt(p(flooded, 99))} ms (${flooded.times.length} loads, ` +
    `${statuses(flooded.statuses)}); flood ${FLOOD} requests in ${fmt(flood.ms, 0)} ms: ${statuses(flood.answers)}; ` +
    `load average quiet ${loads.quiet}, after the flood ${loads.flood}`,
);
const bystanderOk = [...flooded.statuses.keys()].every((status) => status === 200);
report('hub-cache-bust', `GET /api/scrims: a bystander's hub during ${FLOOD} distinct-range requests (${app.database})`, [
  {
    figure: `bystander's hub (${DAY_SCRIMS} scrims), p99 during ${FLOOD} distinct ranges (${CONCURRENCY} at a time)`,
    budget: `<= quiet p99 + ${BUDGET_MS} ms, every load 200`,
    measured: `p50 ${fmt(p(flooded, 50))} ms, p99 ${fmt(p(flooded, 99))} ms (${statuses(flooded.statuses)})`,
    reference: `quiet p50 ${fmt(p(quiet, 50))} ms, p99 ${fmt(p(quiet, 99))} ms; load average ${loads.quiet} → ${loads.flood}`,
    ratio: `+${fmt(p(flooded, 99) - p(quiet, 99))} ms`,
    ok: bystanderOk && p(flooded, 99) - p(quiet, 99) <= BUDGET_MS,
  },
  {
    figure: `the flood's answers (${FLOOD} distinct ranges from one user)`,
    budget: 'reported',
    measured: `${statuses(flood.answers)} in ${fmt(flood.ms, 0)} ms`,
    ok: null,
  },
]);
