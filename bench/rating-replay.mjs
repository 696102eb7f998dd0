// Replaying a season (property 8): a season of GAMES rated results (10,000: 100,000 history rows, among
// PLAYERS players), in process on the server's own code (tsx), on PGlite or on DATABASE_URL PostgreSQL (a throwaway
// database). Seeded by SQL with the exact ratings of a full replay. Then ROUNDS times: the oldest result is cleared
// (timed: the change, which commits at once and leaves the replay pending), the replay runs to its end a chunk per
// transaction (as the rating-replay job does; each chunk timed: how long it holds the season's lock) while other
// scrims' results are rated one after another (each timed: how long a result waited), then the result is rated
// again (appended last). References in the same run: a raw lock-and-write transaction (the season's lock and ten
// ratings touched, through the driver alone: a `pg` client on PostgreSQL, PGlite's own on PGlite), rating another
// scrim's result on a quiet season, and the whole replay in one transaction (what one lock would hold).
// Budgets: the change p99 <= 200 ms; another result's wait p99 <= 200 ms (the longest is reported beside it).
// Usage: node bench/rating-replay.mjs   (env: DATABASE_URL, GAMES=10000, PLAYERS=1000, ROUNDS=5; loads the
// TypeScript through tsx)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { report } from './lib.mjs';
import { fmt, percentile, withDatabase } from './postgres.mjs';

const { openDatabase } = await tsImport('../apps/server/src/db/client.ts', import.meta.url);
const { displayRating, replayRatings, seedRating } = await tsImport(
  '../apps/server/src/modules/ratings/ratings.model.ts',
  import.meta.url,
);
const { replayRatingsChunk } = await tsImport(
  '../apps/server/src/modules/ratings/replay/replay.service.ts',
  import.meta.url,
);
const { syncScrimRatings } = await tsImport(
  '../apps/server/src/modules/ratings/results/results.service.ts',
  import.meta.url,
);

