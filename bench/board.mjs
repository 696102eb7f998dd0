// GET /api/scrim-posts, the scrim board, with 10,000 open posts of 2,000 teams on PostgreSQL, through the built
// server on a throwaway database (startBenchServer: it migrates at start). Seeded by SQL: 2,000 NA teams of five
// players (half of them with a rating in the current season; half the teams with a team rating), 10,000 open posts over the next 30 days (plus 2,000
// closed ones, which the board must skip) and up to 3 open requests on every other post. Timed one request at a
// time (a captain's latency, not throughput), ROUNDS interleaved rounds of each figure:
// - the first page, as a player on no team;
// - the first page as a member of a team with posts (its posts first, then everyone's);
// - a deep page (after 5,000 posts) through a cursor;
// - the first page filtered by format and wanted ranks.
// Reference in the same run: the same 20 posts (with their team's columns and open request counts, keyset order)
// by one raw `pg` query on a pool of this process: the least any board pays. Budget: p99 <= 50 ms per request.
// Usage: node bench/board.mjs   (env: DATABASE_URL, TEAMS=2000, POSTS=10000, REQUESTS=100, ROUNDS=3, BUILD=1)
import { loadavg } from 'node:os';
import { report } from './lib.mjs';
import { fmt, insertUsers, percentile, startBenchServer } from './postgres.mjs';

