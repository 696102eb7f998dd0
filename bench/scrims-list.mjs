// GET /api/scrims for a day with 200 full scrims on real PostgreSQL, against the same JSON served from memory,
// measured in the same run (DESIGN.md 6: p99 < 50 ms at 50 connections, throughput ratio >= 0.30).
// Usage: node bench/scrims-list.mjs   (env: DATABASE_URL, CONNECTIONS=50, DURATION=10, SCRIMS=200, BUILD=1)
import { report, startMemoryReference } from './lib.mjs';
import { fmt, insertScrims, insertUsers, loadAutocannon, SLOTS, startBenchServer } from './postgres.mjs';

const autocannon = loadAutocannon();
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const SCRIMS = Number(process.env.SCRIMS ?? 200);
const BUDGET = { p99Ms: 50, ratio: 0.3 };

function load(url, headers, duration) {
  // A 30 s timeout, so that slow answers count with their real latency instead of being dropped.
  return autocannon({ url, connections: CONNECTIONS, duration, headers, pipelining: 1, timeout: 30 });
}

const bench = await startBenchServer();
let reference;
try {
  // A day (UTC) with SCRIMS public NA scrims, each with ten players, a lobby host and, every other one, a caster.
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  const from = new Date(day.getTime() + 60 * 60 * 1000);
  const to = new Date(day.getTime() + 23 * 60 * 60 * 1000);
  const [creator] = await insertUsers(bench.pool, { count: 1, prefix: 'admin', isAdmin: true });
  const players = await insertUsers(bench.pool, { count: SCRIMS * 10, prefix: 'player' });
  const casters = await insertUsers(bench.pool, { count: Math.ceil(SCRIMS / 2), prefix: 'caster' });
  const [viewer] = await insertUsers(bench.pool, { count: 1, prefix: 'viewer' });
  const scrimIds = await insertScrims(bench.pool, {
    count: SCRIMS,
    from,
    to,
    createdBy: creator.id,
    withCasters: true,
  });
  const rows = { scrim: [], user: [], kind: [], team: [], role: [] };
  scrimIds.forEach((scrimId, s) => {
    SLOTS.forEach((slot, j) => {
      rows.scrim.push(scrimId);
      rows.user.push(players[s * 10 + j].id);
      rows.kind.push('player');
      rows.team.push(slot.team);
      rows.role.push(slot.role);
    });
    if (s % 2 === 0) {
      rows.scrim.push(scrimId);
      rows.user.push(casters[s / 2].id);
      rows.kind.push('caster');
      rows.team.push(null);
      rows.role.push(null);
    }
  });
  await bench.pool.query(
    `insert into scrim_participants (scrim_id, user_id, kind, team, role)
     select * from unnest($1::uuid[], $2::uuid[], $3::participant_kind[], $4::team[], $5::role[])`,
    [rows.scrim, rows.user, rows.kind, rows.team, rows.role],
  );
  await bench.pool.query(
    `update scrims s set lobby_host_id = p.user_id
     from (select distinct on (scrim_id) scrim_id, user_id from scrim_participants where kind = 'player' order by scrim_id, user_id) p
     where p.scrim_id = s.id`,
  );
  await bench.pool.query('analyze');

  const path = `/api/scrims?region=NA&startDate=${day.toISOString()}&endDate=${new Date(day.getTime() + 24 * 60 * 60 * 1000).toISOString()}`;
  const headers = { authorization: `Bearer ${viewer.token}` };
  const first = await fetch(`${bench.url}${path}`, { headers });
  if (!first.ok) throw new Error(`GET ${path}: ${first.status} ${await first.text()}`);
  const body = Buffer.from(await first.arrayBuffer());
  const list = JSON.parse(body.toString());
  if (list.length !== SCRIMS || list.some((s) => s.teamOne.length + s.teamTwo.length !== 10)) {
    throw new Error(`expected ${SCRIMS} full scrims, got ${list.length}`);
  }
  reference = await startMemoryReference(body);

  // Warm up both (JIT, connection pool), then measure each for DURATION seconds.
  await load(`${bench.url}${path}`, headers, 2);
  await load(`${reference.url}/`, {}, 2);
  const api = await load(`${bench.url}${path}`, headers, DURATION);
  const memory = await load(`${reference.url}/`, {}, DURATION);

  const row = (name, r) => ({
    target: name,
    'req/s': fmt(r.requests.average),
    'p50 ms': fmt(r.latency.p50),
    'p99 ms': fmt(r.latency.p99),
    'max ms': fmt(r.latency.max),
    'MB/s': fmt(r.throughput.average / 1e6),
    'non-2xx': r.non2xx,
    'timeouts (30 s)': r.timeouts,
    errors: r.errors - r.timeouts,
  });
  const ratio = api.requests.average / memory.requests.average;
  console.log(
    `\nGET /api/scrims: ${SCRIMS} full scrims, ${(body.length / 1024).toFixed(0)} KB of JSON, ${CONNECTIONS} connections, ${DURATION} s each`,
  );
  console.table([row('API on PostgreSQL', api), row('same JSON from memory', memory)]);
  report('scrims-list', `GET /api/scrims: ${SCRIMS} full scrims, ${CONNECTIONS} connections, ${DURATION} s`, [
    {
      figure: 'GET /api/scrims p99',
      budget: `< ${BUDGET.p99Ms} ms`,
      measured: `${fmt(api.latency.p99)} ms (p50 ${fmt(api.latency.p50)} ms)`,
      reference: `same JSON from memory: p99 ${fmt(memory.latency.p99)} ms`,
      ratio: fmt(api.latency.p99 / memory.latency.p99, 2),
      ok: api.latency.p99 < BUDGET.p99Ms,
    },
    {
      figure: 'GET /api/scrims throughput',
      budget: `>= ${BUDGET.ratio} of memory`,
      measured: `${fmt(api.requests.average, 0)} req/s`,
      reference: `same JSON from memory: ${fmt(memory.requests.average, 0)} req/s`,
      ratio: fmt(ratio, 3),
      ok: ratio >= BUDGET.ratio,
    },
    {
      figure: 'errors and timeouts',
      budget: '0',
      measured: String(api.errors + api.non2xx),
      ok: api.errors + api.non2xx === 0,
    },
  ]);
} finally {
  await reference?.stop();
  await bench.close();
}
