// Game day against a Riot that fails on purpose: N scrims on two instances (PostgreSQL, Redis), each filled by its
// ten players through the API, given its tournament code by the server at the start, then finished by the fake
// Riot with faults drawn from a seed (apps/server/src/test/fake-riot-faults.ts: dropped or duplicate callbacks,
// late or 404 match-v5, empty games/by-code, 429, 5xx, null PUUIDs, side swaps, remakes, strangers). Time runs
// fast: the fake's clock and the scrims' result and match jobs (their run_at moved forward as time passes) go
// `--speed` times faster than the wall clock; Riot's rate limits and Retry-After stay in real seconds.
// Reports the games whose final result and sides are right without a person, time to result, results rated
// twice, lost results, Riot requests per game, the peak request rate per routing value per 10 s and the load.
// Usage: node bench/riot-chaos.mjs [--games 1000] [--seed 1] [--speed 60] [--concurrency 16]
//   (env: DATABASE_URL, a PostgreSQL server's URL whose database is replaced by a fresh one; REDIS_URL)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { report, startServer } from './lib.mjs';
import { fmt, insertUsers, percentile, SLOTS, startBenchServer } from './postgres.mjs';

const { values: args } = parseArgs({
  options: {
    games: { type: 'string', default: '1000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    speed: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '16' },
  },
});
const GAMES = Number(args.games);
const SEED = Number(args.seed);
const SPEED = Number(args.speed);
const CONCURRENCY = Number(args.concurrency);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MINUTE = 60_000;
/** Real ms from a scrim's creation to its start (its players join in between). */
const LEAD_MS = 15_000;
/** Riot's production key: 500 requests per 10 s per routing value. */
const KEY_LIMIT = { requests: 500, seconds: 10 };
/** After the last game, how long (virtual) the results may take: the longest fault, 2 polls and a retry. */
const SETTLE_VIRTUAL_MS = 100 * MINUTE;
/** The jobs whose waits are game time (polls, fetch backoff); the code job's waits are Riot's real limits. */
const FAST_JOBS = ['scrim.result-poll', 'scrim.match-fetch'];

console.log(`riot-chaos: ${GAMES} games, seed ${SEED}, speed ×${SPEED}`);

/** The fake Riot and its fault plan, bundled from TypeScript for this process. */
async function loadFakeRiot() {
  const dir = mkdtempSync(join(tmpdir(), 'riot-chaos-'));
  const outfile = join(dir, 'fake-riot.mjs');
  await build({
    stdin: {
      contents: [
        "export * from './apps/server/src/test/fake-riot.ts';",
        "export * from './apps/server/src/test/fake-riot-faults.ts';",
        "export { seededRandom } from './apps/server/src/test/fake-riot-match.ts';",
      ].join('\n'),
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  const module = await import(outfile);
  rmSync(dir, { recursive: true, force: true });
  return module;
}

const { startFakeRiot, createFaultPlan, randomFaults, faultKindsOf, seededRandom } = await loadFakeRiot();

/** Everything random is drawn here, per game, before anything runs: one seed, one run. */
const roll = seededRandom(SEED);
const draws = Array.from({ length: GAMES }, () => ({
  faults: randomFaults(roll),
  teamOneWins: roll(0, 1) === 1,
  /** Virtual minutes from the code to the game's end, and from a remake to its replay. */
  gameMinutes: roll(25, 40),
  replayMinutes: roll(3, 10),
}));

const startedAt = Date.now();
const clock = { now: () => startedAt + (Date.now() - startedAt) * SPEED };
const virtualToReal = (ms) => ms / SPEED;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const fake = await startFakeRiot({ players: [] });
const plan = createFaultPlan(fake, { clock, seed: SEED });
/** Every Riot API request's time and routing value (the plan's intercept sees each one). */
const stamps = [];
const planIntercept = fake.intercept;
fake.intercept = (request) => {
  if (/^\/(riot|lol)\//.test(request.path))
    stamps.push({ at: Date.now(), routing: request.routing, path: request.path });
  return planIntercept(request);
};

const env = {
  RIOT_API_KEY: fake.apiKey,
  RIOT_API_BASE_URL: fake.url,
  DDRAGON_BASE_URL: fake.url,
  REDIS_URL,
  REDIS_PREFIX: `bench-chaos-${process.pid}`,
  // The jobs' retries after Riot's faults are expected here: only errors are worth printing.
  LOG_LEVEL: 'error',
};
const first = await startBenchServer({ env });
let second;
const loads = [loadavg()[0]];
const loadTimer = setInterval(() => loads.push(loadavg()[0]), 5000);
let shiftTimer;
try {
  second = await startServer({
    ...env,
    DATABASE_URL: first.databaseUrl,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost',
  });
  const origins = [first.url, second.url];
  const serversUpAt = Date.now();
  const pool = first.pool;

  // Fast time for the scrims' result polls and match fetches: each tick moves their waits forward.
  let lastShift = Date.now();
  shiftTimer = setInterval(() => {
    const now = Date.now();
    const seconds = ((now - lastShift) / 1000) * (SPEED - 1);
    lastShift = now;
    pool
      .query(
        `update jobs set run_at = greatest(now(), run_at - make_interval(secs => $1))
         where completed_at is null and claimed_at is null and kind = any($2) and run_at > now()`,
        [seconds, FAST_JOBS],
      )
      .catch(() => {});
  }, 250);

  const [admin] = await insertUsers(pool, { count: 1, prefix: 'chaosadmin', isAdmin: true });
  const users = await insertUsers(pool, { count: GAMES * 10, prefix: 'chaos' });
  const { rows: named } = await pool.query('select id, name, summoner_tagline from users where id = any($1)', [
    users.map((u) => u.id),
  ]);
  const nameOf = new Map(named.map((row) => [row.id, row]));
  const puuidOf = new Map();
  for (const user of users) {
    const { name, summoner_tagline: tagLine } = nameOf.get(user.id);
    puuidOf.set(user.id, fake.addPlayer({ gameName: name, tagLine, platform: 'na1' }).puuid);
  }

  const api = async (origin, method, path, token, body) => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };

  /** Per game: its scrim, players, code, and what happened when. */
  const games = draws.map((draw, index) => ({ index, ...draw, players: users.slice(index * 10, index * 10 + 10) }));

  /** Creates the game's scrim (starting LEAD_MS from now) and seats its ten players, through both instances. */
  async function createGame(game) {
    const origin = origins[game.index % 2];
    const scrim = await api(origin, 'POST', '/api/scrims', admin.token, {
      title: `Chaos ${SEED} #${game.index}`,
      region: 'NA',
      gameStartTime: new Date(Date.now() + LEAD_MS).toISOString(),
      isWithCasters: false,
      maxCastersAllowedCount: 0,
      checkInEnabled: false,
      useTournamentCode: true,
    });
    game.scrimId = scrim._id;
    await Promise.all(
      game.players.map((player, i) =>
        api(
          origins[(game.index + i) % 2],
          'PATCH',
          `/api/scrims/${game.scrimId}/insert-player/${player.id}`,
          player.token,
          {
            playerData: { role: SLOTS[i].role, team: { name: SLOTS[i].team } },
          },
        ),
      ),
    );
    game.createdAt = Date.now();
  }

  /** Waits for the scrim's code, then plays its game (and the replay after a remake) with the drawn faults. */
  async function playGame(game) {
    while (!game.code) await sleep(200);
    plan.set(game.code, game.faults);
    const side = (team) => game.players.filter((_, i) => SLOTS[i].team === team).map((p) => puuidOf.get(p.id));
    game.teamOne = side('teamOne');
    game.teamTwo = side('teamTwo');
    plan.fillLobby(game.code, [...game.teamOne, ...game.teamTwo]);
    await sleep(virtualToReal(game.gameMinutes * MINUTE));
    const input = {
      code: game.code,
      teamOne: game.teamOne,
      teamTwo: game.teamTwo,
      teamOneWins: game.teamOneWins,
      origin: origins[game.index % 2],
    };
    let played = await plan.play(input);
    if (played.remake) {
      game.remadeAt = Date.now();
      await sleep(virtualToReal(game.replayMinutes * MINUTE));
      played = await plan.play(input);
    }
    game.played = played;
    game.endedAt = Date.now();
  }

  // Every 300 ms: the codes the server made, and each scrim's result as it appears.
  const byScrim = new Map();
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const ids = games.filter((g) => g.scrimId).map((g) => g.scrimId);
      if (ids.length > 0) {
        const { rows } = await pool.query(
          `select s.id, s.team_won, s.result_source, t.tournament_code, m.status as match_status
           from scrims s left join riot_tournaments t on t.scrim_id = s.id left join scrim_matches m on m.scrim_id = s.id
           where s.id = any($1)`,
          [ids],
        );
        const at = Date.now();
        for (const row of rows) {
          const game = byScrim.get(row.id);
          if (!game) continue;
          if (row.tournament_code && !game.code) {
            game.code = row.tournament_code;
            game.codeAt = at;
          }
          if (row.team_won !== game.teamWon) {
            game.results = [...(game.results ?? []), { team: row.team_won, at }];
            game.teamWon = row.team_won;
          }
          game.resultSource = row.result_source;
          game.matchStatus = row.match_status;
        }
      }
      await sleep(300);
    }
  })();

  const expectedOf = (game) => ((game.faults.strangers ?? 0) >= 3 ? null : game.teamOneWins ? 'teamOne' : 'teamTwo');
  const settled = (game) =>
    game.endedAt &&
    game.teamWon === expectedOf(game) &&
    (expectedOf(game) === null || game.matchStatus === 'ready' || game.matchStatus === 'failed');

  // Creation in parallel lanes; each game then plays on its own.
  const playing = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < games.length) {
        const game = games[next++];
        await createGame(game);
        byScrim.set(game.scrimId, game);
        playing.push(playGame(game));
      }
    }),
  );
  const createdAllAt = Date.now();
  console.log(`created ${GAMES} scrims with their players in ${fmt((createdAllAt - serversUpAt) / 1000)} s`);
  await Promise.all(playing);
  const playedAllAt = Date.now();
  console.log(`played every game ${fmt((playedAllAt - startedAt) / 1000)} s after the start`);
  const settleDeadline = playedAllAt + virtualToReal(SETTLE_VIRTUAL_MS);
  while (Date.now() < settleDeadline && !games.every(settled)) await sleep(500);
  watching = false;
  await watcher;
  const endedAt = Date.now();

  // Sides: each game's stored match, its match id and our players' sides.
  const { rows: lines } = await pool.query(
    `select m.scrim_id, m.match_id, p.user_id, p.side from scrim_matches m join match_participants p on p.scrim_id = m.scrim_id
     where m.scrim_id = any($1) and m.status = 'ready'`,
    [games.map((g) => g.scrimId)],
  );
  const linesOf = new Map();
  for (const line of lines) linesOf.set(line.scrim_id, [...(linesOf.get(line.scrim_id) ?? []), line]);
  const sidesRight = (game) => {
    const stored = linesOf.get(game.scrimId) ?? [];
    if (stored.length === 0 || stored[0].match_id !== game.played.matchId) return false;
    const sideOfUser = new Map(stored.map((line) => [line.user_id, line.side]));
    const teamOneSide = game.faults.sideSwap ? 'red' : 'blue';
    return game.players.every((player, i) => {
      const side = sideOfUser.get(player.id);
      if (side === undefined) return true; // replaced by a stranger in this game
      return side === (SLOTS[i].team === 'teamOne' ? teamOneSide : teamOneSide === 'blue' ? 'red' : 'blue');
    });
  };
  const { rows: rated } = await pool.query(
    `select (select count(*)::int from rating_replays) as replays,
            (select count(*)::int from rated_results where scrim_id = any($1)) as rated,
            (select count(*)::int from (select scrim_id from rating_history where scrim_id = any($1)
               group by scrim_id having count(*) > 10) twice) as over`,
    [games.map((g) => g.scrimId)],
  );

  // Figures.
  const withResult = games.filter((g) => expectedOf(g) !== null);
  const right = games.filter(
    (g) => g.teamWon === expectedOf(g) && (expectedOf(g) === null || g.resultSource === 'riot'),
  );
  const rightWithSides = right.filter((g) => expectedOf(g) === null || sidesRight(g));
  const lost = withResult.filter((g) => g.teamWon === null);
  const wrong = games.filter((g) => g.teamWon !== null && g.teamWon !== expectedOf(g));
  const times = right
    .filter((g) => expectedOf(g) !== null)
    .map((g) => {
      const first = (g.results ?? []).find((r) => r.team === expectedOf(g));
      return Math.max(0, (first?.at ?? g.endedAt) - g.endedAt);
    });
  const apiStamps = stamps.filter((s) => s.at >= startedAt);
  const peakByRouting = {};
  for (const routing of new Set(apiStamps.map((s) => s.routing))) {
    const at = apiStamps.filter((s) => s.routing === routing).map((s) => s.at);
    let sliding = 0;
    for (let lo = 0, hi = 0; hi < at.length; hi++) {
      while (at[hi] - at[lo] >= KEY_LIMIT.seconds * 1000) lo++;
      sliding = Math.max(sliding, hi - lo + 1);
    }
    // Riot counts fixed windows, each opened by the first request after the previous one closed.
    let fixed = 0;
    for (let start = 0, i = 0; i < at.length; i++) {
      if (at[i] - at[start] >= KEY_LIMIT.seconds * 1000) start = i;
      fixed = Math.max(fixed, i - start + 1);
    }
    peakByRouting[routing] = { fixed, sliding };
  }
  const kindOfPath = (path) =>
    path.includes('/accounts/')
      ? 'account'
      : path.includes('/games/by-code/')
        ? 'games/by-code'
        : path.includes('/lobby-events/')
          ? 'lobby-events'
          : path.includes('/match/v5/')
            ? 'match-v5'
            : path.includes('/codes')
              ? 'codes'
              : 'other';
  const perKind = {};
  for (const s of apiStamps) perKind[kindOfPath(s.path)] = (perKind[kindOfPath(s.path)] ?? 0) + 1;
  const faultCounts = {};
  for (const game of games)
    for (const kind of faultKindsOf(game.faults)) faultCounts[kind] = (faultCounts[kind] ?? 0) + 1;
  const wrongByFault = {};
  for (const game of games.filter((g) => !rightWithSides.includes(g))) {
    const key = faultKindsOf(game.faults).join('+') || 'none';
    wrongByFault[key] = (wrongByFault[key] ?? 0) + 1;
  }
  const toVirtualMin = (ms) => (ms * SPEED) / MINUTE;
  const peakLoad = Math.max(...loads);

  console.log('\nfaults drawn (games):', faultCounts);
  console.log('games not right, by their faults:', wrongByFault);
  console.log('Riot requests by kind:', perKind);
  const { rows: known } = await pool.query(
    `select t.scrim_id, t.last_error, count(u.riot_puuid)::int as known
     from riot_tournaments t join scrim_participants p on p.scrim_id = t.scrim_id and p.kind = 'player' join users u on u.id = p.user_id
     where t.scrim_id = any($1) group by t.scrim_id, t.last_error`,
    [lost.map((g) => g.scrimId)],
  );
  const knownOf = new Map(known.map((row) => [row.scrim_id, row]));
  const lostWithout = lost.filter((g) => (knownOf.get(g.scrimId)?.known ?? 0) < 10).length;
  console.log(`lost results: ${lost.length}, of which ${lostWithout} with players whose PUUID the server never stored`);
  for (const game of lost.slice(0, 5)) {
    const faults = faultKindsOf(game.faults).join('+') || 'none';
    const row = knownOf.get(game.scrimId);
    console.log(
      `lost: game ${game.index} (${faults}): callbacks ${JSON.stringify(game.played.callbackStatuses)}, ` +
        `${row?.known ?? '?'}/10 PUUIDs stored, code error: ${row?.last_error ?? 'none'}`,
    );
  }
  for (const game of wrong.slice(0, 5)) {
    const faults = faultKindsOf(game.faults).join('+') || 'none';
    console.log(`wrong: game ${game.index} (${faults}): expected ${expectedOf(game)}, got ${game.teamWon}`);
  }
  const stored = games.filter((g) => g.matchStatus === 'ready').length;
  const failed = games.filter((g) => g.matchStatus === 'failed').length;
  const peaks = Object.entries(peakByRouting);
  const reported = { budget: 'reported', ok: null };
  report('riot-chaos', `Riot chaos: ${GAMES} games, seed ${SEED}, speed ×${SPEED}, two instances`, [
    {
      figure: 'games with the right final result and sides, without a person',
      budget: '100 %',
      measured: `${rightWithSides.length}/${GAMES} (${fmt((100 * rightWithSides.length) / GAMES)} %)`,
      reference: `right result ${right.length}, wrong ${wrong.length}; matches stored ${stored}, failed ${failed}`,
      ok: rightWithSides.length === GAMES,
    },
    { figure: 'lost results (none at the end)', budget: '0', measured: String(lost.length), ok: lost.length === 0 },
    {
      figure: 'results rated twice',
      budget: '0',
      measured: String(rated[0].over),
      reference: `rating replays ${rated[0].replays}; scrims rated ${rated[0].rated}`,
      ok: rated[0].over === 0 && rated[0].replays === 0,
    },
    {
      figure: 'time to result p50 / p99 (game time; wall clock)',
      measured:
        `${fmt(toVirtualMin(percentile(times, 50)))} / ${fmt(toVirtualMin(percentile(times, 99)))} min; ` +
        `${fmt(percentile(times, 50) / 1000)} / ${fmt(percentile(times, 99) / 1000)} s`,
      ...reported,
    },
    { figure: 'Riot requests per game', measured: fmt(apiStamps.length / GAMES, 2), ...reported },
    ...peaks.map(([routing, peak]) => ({
      figure: `peak Riot requests on ${routing}: in Riot's ${KEY_LIMIT.seconds} s window; in any ${KEY_LIMIT.seconds} s`,
      budget: `<= ${KEY_LIMIT.requests} per window`,
      measured: `${peak.fixed}; ${peak.sliding}`,
      ok: peak.fixed <= KEY_LIMIT.requests,
    })),
    {
      figure: 'load average (1 min): start / peak / end',
      measured: `${fmt(loads[0], 2)} / ${fmt(peakLoad, 2)} / ${fmt(loadavg()[0], 2)}`,
      ...reported,
    },
    {
      figure: 'wall time: servers up / scrims created / all played / settled',
      measured:
        [serversUpAt, createdAllAt, playedAllAt, endedAt].map((at) => fmt((at - startedAt) / 1000)).join(' / ') + ' s',
      ...reported,
    },
  ]);
} finally {
  clearInterval(loadTimer);
  clearInterval(shiftTimer);
  await second?.stop();
  await first.close();
  await fake.close();
}
process.exit();
