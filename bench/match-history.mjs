// GET /api/users/:id/matches, the profile's match history, with 1,000 stored games for one player on
// PostgreSQL, through the built server on a throwaway database (startBenchServer: it migrates at start). Seeded
// by SQL: 3,000 scrims with a ready match each (every fifth one private), ten players a game: the player in the
// first 1,000, 200 other users in every other place (30,000 match_participants rows). Timed one request at a
// time (a player's latency, not throughput), ROUNDS interleaved rounds of each figure:
// - the first page (20 rows), as the player (private scrims included);
// - a deep page (rows 901…920) through a cursor, as the player;
// - the first page filtered by a champion (~1/30 of the games), as the player;
// - the first page as another player (private scrims filtered out).
// Reference in the same run: the same 21 rows (the page and the one telling whether another follows) by one raw
// `pg` query on a pool of this process, the keyset query the repository runs. Budget: p99 <= 50 ms per request.
// Usage: node bench/match-history.mjs   (env: DATABASE_URL, GAMES=1000, REQUESTS=100, ROUNDS=3, BUILD=1)
import { loadavg } from 'node:os';
import { report } from './lib.mjs';
import { fmt, insertUsers, percentile, startBenchServer } from './postgres.mjs';

const GAMES = Number(process.env.GAMES ?? 1000);
const OTHER_GAMES = 2 * GAMES;
const OTHERS = 200;
const REQUESTS = Number(process.env.REQUESTS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PAGE = 20;
const DEEP_OFFSET = Math.min(900, GAMES - PAGE - 1);
const BUDGET_P99_MS = 50;
const CHAMPIONS = [
  'Aatrox', 'Ahri', 'Akali', 'Ashe', 'Caitlyn', 'Darius', 'Ezreal', 'Garen', 'Graves', 'Jinx', 'Kaisa', 'Karma',
  'LeeSin', 'Leona', 'Lulu', 'Lux', 'MonkeyKing', 'Nautilus', 'Orianna', 'Ornn', 'Rakan', 'Renekton', 'Sejuani',
  'Sylas', 'Syndra', 'Thresh', 'Viego', 'Vi', 'Xayah', 'Zeri',
]; // prettier-ignore
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

const bench = await startBenchServer();
const { pool, url } = bench;
try {
  const seeding = performance.now();
  const [owner, viewer, ...others] = await insertUsers(pool, { count: OTHERS + 2, prefix: 'mh' });
  const teams = JSON.stringify(
    ['blue', 'red'].map((side, i) => ({
      side,
      win: i === 0,
      objectives: { kills: 20, towers: 7, inhibitors: 1, dragons: 3, barons: 1, heralds: 1, grubs: 3 },
      bans: ['Yone', 'Zed', 'Vayne', null, 'Azir'],
      gold: 60_000,
    })),
  );
  // Scrims n = 1…3,000, one every three hours back from now; their ready matches.
  await pool.query(
    `with s as (
       insert into scrims (title, region, game_start_time, lobby_name, lobby_password, is_private)
       select 'Bench match ' || n, 'NA', now() - n * interval '3 hours', 'Bench lobby ' || n,
         substr(md5(n::text), 1, 8), n % 5 = 0
       from generate_series(1, $1::int) as n
       returning id, game_start_time
     )
     insert into scrim_matches (scrim_id, status, source, match_id, duration_seconds, patch, played_at, teams)
     select id, 'ready', 'tournament', 'NA1_' || (4800000000 + row_number() over ()), 1500 + abs(hashtext(id::text)) % 900,
       '15.1', game_start_time + interval '40 minutes', $2::jsonb
     from s`,
    [GAMES + OTHER_GAMES, teams],
  );
  // Ten players a game: the player at participant 1 of the first GAMES scrims (role by n), other users elsewhere.
  await pool.query(
    `insert into match_participants (scrim_id, participant_id, puuid, user_id, riot_id, side, win, champion, role,
       kills, deaths, assists, cs, gold, damage, vision, level, items, spells, keystone, played_at, duration_seconds)
     select m.scrim_id, p, 'bench-puuid-' || coalesce(u::text, p::text), u, null,
       case when p <= 5 then 'blue' else 'red' end, p <= 5,
       ($4::text[])[1 + abs(hashtext(m.scrim_id::text || p)) % array_length($4::text[], 1)],
       (array['Top','Jungle','Mid','ADC','Support'])[1 + case when p = 1 and n <= $3 then n else p - 1 end % 5]::role,
       h % 12, h % 9, h % 15, 120 + h % 150, 8000 + h % 7000, 9000 + h % 25000, 10 + h % 60, 12 + h % 7,
       array[3071, 3053, 3047, 6333, 3075, 0, 3364], array[4, 12], 8010, m.played_at, m.duration_seconds
     from scrim_matches m
     cross join lateral (select split_part(s.title, ' ', 3)::int as n from scrims s where s.id = m.scrim_id) as sn
     cross join generate_series(1, 10) as p
     cross join lateral (select abs(hashtext(m.scrim_id::text || '/' || p)) as h) as hp
     cross join lateral (
       select case when p = 1 and n <= $3 then $1::uuid else ($2::uuid[])[1 + (n * 10 + p) % array_length($2::uuid[], 1)] end as u
     ) as pu`,
    [owner.id, others.map((o) => o.id), GAMES, CHAMPIONS],
  );
  await pool.query('vacuum analyze scrims, scrim_matches, match_participants');
  const [{ rows: count }] = [
    await pool.query('select count(*)::int as n from match_participants where user_id = $1', [owner.id]),
  ];
  if (count[0].n !== GAMES) throw new Error(`seeded ${count[0].n} games for the player, not ${GAMES}`);
  console.log(
    `seeded ${GAMES + OTHER_GAMES} stored matches (${GAMES} of the player's) in ${fmt((performance.now() - seeding) / 1000)} s`,
  );

  // The reference: the repository's keyset query, by one raw query.
  const rawPage = ({ after = null, champion = null, includePrivate = true } = {}) =>
    pool.query(
      `select mp.scrim_id, s.title, sm.match_id, mp.played_at, mp.duration_seconds, mp.win, mp.side, mp.champion,
         mp.role, mp.kills, mp.deaths, mp.assists, mp.cs, mp.gold, mp.damage, mp.vision, mp.level, mp.items,
         mp.spells, mp.keystone
       from match_participants mp
       join scrim_matches sm on sm.scrim_id = mp.scrim_id
       join scrims s on s.id = mp.scrim_id
       where mp.user_id = $1 and ($2::text is null or mp.champion = $2) and ($3 or s.is_private = false)
         and ($4::timestamptz is null or (mp.played_at <= $4 and (mp.played_at < $4 or mp.scrim_id > $5::uuid)))
       order by mp.played_at desc, mp.scrim_id limit ${PAGE + 1}`,
      [owner.id, champion, includePrivate, after?.played_at ?? null, after?.scrim_id ?? null],
    );
  const deep = (
    await pool.query(
      `select scrim_id, played_at from match_participants where user_id = $1
       order by played_at desc, scrim_id offset $2 limit 1`,
      [owner.id, DEEP_OFFSET - 1],
    )
  ).rows[0];
  // The server's cursor (apps/server/src/modules/users/users.cursor.ts): base64url JSON [ISO time, id].
  const cursor = Buffer.from(JSON.stringify([deep.played_at.toISOString(), deep.scrim_id])).toString('base64url');
  const [{ champion }] = (
    await pool.query(
      `select champion from match_participants where user_id = $1 group by champion order by count(*) desc limit 1`,
      [owner.id],
    )
  ).rows;

  const api = async (query, token = owner.token) => {
    const path = `/api/users/${owner.id}/matches?${new URLSearchParams({ limit: String(PAGE), ...query })}`;
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  // Check the answers before timing them.
  const same = async (answer, raw, label) => {
    const ids = (await raw).rows.slice(0, PAGE).map((r) => r.scrim_id);
    if (answer.rows.map((r) => r.scrimId).join() !== ids.join())
      throw new Error(`${label}: differs from the raw query`);
    if (answer.rows.length !== PAGE || !answer.nextCursor) throw new Error(`${label}: not a full page`);
  };
  await same(await api({}), rawPage(), 'first page');
  await same(await api({ cursor }), rawPage({ after: deep }), 'deep page');
  await same(await api({ champion }), rawPage({ champion }), 'champion page');
  await same(await api({}, viewer.token), rawPage({ includePrivate: false }), "another player's page");

  const figures = {
    'first page': [() => api({}), () => rawPage()],
    [`deep page (rows ${DEEP_OFFSET + 1}…, cursor)`]: [() => api({ cursor }), () => rawPage({ after: deep })],
    [`first page of one champion (${champion})`]: [() => api({ champion }), () => rawPage({ champion })],
    'first page as another player (private scrims filtered)': [
      () => api({}, viewer.token),
      () => rawPage({ includePrivate: false }),
    ],
  };
  const times = Object.fromEntries(Object.keys(figures).map((k) => [k, { api: [], raw: [] }]));
  const time = async (fn) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  for (const [fn, ref] of Object.values(figures)) for (let i = 0; i < 10; i++) await Promise.all([fn(), ref()]); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, [fn, ref]] of Object.entries(figures)) {
      for (let i = 0; i < REQUESTS; i++) times[name].api.push(await time(fn));
      for (let i = 0; i < REQUESTS; i++) times[name].raw.push(await time(ref));
    }
  }
  const checks = Object.entries(times).flatMap(([name, { api: measured, raw }]) => {
    const p50 = percentile(measured, 50);
    const p99 = percentile(measured, 99);
    const ref50 = percentile(raw, 50);
    const ref99 = percentile(raw, 99);
    const reference = `raw pg query of the same ${PAGE + 1} rows: p50 ${fmt(ref50, 2)} ms, p99 ${fmt(ref99, 2)} ms`;
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
    'match-history',
    `GET /api/users/:id/matches, ${GAMES.toLocaleString('en')} stored games of one player (${(GAMES + OTHER_GAMES).toLocaleString('en')} matches in all) on PostgreSQL, ${ROUNDS} × ${REQUESTS} requests per figure, one at a time (load average ${load()})`,
    checks,
  );
} finally {
  await bench.close();
}
