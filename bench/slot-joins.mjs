// 500 users join slots of 50 scrims at the same moment on real PostgreSQL (several users per slot), through the
// HTTP API. Measures the latency of every join and checks by SQL that no slot was booked twice
// (DESIGN.md 6: zero double bookings, p99 under 100 ms).
// Usage: node bench/slot-joins.mjs   (env: DATABASE_URL, USERS=500, SCRIMS=50, ROUNDS=3, BUILD=1)
import { Agent, request } from 'node:http';
import { report } from './lib.mjs';
import { fmt, insertScrims, insertUsers, percentile, SLOTS, startBenchServer } from './postgres.mjs';

const USERS = Number(process.env.USERS ?? 500);
const SCRIMS = Number(process.env.SCRIMS ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BUDGET_P99_MS = 100;

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** One PATCH, timed from the moment it is sent to the end of the answer. */
function patch(base, path, token, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${base}${path}`, {
      method: 'PATCH',
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
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

/** The reference: the same burst of requests to GET /api/server-status (no database), timed the same way. */
async function burstOfTrivialRequests(base, count) {
  const one = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(`${base}/api/server-status`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      });
      req.on('error', reject);
      req.end();
    });
  return Promise.all(Array.from({ length: count }, one));
}

/** Random integers from a seeded generator (mulberry32), so runs are comparable. */
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

const bench = await startBenchServer();
try {
  const rows = [];
  const all = [];
  let doubleBookings = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const start = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const scrimIds = await insertScrims(bench.pool, {
      count: SCRIMS,
      from: start,
      to: new Date(start.getTime() + 60 * 60 * 1000),
    });
    const users = await insertUsers(bench.pool, { count: USERS, prefix: `round${round}` });
    const pick = random(round * 7919);
    const plan = users.map((user) => ({ user, scrimId: scrimIds[pick(SCRIMS)], slot: SLOTS[pick(SLOTS.length)] }));

    // Warm the keep-alive sockets and the server (one read per scrim), then fire every join at once.
    await Promise.all(
      scrimIds
        .slice(0, 20)
        .map((id) =>
          fetch(`${bench.url}/api/scrims/${id}`, { headers: { authorization: `Bearer ${users[0].token}` } }),
        ),
    );
    const wallStart = performance.now();
    const results = await Promise.all(
      plan.map(({ user, scrimId, slot }) =>
        patch(bench.url, `/api/scrims/${scrimId}/insert-player/${user.id}`, user.token, {
          playerData: { role: slot.role, team: { name: slot.team } },
        }),
      ),
    );
    const wallMs = performance.now() - wallStart;
    const ms = results.map((r) => r.ms);
    all.push(...ms);
    const ok = results.filter((r) => r.status === 200).length;
    const conflicts = results.filter((r) => r.status === 409).length;
    const other = results.length - ok - conflicts;

    // The database's own account: no slot with two players, one row per winner, a host iff the teams are full.
    const { rows: doubles } = await bench.pool.query(
      `select scrim_id, team, role, count(*) from scrim_participants
       where kind = 'player' and scrim_id = any($1::uuid[]) group by 1, 2, 3 having count(*) > 1`,
      [scrimIds],
    );
    const {
      rows: [{ n: booked }],
    } = await bench.pool.query(`select count(*)::int as n from scrim_participants where scrim_id = any($1::uuid[])`, [
      scrimIds,
    ]);
    const {
      rows: [{ n: badHosts }],
    } = await bench.pool.query(
      `select count(*)::int as n from scrims s
       where s.id = any($1::uuid[]) and (
         (select count(*) from scrim_participants p where p.scrim_id = s.id and p.kind = 'player') = 10) <> (s.lobby_host_id is not null)`,
      [scrimIds],
    );
    const distinctSlots = new Set(plan.map((p) => `${p.scrimId}:${p.slot.team}:${p.slot.role}`)).size;
    doubleBookings += doubles.length;
    rows.push({
      round,
      joins: results.length,
      'wanted slots': distinctSlots,
      200: ok,
      409: conflicts,
      other,
      'rows in DB': booked,
      'double bookings': doubles.length,
      'host mismatches': badHosts,
      'p50 ms': fmt(percentile(ms, 50)),
      'p99 ms': fmt(percentile(ms, 99)),
      'max ms': fmt(Math.max(...ms)),
      'wall ms': fmt(wallMs),
    });
    if (ok !== distinctSlots || booked !== ok || other > 0 || badHosts > 0) {
      console.error(
        'round',
        round,
        'inconsistent:',
        { ok, distinctSlots, booked, other, badHosts },
        results.find((r) => r.status !== 200 && r.status !== 409)?.body,
      );
      process.exitCode = 1;
    }
  }
  console.log(`\n${USERS} users joining slots of ${SCRIMS} scrims at once, ${ROUNDS} round(s), PostgreSQL`);
  console.table(rows);
  const p99 = percentile(all, 99);
  await burstOfTrivialRequests(bench.url, USERS); // warm-up
  const trivial = percentile(await burstOfTrivialRequests(bench.url, USERS), 99);
  report('slot-joins', `${USERS} concurrent slot joins over ${SCRIMS} scrims, ${ROUNDS} rounds, PostgreSQL`, [
    { figure: 'double bookings', budget: '0', measured: String(doubleBookings), ok: doubleBookings === 0 },
    {
      figure: 'join latency p99',
      budget: `< ${BUDGET_P99_MS} ms`,
      measured: `${fmt(p99)} ms (p50 ${fmt(percentile(all, 50))} ms)`,
      reference: `${USERS} concurrent GET /api/server-status: p99 ${fmt(trivial)} ms`,
      ratio: fmt(p99 / trivial, 2),
      ok: p99 < BUDGET_P99_MS,
    },
  ]);
} finally {
  agent.destroy();
  await bench.close();
}