const TEAMS = Number(process.env.TEAMS ?? 2000);
const POSTS = Number(process.env.POSTS ?? 10_000);
const REQUESTS = Number(process.env.REQUESTS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BUDGET_P99_MS = 50;
const PAGE = 20;
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

const bench = await startBenchServer();
const { pool, url } = bench;
try {
  const seeding = performance.now();
  const players = await insertUsers(pool, { count: TEAMS * 5, prefix: 'board' });
  const [outsider] = await insertUsers(pool, { count: 1, prefix: 'outsider' });
  const { rows: teams } = await pool.query(
    `insert into teams (name, name_folded, tag, tag_folded, region)
     select 'Bench Team ' || i, 'bench team ' || i, 'B' || i, 'b' || i, 'NA' from generate_series(1, $1::int) as i
     returning id`,
    [TEAMS],
  );
  // Five players a team (players[t * 5 + k]), the first its owner and captain.
  await pool.query(
    `insert into team_members (team_id, user_id, role, is_captain, is_owner)
     select t, u, (array['Top','Jungle','Mid','ADC','Support'])[1 + k]::team_role, k = 0, k = 0
     from unnest($1::uuid[], $2::uuid[], $3::int[]) as x(t, u, k)`,
    [players.map((_, i) => teams[Math.floor(i / 5)].id), players.map((p) => p.id), players.map((_, i) => i % 5)],
  );
  const [{ id: seasonId }] = (await pool.query('select id from seasons where ended_at is null')).rows;
  await pool.query(
    `insert into player_ratings (season_id, user_id, region, mu, sigma, rating, games_rated, wins)
     select $1, id, 'NA', 15 + abs(hashtext(id::text)) % 30, 4, 1000, 12, 6 from users
     where email like 'board%' and abs(hashtext(email)) % 2 = 0`,
    [seasonId],
  );
  // Half the teams have played rated series games this season: their cards read the team rating, not the seed.
  await pool.query(
    `insert into team_ratings (season_id, team_id, region, mu, sigma, rating, games, wins, losses)
     select $1, id, 'NA', 15 + abs(hashtext(id::text)) % 30, 4, 1000, 12, 6, 6 from teams
     where abs(hashtext(id::text)) % 2 = 1`,
    [seasonId],
  );
  // Posts: starts spread over 30 days from an hour ahead; formats and wanted ranks varied; a few closed ones.
  await pool.query(
    `insert into scrim_posts (team_id, region, starts_at, format, fearless, rank_min, rank_max, note, status)
     select ids[1 + (i * 7919) % $2::int], 'NA', now() + interval '1 hour' + (i * interval '30 days') / $1::int,
       (array['bo1','bo2','bo3','bo5','games3','games4','games5'])[1 + i % 7]::series_format, i % 2 = 0,
       case when i % 3 = 0 then 8 + i % 8 end, case when i % 3 = 0 then 16 + i % 8 end,
       case when i % 4 = 0 then 'Scrims with a fearless draft, bring your best' end,
       case when i > $1::int then 'closed' else 'open' end::scrim_post_status
     from generate_series(1, $1::int + $1::int / 5) as i, (select array_agg(id order by id) as ids from teams) t`,
    [POSTS, TEAMS],
  );
  // Up to three open requests on every other post, from other teams.
  await pool.query(
    `insert into scrim_requests (post_id, team_id, status)
     select p.id, ids[1 + (p.n * 31 + k) % $1::int], 'open'
     from (select id, team_id, row_number() over (order by id) as n from scrim_posts where status = 'open') p,
       generate_series(1, 3) as k, (select array_agg(id order by id) as ids from teams) t
     where p.n % 2 = 0 and k <= 1 + p.n % 3 and ids[1 + (p.n * 31 + k) % $1::int] <> p.team_id`,
    [TEAMS],
  );
  await pool.query('vacuum analyze teams, team_members, player_ratings, team_ratings, scrim_posts, scrim_requests');
  const counts = (await pool.query(`select status, count(*)::int as n from scrim_posts group by status`)).rows;
  console.log(
    `seeded ${TEAMS} teams, ${counts.map((c) => `${c.n} ${c.status}`).join(', ')} posts in ${fmt((performance.now() - seeding) / 1000)} s`,
  );

  // A member of a team with posts, and the deep page's cursor (the server's format, modules/board/board.cursor.ts).
  const [{ team_id: busyTeam }] = (
    await pool.query(
      `select team_id from scrim_posts where status = 'open' group by team_id order by count(*) desc limit 1`,
    )
  ).rows;
  const member = players[teams.findIndex((t) => t.id === busyTeam) * 5 + 3];
  const deep = (
    await pool.query(
      `select id, starts_at from scrim_posts where status = 'open' and region = 'NA' and starts_at >= now()
       order by starts_at, id offset 4999 limit 1`,
    )
  ).rows[0];
  // The board's cursor (board.cursor.ts): [region, from, to, format, rankMin, rankMax, fitsTeamId, mine, startsAt, id].
  const cursor = Buffer.from(
    JSON.stringify(['NA', null, null, null, null, null, null, false, deep.starts_at.toISOString(), deep.id]),
  ).toString('base64url');
  const filter = { format: 'bo3', rankMin: 'Gold 4', rankMax: 'Gold 1' };

  const api = async (query, token = outsider.token) => {
    const path = `/api/scrim-posts?${new URLSearchParams({ region: 'NA', ...query })}`;
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  // The reference: the same rows, with their team's columns and open request counts, by one raw query.
  const rawPage = ({ after = null, format = null, rankMin = null, rankMax = null, mine = null } = {}) =>
    pool.query(
      `select p.id, p.starts_at, p.format, p.fearless, p.rank_min, p.rank_max, p.note, p.created_at,
         t.id as team_id, t.name, t.tag, t.logo_url,
         (select count(*)::int from scrim_requests r where r.post_id = p.id and r.status = 'open') as request_count
       from scrim_posts p join teams t on t.id = p.team_id
       where p.status = 'open' and p.region = 'NA' and p.starts_at >= now()
         and ($1::uuid is null or p.team_id = $1)
         and ($2::series_format is null or p.format = $2)
         and ($3::int is null or coalesce(p.rank_min, 0) <= $3) and ($4::int is null or coalesce(p.rank_max, 32767) >= $4)
         and ($5::timestamptz is null or (p.starts_at, p.id) > ($5, $6::uuid))
       order by p.starts_at, p.id limit ${PAGE}`,
      [mine, format, rankMax, rankMin, after?.starts_at ?? null, after?.id ?? null],
    );

  // Check the answers before timing them.
  const first = await api({});
  const rawFirst = (await rawPage()).rows;
  if (first.rows.map((r) => r._id).join() !== rawFirst.map((r) => r.id).join())
    throw new Error('the first page differs from the raw query');
  const deepPage = await api({ cursor });
  const rawDeep = (await rawPage({ after: deep })).rows;
  if (deepPage.rows.map((r) => r._id).join() !== rawDeep.map((r) => r.id).join())
    throw new Error('the deep page differs from the raw query');
  const minePage = await api({}, member.token);
  if (minePage.rows[0].team._id !== busyTeam) throw new Error("the member's team's posts do not come first");
  const filtered = await api(filter);
  const rawFiltered = (await rawPage({ format: 'bo3', rankMin: 12, rankMax: 15 })).rows;
  if (filtered.rows.map((r) => r._id).join() !== rawFiltered.map((r) => r.id).join())
    throw new Error('the filtered page differs from the raw query');

  const figures = {
    'first page, player on no team': () => api({}),
    'first page, member of a posting team (its posts first)': () => api({}, member.token),
    'deep page (after 5,000 posts, cursor)': () => api({ cursor }),
    'first page, format and ranks filtered': () => api(filter),
  };
  const references = {
    'first page, player on no team': () => rawPage(),
    'first page, member of a posting team (its posts first)': () => rawPage({ mine: busyTeam }),
    'deep page (after 5,000 posts, cursor)': () => rawPage({ after: deep }),
    'first page, format and ranks filtered': () => rawPage({ format: 'bo3', rankMin: 12, rankMax: 15 }),
  };
  const times = Object.fromEntries(Object.keys(figures).map((k) => [k, { api: [], raw: [] }]));
  const time = async (fn) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  for (const name of Object.keys(figures)) for (let i = 0; i < 10; i++) await figures[name](); // warm-up
  const loads = [];
  for (let round = 0; round < ROUNDS; round++) {
    loads.push(load());
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
    const reference = `raw pg query of the same ${PAGE} posts: p50 ${fmt(ref50, 2)} ms, p99 ${fmt(ref99, 2)} ms`;
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
    'board',
    `GET /api/scrim-posts, ${POSTS.toLocaleString('en')} open posts of ${TEAMS.toLocaleString('en')} teams on PostgreSQL, ${ROUNDS} × ${REQUESTS} requests per figure, one at a time (load average per round: ${loads.join(' | ')}; at the end ${load()})`,
    checks,
  );
} finally {
  await bench.close();
}