const GAMES = Number(process.env.GAMES ?? 10_000);
const PLAYERS = Number(process.env.PLAYERS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const OTHERS = 500 * ROUNDS;
const BUDGET_MS = 200;
const RANK = 'Gold 2';
const SLOTS = ['teamOne', 'teamTwo'].flatMap((team) =>
  ['Top', 'Jungle', 'Mid', 'ADC', 'Support'].map((role) => ({ team, role })),
);
const rules = { verifiedOnly: false };
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

// The database: a throwaway PostgreSQL database on DATABASE_URL, else PGlite in a temporary directory.
const baseUrl = process.env.DATABASE_URL;
const dbName = `scrimgym_bench_${process.pid}`;
let admin;
let databaseUrl;
if (baseUrl) {
  admin = new pg.Client({ connectionString: baseUrl });
  // A shared server may end idle connections (another run dropping its database): the bench reconnects to clean up.
  admin.on('error', () => {});
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  databaseUrl = withDatabase(baseUrl, dbName);
}
const dataDir = mkdtempSync(join(tmpdir(), 'scrimgym-replay-'));
// No query timeout: the one-transaction reference replays the whole season in one statement.
const handle = await openDatabase({ databaseUrl, dataDir, queryTimeoutMs: 0 });
const { db } = handle;
const rows = async (query) => {
  const result = await db.execute(query);
  return result.rows ?? result;
};
const time = async (fn) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

try {
  await handle.migrate();
  const seeding = performance.now();
  const [{ id: seasonId }] = await rows(sql`select id from seasons where ended_at is null`);
  const users = (
    await rows(sql`insert into users (uid, email, name, summoner_tagline, region, rank, discord)
      select 'dev|rr' || i || '@bench.dev', 'rr' || i || '@bench.dev', 'Replay ' || i, 'RR1', 'NA', ${RANK}, 'rr_' || i
      from generate_series(1, ${PLAYERS}::int) as i returning id`)
  ).map((r) => r.id);
  const total = GAMES + OTHERS;
  const scrimIds = (
    await rows(sql`insert into scrims (title, region, game_start_time, lobby_name, lobby_password, team_won, result_status)
      select 'Replay ' || n, 'NA', now() - interval '1 day', 'Lobby ' || n, 'pw', 'teamOne', 'confirmed'
      from generate_series(1, ${total}::int) as n order by n returning id`)
  ).map((r) => r.id);
  // A random lineup of ten per scrim (a fixed generator: the same season every run).
  let state = 42;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const lineups = scrimIds.map(() => {
    const picked = new Set();
    while (picked.size < 10) picked.add(users[Math.floor(random() * users.length)]);
    return [...picked];
  });
  const winners = scrimIds.map(() => (random() < 0.5 ? 'teamOne' : 'teamTwo'));
  const column = (fn) => scrimIds.flatMap((id, s) => lineups[s].map((u, i) => fn(id, u, i, s)));
  const batches = async (count, insert) => {
    for (let from = 0; from < count; from += 20_000) await insert(from, Math.min(count, from + 20_000));
  };
  const participants = {
    scrim: column((id) => id),
    user: column((_, u) => u),
    team: column((_, __, i) => SLOTS[i].team),
    role: column((_, __, i) => SLOTS[i].role),
  };
  await batches(participants.scrim.length, (a, b) =>
    db.execute(sql`insert into scrim_participants (scrim_id, user_id, kind, team, role)
      select s, u, 'player', t::team, r::role from unnest(${sql.param(participants.scrim.slice(a, b))}::uuid[],
        ${sql.param(participants.user.slice(a, b))}::uuid[], ${sql.param(participants.team.slice(a, b))}::text[], ${sql.param(participants.role.slice(a, b))}::text[]) as v(s, u, t, r)`),
  );
  const rated = scrimIds.slice(0, GAMES);
  await db.execute(sql`update scrims set team_won = v.w::team from unnest(${sql.param(rated)}::uuid[], ${sql.param(winners.slice(0, GAMES))}::text[]) as v(id, w)
    where scrims.id = v.id`);
  await db.execute(
    sql`update scrims set team_won = null, result_status = null where id = any(${sql.param(scrimIds.slice(GAMES))}::uuid[])`,
  );
  await db.execute(sql`insert into rated_results (scrim_id, season_id, team_won)
    select s, ${seasonId}, w::team from unnest(${sql.param(rated)}::uuid[], ${sql.param(winners.slice(0, GAMES))}::text[]) with ordinality as v(s, w, n) order by n`);
  const seqs = new Map(
    (await rows(sql`select scrim_id, seq from rated_results where season_id = ${seasonId}`)).map((r) => [
      r.scrim_id,
      Number(r.seq),
    ]),
  );
  // The exact ratings of a full replay, as the server stores them.
  const games = rated.map((_, s) => ({
    blue: lineups[s].slice(0, 5),
    red: lineups[s].slice(5),
    winner: winners[s] === 'teamOne' ? 'blue' : 'red',
  }));
  const replay = replayRatings(new Map(users.map((u) => [u, seedRating(RANK)])), games);
  const history = rated.flatMap((id, s) =>
    replay.changes[s].map((c, i) => ({ id, s, c, slot: SLOTS[i], won: SLOTS[i].team === winners[s] })),
  );
  const pick = (fn, a, b) => history.slice(a, b).map(fn);
  await batches(history.length, (a, b) =>
    db.execute(sql`insert into rating_history (scrim_id, user_id, season_id, seq, team, role, won, mu_before, sigma_before,
        mu_after, sigma_after, rating_before, rating_after)
      select s, u, ${seasonId}, q, t::team, r::role, w, mb, sb, ma, sa, rb, ra from unnest(
        ${sql.param(pick((h) => h.id, a, b))}::uuid[], ${sql.param(pick((h) => h.c.userId, a, b))}::uuid[], ${sql.param(pick((h) => seqs.get(h.id), a, b))}::bigint[],
        ${sql.param(pick((h) => h.slot.team, a, b))}::text[], ${sql.param(pick((h) => h.slot.role, a, b))}::text[], ${sql.param(pick((h) => h.won, a, b))}::bool[],
        ${sql.param(pick((h) => h.c.before.mu, a, b))}::float8[], ${sql.param(pick((h) => h.c.before.sigma, a, b))}::float8[],
        ${sql.param(pick((h) => h.c.after.mu, a, b))}::float8[], ${sql.param(pick((h) => h.c.after.sigma, a, b))}::float8[],
        ${sql.param(pick((h) => displayRating(h.c.before), a, b))}::int[], ${sql.param(pick((h) => displayRating(h.c.after), a, b))}::int[])
        as v(s, u, q, t, r, w, mb, sb, ma, sa, rb, ra)`),
  );
  const played = [...replay.gamesRated.keys()];
  const wins = new Map();
  for (const h of history) if (h.won) wins.set(h.c.userId, (wins.get(h.c.userId) ?? 0) + 1);
  await db.execute(sql`insert into player_ratings (season_id, user_id, region, mu, sigma, rating, games_rated, wins)
    select ${seasonId}, u, 'NA', m, g, r, n, w from unnest(${sql.param(played)}::uuid[],
      ${sql.param(played.map((u) => replay.ratings.get(u).mu))}::float8[], ${sql.param(played.map((u) => replay.ratings.get(u).sigma))}::float8[],
      ${sql.param(played.map((u) => displayRating(replay.ratings.get(u))))}::int[], ${sql.param(played.map((u) => replay.gamesRated.get(u)))}::int[],
      ${sql.param(played.map((u) => wins.get(u) ?? 0))}::int[]) as v(u, m, g, r, n, w)`);
  await db.execute(sql`analyze`);
  console.log(
    `seeded ${GAMES} rated results (${history.length} history rows, ${PLAYERS} players) on ${handle.kind} in ${fmt((performance.now() - seeding) / 1000)} s`,
  );

  const setResult = async (scrimId, teamWon) => {
    await db.execute(
      sql`update scrims set team_won = ${teamWon}::team, result_status = ${teamWon ? 'confirmed' : null} where id = ${scrimId}`,
    );
    return syncScrimRatings({ db, scrimId, rules });
  };
  const raw = [];
  const quiet = [];
  const changes = [];
  const chunks = [];
  const waits = [];
  const fullReplay = [];
  let nextOther = GAMES;
  const rateOther = () => {
    const scrimId = scrimIds[nextOther++];
    return time(() => setResult(scrimId, 'teamOne'));
  };
  // The raw reference: the season's lock and ten ratings written, through the driver alone.
  const ten = played.slice(0, 10);
  let rawClient;
  if (databaseUrl) {
    rawClient = new pg.Client({ connectionString: databaseUrl });
    rawClient.on('error', () => {});
    await rawClient.connect();
  }
  const rawWrite = async () => {
    const statements = [
      ['select id from seasons where ended_at is null for update', []],
      [
        'update player_ratings set updated_at = now() where season_id = $1 and user_id = any($2::uuid[])',
        [seasonId, ten],
      ],
    ];
    if (rawClient) {
      await rawClient.query('begin');
      for (const [text, params] of statements) await rawClient.query(text, params);
      await rawClient.query('commit');
    } else {
      await db.$client.transaction(async (tx) => {
        for (const [text, params] of statements) await tx.query(text, params);
      });
    }
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < 5; i++) raw.push(await time(rawWrite));
    quiet.push(await rateOther());
    // The oldest result is cleared: the change commits, the replay is left pending.
    const [{ scrim_id: oldest, team_won: winner }] = await rows(
      sql`select scrim_id, team_won from rated_results where season_id = ${seasonId} order by seq limit 1`,
    );
    changes.push(await time(async () => (await setResult(oldest, null)) || Promise.reject(new Error('no change'))));
    // The replay, a chunk per transaction, while other scrims' results are rated one after another.
    let done = false;
    const others = (async () => {
      while (!done && nextOther < scrimIds.length) waits.push(await rateOther());
    })();
    while (!done) {
      const started = performance.now();
      done = await replayRatingsChunk({ db });
      chunks.push(performance.now() - started);
    }
    await others;
    // Rated again (appended last): the next round's oldest is the next one.
    await setResult(oldest, winner);
    if (round === 0) {
      // The reference: the same replay in one transaction (one lock), after clearing the next oldest.
      const [{ scrim_id: next, team_won: nextWinner }] = await rows(
        sql`select scrim_id, team_won from rated_results where season_id = ${seasonId} order by seq limit 1`,
      );
      await setResult(next, null);
      fullReplay.push(await time(() => replayRatingsChunk({ db, games: Number.MAX_SAFE_INTEGER, budgetMs: 0 })));
      await replayRatingsChunk({ db });
      await setResult(next, nextWinner);
    }
  }
  const pending = await rows(sql`select count(*)::int as n from rating_replays`);
  if (pending[0].n !== 0) throw new Error('a replay is still pending');
  if (rawClient) await rawClient.end();
  const rawRef = `raw lock-and-write transaction (${rawClient ? 'pg client' : 'PGlite client'}): p50 ${fmt(percentile(raw, 50))} ms`;
  const quietRef = `another result on a quiet season: p50 ${fmt(percentile(quiet, 50))} ms`;
  const fullRef = `the whole replay in one transaction: ${fmt(fullReplay[0])} ms`;
  const totalReplay = chunks.reduce((a, b) => a + b, 0) / ROUNDS;
  report(
    'rating-replay',
    `Clearing the oldest of ${GAMES.toLocaleString('en')} rated results on ${handle.kind}, ${ROUNDS} rounds, ${waits.length} other results rated during the replays (load average ${load()})`,
    [
      {
        figure: 'the change (result cleared): p50',
        budget: 'reported',
        measured: `${fmt(percentile(changes, 50))} ms`,
        reference: rawRef,
        ratio: fmt(percentile(changes, 50) / percentile(raw, 50), 1),
        ok: null,
      },
      {
        figure: 'the change (result cleared): p99',
        budget: `<= ${BUDGET_MS} ms`,
        measured: `${fmt(percentile(changes, 99))} ms`,
        reference: rawRef,
        ratio: fmt(percentile(changes, 99) / percentile(raw, 50), 1),
        ok: percentile(changes, 99) <= BUDGET_MS,
      },
      {
        figure: "another scrim's result during a replay: p50",
        budget: 'reported',
        measured: `${fmt(percentile(waits, 50))} ms`,
        reference: quietRef,
        ratio: fmt(percentile(waits, 50) / percentile(quiet, 50), 1),
        ok: null,
      },
      {
        figure: "another scrim's result during a replay: p99",
        budget: `<= ${BUDGET_MS} ms`,
        measured: `${fmt(percentile(waits, 99))} ms (longest ${fmt(Math.max(...waits))} ms)`,
        reference: quietRef,
        ratio: fmt(percentile(waits, 99) / percentile(quiet, 50), 1),
        ok: percentile(waits, 99) <= BUDGET_MS,
      },
      {
        figure: 'a replay chunk (season lock held): p50 / p99 / longest',
        budget: 'reported',
        measured: `${fmt(percentile(chunks, 50))} / ${fmt(percentile(chunks, 99))} / ${fmt(Math.max(...chunks))} ms (${chunks.length} chunks)`,
        reference: fullRef,
        ratio: fmt(percentile(chunks, 99) / fullReplay[0], 3),
        ok: null,
      },
      {
        figure: 'the whole replay (all chunks), per round',
        budget: 'reported',
        measured: `${fmt(totalReplay)} ms (mean)`,
        reference: fullRef,
        ratio: fmt(totalReplay / fullReplay[0], 2),
        ok: null,
      },
    ],
  );
  console.log(`uptime: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (admin) {
    await admin.end().catch(() => {});
    const cleanup = new pg.Client({ connectionString: baseUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${dbName} with (force)`);
    await cleanup.end();
  }
}
