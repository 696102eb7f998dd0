// GET /api/leaderboard with 100,000 rated players on PostgreSQL, through the built server on a
// throwaway database (startBenchServer: it migrates at start). Seeded by SQL (generate_series): 100,000 users in
// five regions with a rating in the current season (ties on purpose: 3,000 display ratings for 100,000 players)
// and ~5 rated games each in rating_history (the main role). Timed one request at a time (a player's latency, not
// throughput), ROUNDS interleaved rounds of each figure:
// - the first page of all regions, as a visitor;
// - a deep page (rank 50,001…) through a cursor, as a visitor (the ranks are counted from the position);
// - the first page signed in as a mid-table player (rank ~50,000): the page and `me` with its rank;
// - the first page of one region (a fifth of the players), as a visitor.
// Reference in the same run: the same 50 rows (players and their user columns, keyset order) by one raw `pg`
// query on a pool of this process: the least any leaderboard pays. Budget: p99 <= 50 ms per request (idle machine).
// Usage: node bench/leaderboard.mjs   (env: DATABASE_URL, PLAYERS=100000, GAMES=5, REQUESTS=100, ROUNDS=3, BUILD=1)
import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { report } from './lib.mjs';
import { fmt, percentile, startBenchServer } from './postgres.mjs';

const PLAYERS = Number(process.env.PLAYERS ?? 100_000);
const GAMES = Number(process.env.GAMES ?? 5);
const REQUESTS = Number(process.env.REQUESTS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BUDGET_P99_MS = 50;
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

// Each request reads with a budget of its own (the route allows a burst of 60 per reader, then 2 a second):
// visitors through a distinct X-Forwarded-For (the server trusts the loopback proxy), players through their own
// sessions, one per request.
const bench = await startBenchServer({ env: { TRUST_PROXY: '127.0.0.1' } });
const { pool, url } = bench;
try {
  const seeding = performance.now();
  const [{ id: seasonId }] = (await pool.query('select id from seasons where ended_at is null')).rows;
  await pool.query(
    `insert into users (uid, email, name, summoner_tagline, region, rank, discord, primary_role, riot_linked_at)
     select 'dev|lb' || i || '@bench.dev', 'lb' || i || '@bench.dev', 'Ladder ' || i, 'LB1',
       (array['NA','EUW','EUNE','LAN','OCE'])[1 + i % 5]::region, 'Gold 2', 'lb_' || i,
       (array['Top','Jungle','Mid','ADC','Support','Fill'])[1 + i % 6]::role_preference,
       case when i % 4 = 0 then now() end
     from generate_series(1, $1::int) as i`,
    [PLAYERS],
  );
  // Display ratings 0…2999 from a hash of the user (so many ties), games 0…59, wins up to games.
  await pool.query(
    `insert into player_ratings (season_id, user_id, region, mu, sigma, rating, games_rated, wins)
     select $1, u.id, u.region, 25, 3, abs(hashtext(u.id::text)) % 3000, g, g / 2
     from users u, lateral (select abs(hashtext(u.email)) % 60 as g) games`,
    [seasonId],
  );
  // Rated games without their scrims: foreign keys are not checked while seeding (replica role, this session only).
  const client = await pool.connect();
  try {
    await client.query('set session_replication_role = replica');
    await client.query(
      `insert into rating_history (scrim_id, user_id, season_id, seq, team, role, won, mu_before, sigma_before,
         mu_after, sigma_after, rating_before, rating_after)
       select gen_random_uuid(), u.id, $1, row_number() over (), 'teamOne',
         (array['Top','Jungle','Mid','ADC','Support'])[1 + (abs(hashtext(u.email)) + k) % 5 / 2 * 2 % 5]::role,
         k % 2 = 0, 25, 3, 25.5, 2.9, 1000, 1015
       from users u, generate_series(1, $2::int) as k`,
      [seasonId, GAMES],
    );
    await client.query('set session_replication_role = origin');
  } finally {
    client.release();
  }
  await pool.query('vacuum analyze users, player_ratings, rating_history');
  const seededSeconds = (performance.now() - seeding) / 1000;
  console.log(`seeded ${PLAYERS} players and ${PLAYERS * GAMES} rated games in ${fmt(seededSeconds)} s`);

  // The mid-table player, the deep page's cursor (the row at rank 50,000; the cursor format is the server's,
  // apps/server/src/modules/ratings/leaderboard.cursor.ts), and a session for the player.
  const middle = Math.floor(PLAYERS / 2);
  const boardRow = async (offset) =>
    (
      await pool.query(
        `select user_id, rating from player_ratings where season_id = $1
         order by rating desc nulls last, user_id offset $2 limit 1`,
        [seasonId, offset],
      )
    ).rows[0];
  const deep = await boardRow(middle - 1);
  const cursor = Buffer.from(JSON.stringify([seasonId, null, deep.rating, deep.user_id])).toString('base64url');
  // Sessions of the players from rank 50,001 down, one per timed request.
  const sessionCount = ROUNDS * REQUESTS + 20;
  const mids = (
    await pool.query(
      `select user_id from player_ratings where season_id = $1 order by rating desc nulls last, user_id offset $2 limit $3`,
      [seasonId, middle, sessionCount],
    )
  ).rows.map((r) => r.user_id);
  const tokens = mids.map(() => randomBytes(32).toString('base64url'));
  await pool.query(
    `insert into sessions (token_hash, user_id, identity_provider, identity_subject, expires_at)
     select h, u, 'dev', u::text, now() + interval '1 day' from unnest($1::text[], $2::uuid[]) as t(h, u)`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), mids],
  );
  let nextSession = 0;
  let nextAddress = 0;
  const asPlayer = () => ({ authorization: `Bearer ${tokens[nextSession++ % tokens.length]}` });
  const asVisitor = () => {
    const n = nextAddress++;
    return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  };

  const api = async (query, headers = asVisitor()) => {
    const res = await fetch(`${url}/api/leaderboard?${new URLSearchParams(query)}`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/leaderboard?${new URLSearchParams(query)}: ${res.status}`);
    return res.json();
  };
  // The reference: the same rows by one raw query.
  const rawPage = (after, region = null) =>
    pool.query(
      `select r.user_id, r.rating, r.games_rated, r.wins, u.name, u.summoner_tagline, u.region, u.rank
       from player_ratings r join users u on u.id = r.user_id
       where r.season_id = $1 and ($2::region is null or r.region = $2) and u.deleted_at is null
         and ($3::int is null or (r.rating <= $3 and (r.rating < $3 or r.user_id > $4::uuid)))
       order by r.rating desc nulls last, r.user_id limit 50`,
      [seasonId, region, after?.rating ?? null, after?.user_id ?? null],
    );

  // Check the answers before timing them.
  const first = await api({});
  const deepPage = await api({ cursor });
  const mine = await api({}, asPlayer());
  if (first.rows[0].rank !== 1 || deepPage.rows[0].rank !== middle + 1) throw new Error('wrong ranks');
  if (mine.me?.rank !== middle + 1) throw new Error(`wrong rank for me: ${mine.me?.rank}`);
  const rawDeep = (await rawPage(deep)).rows;
  if (rawDeep.map((r) => r.user_id).join() !== deepPage.rows.map((r) => r.player._id).join())
    throw new Error('the deep page differs from the raw query');
  const figures = {
    'first page': () => api({}),
    'deep page (rank 50,001, cursor)': () => api({ cursor }),
    'first page + me (mid-table player)': () => api({}, asPlayer()),
    'first page of one region': () => api({ region: 'EUW' }),
  };
  const references = {
    'first page': () => rawPage(null),
    'deep page (rank 50,001, cursor)': () => rawPage(deep),
    'first page + me (mid-table player)': () => rawPage(null),
    'first page of one region': () => rawPage(null, 'EUW'),
  };
  const times = Object.fromEntries(Object.keys(figures).map((k) => [k, { api: [], raw: [] }]));
  const time = async (fn) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  for (const name of Object.keys(figures)) for (let i = 0; i < 10; i++) await figures[name](); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of Object.keys(figures)) {
      for (let i = 0; i < REQUESTS; i++) times[name].api.push(await time(figures[name]));
      for (let i = 0; i < REQUESTS; i++) times[name].raw.push(await time(references[name]));
    }
  }
  const checks = Object.entries(times).flatMap(([name, { api: measured, raw }]) => {
    const p50 = percentile(measured, 50);
    const p99 = percentile(measured, 99);
    const ref50 = percentile(raw, 50);
    const ref99 = percentile(raw, 99);
    const reference = `raw pg query of the same 50 rows: p50 ${fmt(ref50, 2)} ms, p99 ${fmt(ref99, 2)} ms`;
    return [
      {
        figure: `${name}: p50`,
        budget: 'reported',
        measured: `${fmt(p50, 2)} ms`,
        reference,
        ratio: fmt(p50 / ref50, 1),
        ok: null,
      },
      {
        figure: `${name}: p99`,
        budget: `<= ${BUDGET_P99_MS} ms`,
        measured: `${fmt(p99, 2)} ms`,
        reference,
        ratio: fmt(p99 / ref99, 1),
        ok: p99 <= BUDGET_P99_MS,
      },
    ];
  });
  report(
    'leaderboard',
    `GET /api/leaderboard, ${PLAYERS.toLocaleString('en')} rated players on PostgreSQL, ${ROUNDS} × ${REQUESTS} requests per figure, one at a time (load average ${load()})`,
    checks,
  );
} finally {
  await bench.close();
}
