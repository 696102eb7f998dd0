// GET /api/admin/dashboard-stats on real PostgreSQL with 10,000 users and 50,000 scrims (issue #7: under 100 ms),
// against the same JSON served from memory, measured in the same run, one request at a time (an admin's page load).
// Usage: node bench/admin-dashboard.mjs   (env: DATABASE_URL, USERS=10000, SCRIMS=50000, REQUESTS=300, BUILD=1)
import { report, startBytesServer } from './lib.mjs';
import { fmt, insertUsers, percentile, startBenchServer } from './postgres.mjs';

const USERS = Number(process.env.USERS ?? 10_000);
const SCRIMS = Number(process.env.SCRIMS ?? 50_000);
const REQUESTS = Number(process.env.REQUESTS ?? 300);
const BUDGET = { p99Ms: 100 };

/** `count` requests one after the other (after a warm-up); the latency of each, in ms. */
async function measure(url, headers, count) {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await once();
  const times = [];
  for (let i = 0; i < count; i++) times.push(await once());
  return times;
}

/**
 * A community of USERS players over two years: five regions, every rank (a few unknown texts), activity over the
 * last month; SCRIMS scrims over the last year and the next week, a third of them won; 500 bans in every state.
 */
async function seed(pool) {
  await pool.query(
    `insert into users (uid, email, name, summoner_tagline, region, rank, discord, created_at, last_active_at)
     select 'dev|seed' || i || '@bench.dev', 'seed' || i || '@bench.dev', 'Seed ' || i, 'NA1',
            (array['NA','EUW','EUNE','LAN','OCE'])[1 + i % 5]::region,
            (array['Iron 4','Bronze 3','Silver 2','Gold 1','Platinum 4','Emerald 2','Diamond 1','Master','Grandmaster',
                   'Challenger','Unranked','Unranked','Gold 2','Silver 4','Wood 1'])[1 + (i * 7) % 15],
            'seed_' || i,
            now() - (i % 730) * interval '1 day' - (i % 24) * interval '1 hour',
            case when i % 3 = 0 then null else now() - (i % 30) * interval '1 day' end
     from generate_series(1, $1::int) as i`,
    [USERS],
  );
  await pool.query(
    `insert into scrims (title, region, game_start_time, lobby_name, lobby_password, created_at, team_won, updated_at)
     select 'Seed scrim ' || n, (array['NA','EUW','EUNE','LAN','OCE'])[1 + n % 5]::region, s, 'Lobby ' || n,
            substr(md5(n::text), 1, 8), s - interval '2 days',
            case when n % 3 = 0 and s < now() then (array['teamOne','teamTwo'])[1 + n % 2]::team end, s
     from (select n, now() + interval '7 days' - (n::double precision / $1 * 372) * interval '1 day' as s
           from generate_series(1, $1::int) as n) t`,
    [SCRIMS],
  );
  await pool.query(
    `insert into bans (user_id, date_from, date_to, reason, is_active, lifted_at, created_at)
     select id, created_at + interval '1 day', created_at + (case when k % 3 = 0 then 900 else 3 end) * interval '1 day',
            'bench ban ' || k, k % 3 <> 1, case when k % 3 = 1 then created_at + interval '3 days' end,
            created_at + interval '1 day'
     from (select id, created_at, row_number() over (order by id) as k from users order by id limit 500) u`,
  );
  await pool.query('analyze');
}

const bench = await startBenchServer();
let reference;
try {
  const [admin] = await insertUsers(bench.pool, { count: 1, prefix: 'admin', isAdmin: true });
  const seeded = performance.now();
  await seed(bench.pool);
  const seedMs = performance.now() - seeded;
  const counts = (
    await bench.pool.query(
      'select (select count(*) from users) u, (select count(*) from scrims) s, (select count(*) from bans) b',
    )
  ).rows[0];

  const url = `${bench.url}/api/admin/dashboard-stats`;
  const headers = { authorization: `Bearer ${admin.token}` };
  const first = await fetch(url, { headers });
  if (!first.ok) throw new Error(`GET ${url}: ${first.status} ${await first.text()}`);
  const body = Buffer.from(await first.arrayBuffer());
  const stats = JSON.parse(body.toString());
  if (stats.totalUsers !== Number(counts.u) || stats.totalScrims !== Number(counts.s)) {
    throw new Error(`the figures do not match the database: ${JSON.stringify({ stats, counts })}`);
  }
  reference = await startBytesServer({ '/': { body } });

  const api = await measure(url, headers, REQUESTS);
  const memory = await measure(`${reference.url}/`, {}, REQUESTS);
  const row = (target, times) => ({
    target,
    'p50 ms': fmt(percentile(times, 50), 2),
    'p95 ms': fmt(percentile(times, 95), 2),
    'p99 ms': fmt(percentile(times, 99), 2),
    'max ms': fmt(Math.max(...times), 2),
  });
  const p50 = percentile(api, 50);
  const p99 = percentile(api, 99);
  const memoryP50 = percentile(memory, 50);
  const memoryP99 = percentile(memory, 99);
  const title =
    `GET /api/admin/dashboard-stats: ${counts.u} users, ${counts.s} scrims, ${counts.b} bans (seeded in ${fmt(seedMs / 1000)} s), ` +
    `${(body.length / 1024).toFixed(1)} KB of JSON, ${REQUESTS} sequential requests`;
  console.table([row('API on PostgreSQL', api), row('same JSON from memory', memory)]);
  report('admin-dashboard', title, [
    {
      figure: 'GET /api/admin/dashboard-stats p99',
      budget: `< ${BUDGET.p99Ms} ms`,
      measured: `${fmt(p99, 1)} ms (p50 ${fmt(p50, 1)} ms)`,
      reference: `same JSON from memory: p99 ${fmt(memoryP99, 1)} ms (p50 ${fmt(memoryP50, 1)} ms)`,
      ratio: fmt(p50 / memoryP50, 1),
      ok: p99 < BUDGET.p99Ms,
    },
  ]);
} finally {
  await reference?.stop();
  await bench.close();
}
