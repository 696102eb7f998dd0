// 500 users join slots of 50 scrims at the same moment (several users per slot) through the HTTP API of the built
// server, against a reference measured in the same run: the same 500 claims as one raw SQL statement each
// (insert … on conflict do nothing) in `pg` with a pool of 20, same distribution. 3 interleaved rounds (app,
// reference, app, …), on fresh scrims and users each time. Every round is checked by SQL: no slot booked twice,
// no join lost (each 200 has its row, each wanted slot one row). The joining players have the page open (their
// sessions are read just before, as the web app does on load, so they are in the session cache). Also measured:
// a cold session's lookup alone (the same burst from new users, refused before any other query), the app's own
// statement from the raw pool, and one reported round on PGlite.
// Usage: node bench/slot-joins.mjs   (run `npm run build` first; env: DATABASE_URL, USERS=500, SCRIMS=50,
// ROUNDS=3, PGLITE=0 to skip the PGlite round)
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { report, startServer } from './lib.mjs';
import { fmt, insertScrims, insertUsers, percentile, SLOTS, startBenchServer } from './postgres.mjs';

const USERS = Number(process.env.USERS ?? 500);
const SCRIMS = Number(process.env.SCRIMS ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const POOL = 20;
const BUDGET_P99_RATIO = 1.5;
const BUDGET_RATE_RATIO = 0.8;

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** One HTTP request, timed from the moment it is sent to the end of the answer. */
function call(base, method, path, token, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${base}${path}`, {
      method,
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
      },
    });
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, ms: performance.now() - started, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Random integers from a seeded generator (mulberry32): both sides of a round get the same distribution. */
function random(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

/** Fresh scrims and users, and who claims which slot of which scrim (the same for a round's two sides). */
async function fixture(db, round, side) {
  const start = new Date(Date.now() + 2 * 60 * 60 * 1000);
  const scrimIds = await insertScrims(db, { count: SCRIMS, from: start, to: new Date(start.getTime() + 3_600_000) });
  const users = await insertUsers(db, { count: USERS, prefix: `${side}${round}` });
  // Statistics as autovacuum keeps them in service: a plan made while the fresh database's tables were near empty
  // (a hash join over every user for each scrim's players) would otherwise decide the figure, at random.
  await db.query('analyze');
  const pick = random(round * 7919);
  const plan = users.map((user) => ({ user, scrimId: scrimIds[pick(SCRIMS)], slot: SLOTS[pick(SLOTS.length)] }));
  return { scrimIds, plan };
}

/**
 * The database's own account of a burst: slots with two players (double bookings), winners without their row or
 * wanted slots without any (lost joins), full scrims without a host among their players or others with one.
 */
async function audit(db, { scrimIds, plan }, won) {
  const { rows } = await db.query(
    `select scrim_id, user_id, team::text, role::text from scrim_participants where scrim_id = any($1::uuid[])`,
    [scrimIds],
  );
  const bySlot = new Map();
  for (const r of rows) {
    const key = `${r.scrim_id}:${r.team}:${r.role}`;
    bySlot.set(key, [...(bySlot.get(key) ?? []), r.user_id]);
  }
  const wanted = new Set(plan.map((p) => `${p.scrimId}:${p.slot.team}:${p.slot.role}`));
  const doubles = [...bySlot.values()].filter((users) => users.length > 1).length;
  const stored = new Set(rows.map((r) => `${r.scrim_id}:${r.team}:${r.role}:${r.user_id}`));
  const lostWinners = won.filter((p) => !stored.has(`${p.scrimId}:${p.slot.team}:${p.slot.role}:${p.user.id}`));
  const emptyWanted = [...wanted].filter((key) => !bySlot.has(key)).length;
  const {
    rows: [{ n: badHosts }],
  } = await db.query(
    `select count(*)::int as n from scrims s
     where s.id = any($1::uuid[]) and (
       (select count(*) from scrim_participants p where p.scrim_id = s.id and p.kind = 'player') = 10)
       <> (s.lobby_host_id is not null and exists (select 1 from scrim_participants p
             where p.scrim_id = s.id and p.user_id = s.lobby_host_id and p.kind = 'player'))`,
    [scrimIds],
  );
  return {
    wanted: wanted.size,
    rows: rows.length,
    doubles: doubles + Math.max(0, rows.length - won.length),
    lost: lostWinners.length + emptyWanted,
    badHosts,
  };
}

/** The app: every join at once through the HTTP API. */
async function appBurst(base, { plan }) {
  // Each player has the page open before clicking: their session was read moments ago (GET /api/auth/session, as
  // the web app does on load), so the join finds it in the session cache. A cold session's cost is measured apart
  // ("session only").
  await Promise.all(plan.map(({ user }) => call(base, 'GET', '/api/auth/session', user.token)));
  const started = performance.now();
  const results = await Promise.all(
    plan.map(({ user, scrimId, slot }) =>
      call(base, 'PATCH', `/api/scrims/${scrimId}/insert-player/${user.id}`, user.token, {
        playerData: { role: slot.role, team: { name: slot.team } },
      }),
    ),
  );
  const wallMs = performance.now() - started;
  const other = results.filter((r) => r.status !== 200 && r.status !== 409);
  if (other.length) console.error('unexpected answers:', other.length, other[0].body);
  return { ms: results.map((r) => r.ms), wallMs, won: plan.filter((_, i) => results[i].status === 200), other };
}

/** The reference: the same claims, one raw statement each, through a pool of 20. */
async function claimBurst(pool, { plan }) {
  const started = performance.now();
  const results = await Promise.all(
    plan.map(async ({ user, scrimId, slot }) => {
      const t = performance.now();
      const { rows } = await pool.query({
        name: 'bench_claim',
        text: `insert into scrim_participants (scrim_id, user_id, kind, team, role)
               values ($1, $2, 'player', $3, $4) on conflict do nothing returning user_id`,
        values: [scrimId, user.id, slot.team, slot.role],
      });
      return { ms: performance.now() - t, won: rows.length === 1 };
    }),
  );
  const wallMs = performance.now() - started;
  return { ms: results.map((r) => r.ms), wallMs, won: plan.filter((_, i) => results[i].won), other: [] };
}

/**
 * Where the time goes: the app's own statement (scrim_slot_change, which also builds the scrim's JSON) sent from
 * the same raw pool, without HTTP, session or Node's work around it.
 */
async function statementBurst(pool, { plan }) {
  const started = performance.now();
  const results = await Promise.all(
    plan.map(async ({ user, scrimId, slot }) => {
      const t = performance.now();
      const { rows } = await pool.query({
        name: 'bench_slot_change',
        text: `select scrim_slot_change('join', $1, $2, $3::team, $4::role, false) as result`,
        values: [scrimId, user.id, slot.team, slot.role],
      });
      return { ms: performance.now() - t, won: rows[0].result.refusal === null };
    }),
  );
  const wallMs = performance.now() - started;
  return { ms: results.map((r) => r.ms), wallMs, won: plan.filter((_, i) => results[i].won), other: [] };
}

/**
 * A cold session's lookup alone: the same burst of authenticated requests from users not seen before, each
 * refused (400) before any other query.
 */
async function sessionBurst(base, users) {
  const started = performance.now();
  const results = await Promise.all(users.map((u) => call(base, 'GET', '/api/scrims/not-a-uuid', u.token)));
  const wallMs = performance.now() - started;
  if (results.some((r) => r.status !== 400)) console.error('session burst: unexpected', results[0].status);
  return { ms: results.map((r) => r.ms), wallMs };
}

const summary = (side, round, burst, account) => ({
  side,
  round,
  200: burst.won.length,
  'wanted slots': account?.wanted ?? '',
  'rows in DB': account?.rows ?? '',
  'double bookings': account?.doubles ?? '',
  'lost joins': account?.lost ?? '',
  'host mismatches': account?.badHosts ?? '',
  'p50 ms': fmt(percentile(burst.ms, 50)),
  'p99 ms': fmt(percentile(burst.ms, 99)),
  'joins/s': fmt((burst.ms.length * 1000) / burst.wallMs, 0),
  load: load(),
});

const rows = [];
const all = { app: [], claim: [], statement: [], session: [] };
const walls = { app: 0, claim: 0, statement: 0, session: 0 };
let doubleBookings = 0;
let lostJoins = 0;
let inconsistent = 0;
const loads = [];

const bench = await startBenchServer();
const claimPool = new pg.Pool({ connectionString: bench.databaseUrl, max: POOL });
claimPool.on('error', () => {});
try {
  // Warm both sides with a whole burst each: the server (JIT, pool, prepared statements), the raw pool.
  await appBurst(bench.url, await fixture(bench.pool, 0, 'warmapp'));
  await claimBurst(claimPool, await fixture(bench.pool, 0, 'warmclaim'));
  await statementBurst(claimPool, await fixture(bench.pool, 0, 'warmstatement'));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const side of ['app', 'claim', 'statement']) {
      const f = await fixture(bench.pool, round, side);
      loads.push(loadavg()[0]);
      const burst =
        side === 'app'
          ? await appBurst(bench.url, f)
          : side === 'claim'
            ? await claimBurst(claimPool, f)
            : await statementBurst(claimPool, f);
      const account = await audit(bench.pool, f, burst.won);
      all[side].push(...burst.ms);
      walls[side] += burst.wallMs;
      doubleBookings += account.doubles;
      lostJoins += account.lost;
      if (account.doubles || account.lost || (side !== 'claim' && account.badHosts) || burst.other.length)
        inconsistent++;
      rows.push(summary(side, round, burst, account));
    }
    const sessionUsers = await insertUsers(bench.pool, { count: USERS, prefix: `session${round}` });
    const burst = await sessionBurst(bench.url, sessionUsers);
    all.session.push(...burst.ms);
    walls.session += burst.wallMs;
    rows.push({ ...summary('session only', round, { ...burst, won: [] }, null), 200: '' });
  }
} finally {
  await claimPool.end();
  await bench.close();
}

// The embedded default: the built server on PGlite in a temporary data directory (one round, reported only).
let pglite = null;
if (process.env.PGLITE !== '0') {
  const { PGlite } = await import('@electric-sql/pglite');
  const dataDir = mkdtempSync(join(tmpdir(), 'scrimgym-slots-'));
  const env = { SEED_DEMO: 'false', NODE_ENV: 'production', PUBLIC_URL: 'http://localhost', LOG_LEVEL: 'warn' };
  try {
    // Started once to migrate; the fixture is written while it is stopped (PGlite has one user at a time).
    await (await startServer(env, { dataDir })).stop();
    let db = await PGlite.create(dataDir);
    const warm = await fixture(db, 0, 'pglitewarm');
    const f = await fixture(db, 1, 'pglite');
    await db.close();
    const server = await startServer(env, { dataDir });
    let burst;
    try {
      await appBurst(server.url, { plan: warm.plan.slice(0, 100) });
      burst = await appBurst(server.url, f);
    } finally {
      await server.stop();
    }
    db = await PGlite.create(dataDir);
    const account = await audit(db, f, burst.won);
    await db.close();
    doubleBookings += account.doubles;
    lostJoins += account.lost;
    if (account.badHosts || burst.other.length) inconsistent++;
    rows.push(summary('app on PGlite', 1, burst, account));
    pglite = { burst, account };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
agent.destroy();

console.log(`\n${USERS} users joining slots of ${SCRIMS} scrims at once, ${ROUNDS} interleaved rounds, PostgreSQL`);
console.table(rows);

const p99 = Object.fromEntries(Object.entries(all).map(([side, ms]) => [side, percentile(ms, 99)]));
const rate = (side) => (all[side].length * 1000) / walls[side];
const loadText = `load average ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} (1 min)`;
const p99Ratio = p99.app / p99.claim;
const rateRatio = rate('app') / rate('claim');
// The gap between a join and the raw claim (wall time of a burst), and what explains it: the app's statement itself
// (its rules and the scrim's JSON) against the bare insert; and, for scale, what a cold session lookup would add.
const gap = walls.app - walls.claim;
const sessionShare = walls.session / gap;
const statementShare = (walls.statement - walls.claim) / gap;
report(
  'slot-joins',
  `${USERS} concurrent slot joins over ${SCRIMS} scrims, ${ROUNDS} interleaved rounds against a raw claim, PostgreSQL`,
  [
    {
      figure: 'join latency p99',
      budget: `≤ ${BUDGET_P99_RATIO} × the claim's`,
      measured: `${fmt(p99.app)} ms (p50 ${fmt(percentile(all.app, 50))} ms)`,
      reference: `raw claim, pool of ${POOL}: p99 ${fmt(p99.claim)} ms (p50 ${fmt(percentile(all.claim, 50))} ms); ${loadText}`,
      ratio: fmt(p99Ratio, 2),
      ok: p99Ratio <= BUDGET_P99_RATIO,
    },
    {
      figure: 'joins/s',
      budget: `≥ ${BUDGET_RATE_RATIO} × the claim's`,
      measured: fmt(rate('app'), 0),
      reference: `raw claim: ${fmt(rate('claim'), 0)}/s; ${loadText}`,
      ratio: fmt(rateRatio, 2),
      ok: rateRatio >= BUDGET_RATE_RATIO,
    },
    {
      figure: 'double bookings / lost joins (every round, by SQL)',
      budget: '0 / 0',
      measured: `${doubleBookings} / ${lostJoins}${inconsistent ? ` (${inconsistent} inconsistent rounds)` : ''}`,
      ok: doubleBookings === 0 && lostJoins === 0 && inconsistent === 0,
    },
    {
      figure: "a cold session's lookup alone (same burst from users not seen before, refused before any other query)",
      budget: 'reported',
      measured: `p99 ${fmt(p99.session)} ms, ${fmt(rate('session'), 0)} requests/s`,
      reference: `not paid by the joins above (their players' sessions are cached); its wall time is ${fmt(sessionShare * 100, 0)} % of the gap`,
      ok: null,
    },
    {
      figure: "the app's statement (scrim_slot_change) from the raw pool",
      budget: 'reported',
      measured: `p99 ${fmt(p99.statement)} ms, ${fmt(rate('statement'), 0)} joins/s`,
      reference: `its extra wall time over the claim is ${fmt(statementShare * 100, 0)} % of the gap`,
      ok: null,
    },
    ...(pglite
      ? [
          {
            figure: 'joins on PGlite (embedded default, one round)',
            budget: 'reported',
            measured: `p99 ${fmt(percentile(pglite.burst.ms, 99))} ms, ${fmt((pglite.burst.ms.length * 1000) / pglite.burst.wallMs, 0)} joins/s`,
            ok: null,
          },
        ]
      : []),
  ],
);
