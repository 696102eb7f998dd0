import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamName } from '@scrim-gym/shared';
import { playerRatings, ratedResults, ratingHistory, ratingReplays, scrims, seasons } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { scrimApi } from '../../test/scrim-api.js';
import { ALL_SLOTS, addCaster, addPlayers, createScrim } from '../../test/scrim-factories.js';
import {
  DEFAULT_MU,
  DEFAULT_SIGMA,
  displayRating,
  replayRatings,
  seedRating,
  type GameResult,
} from './ratings.model.js';
import { replayPendingRatings, replayRatingsChunk } from './replay/replay.service.js';
import { syncScrimRatings } from './results/results.service.js';
import { softReset } from './seasons/seasons.service.js';

let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const HOUR = 3_600_000;
const RANKS = ['Iron 2', 'Silver 1', 'Gold 2', 'Platinum 4', 'Diamond 1', 'Master', 'Unranked', 'Bronze 3'];

async function currentSeasonId() {
  const [row] = await db().select().from(seasons).where(isNull(seasons.endedAt));
  return row!.id;
}

/** `count` players with varied ranks (their seeds differ). */
const pool = (count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => createUser({ db: db(), rank: RANKS[i % RANKS.length]! })));

/** The rules of a server without Riot Sign On. */
const rules = { verifiedOnly: false };

/** A started scrim with these ten players in ALL_SLOTS order (five teamOne, then five teamTwo). */
async function playedScrim(players: TestUser[]) {
  const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - HOUR) });
  await addPlayers({ db: db(), scrim, users: players });
  return scrim;
}

/** Sets the scrim's result as stored by the scrims module (status confirmed unless told), then syncs. */
async function setResult(scrimId: string, teamWon: TeamName | null, status: 'confirmed' | 'pending' = 'confirmed') {
  await db()
    .update(scrims)
    .set({ teamWon, resultStatus: teamWon ? status : null, resultSource: teamWon ? 'admin' : null })
    .where(eq(scrims.id, scrimId));
  return syncScrimRatings({ db: db(), scrimId, rules });
}

const ratingsOf = async (ids: string[]) => {
  const seasonId = await currentSeasonId();
  const rows = await db()
    .select()
    .from(playerRatings)
    .where(and(eq(playerRatings.seasonId, seasonId), inArray(playerRatings.userId, ids)));
  return new Map(rows.map((r) => [r.userId, r]));
};

interface Game {
  scrimId: string;
  players: TestUser[];
  winner: TeamName;
}
const asResult = ({ players, winner }: Game): GameResult => ({
  blue: players.slice(0, 5).map((p) => p.id),
  red: players.slice(5).map((p) => p.id),
  winner: winner === 'teamOne' ? 'blue' : 'red',
});

/**
 * What every player's stored rating must be after exactly `games`, in order, from the seeds of their ranks, once
 * the season's pending replay (the rating-replay job's work) has run.
 */
async function expectRatingsOf(users: TestUser[], games: Game[]) {
  await replayPendingRatings({ db: db() });
  const seeds = new Map(users.map((u) => [u.id, seedRating(u.rank)]));
  const replay = replayRatings(seeds, games.map(asResult));
  const stored = await ratingsOf(users.map((u) => u.id));
  for (const user of users) {
    const played = games.filter((g) => g.players.some((p) => p.id === user.id));
    const row = stored.get(user.id);
    if (played.length === 0) {
      expect(row, `${user.name} was never rated`).toBeUndefined();
      continue;
    }
    const expected = replay.ratings.get(user.id)!;
    const onBlue = (g: Game) => g.players.findIndex((p) => p.id === user.id) < 5;
    const wins = played.filter((g) => onBlue(g) === (g.winner === 'teamOne')).length;
    // Bit for bit: the doubles go through the database unchanged.
    expect({
      mu: row!.mu,
      sigma: row!.sigma,
      rating: row!.rating,
      gamesRated: row!.gamesRated,
      wins: row!.wins,
    }).toEqual({
      mu: expected.mu,
      sigma: expected.sigma,
      rating: displayRating(expected),
      gamesRated: played.length,
      wins,
    });
  }
  // Each game's history holds the replay's before and after.
  for (const [i, game] of games.entries()) {
    const rows = await db().select().from(ratingHistory).where(eq(ratingHistory.scrimId, game.scrimId));
    expect(rows).toHaveLength(10);
    for (const change of replay.changes[i]!) {
      const row = rows.find((r) => r.userId === change.userId)!;
      expect([row.muBefore, row.sigmaBefore, row.muAfter, row.sigmaAfter]).toEqual([
        change.before.mu,
        change.before.sigma,
        change.after.mu,
        change.after.sigma,
      ]);
      expect([row.ratingBefore, row.ratingAfter]).toEqual([displayRating(change.before), displayRating(change.after)]);
    }
  }
  // The rated order is the games' order.
  const order = await db()
    .select({ scrimId: ratedResults.scrimId })
    .from(ratedResults)
    .where(inArray(ratedResults.scrimId, games.map((g) => g.scrimId).concat(['00000000-0000-0000-0000-000000000000'])))
    .orderBy(asc(ratedResults.seq));
  expect(order.map((r) => r.scrimId)).toEqual(games.map((g) => g.scrimId));
}

/** Four games among fifteen players who overlap, rated in order. */
async function fourGames() {
  const users = await pool(15);
  const lineups = [
    users.slice(0, 10),
    [...users.slice(5, 10), ...users.slice(10, 15)],
    [users[0]!, users[10]!, users[2]!, users[12]!, users[4]!, users[5]!, users[11]!, users[7]!, users[13]!, users[9]!],
    [...users.slice(10, 15), ...users.slice(0, 5)],
  ];
  const winners: TeamName[] = ['teamOne', 'teamTwo', 'teamTwo', 'teamOne'];
  const games: Game[] = [];
  for (const [i, players] of lineups.entries()) {
    const scrim = await playedScrim(players);
    expect(await setResult(scrim.id, winners[i]!)).toBe(true);
    games.push({ scrimId: scrim.id, players, winner: winners[i]! });
  }
  return { users, games };
}

describe('syncScrimRatings', () => {
  it('rates a confirmed result of ten players once, from the seeds of their ranks; casters never', async () => {
    const players = await pool(10);
    const scrim = await playedScrim(players);
    const caster = await addCaster({ db: db(), scrim });
    expect(await setResult(scrim.id, 'teamTwo')).toBe(true);
    expect(await syncScrimRatings({ db: db(), scrimId: scrim.id, rules })).toBe(false);
    expect(await syncScrimRatings({ db: db(), scrimId: scrim.id, rules })).toBe(false);
    await expectRatingsOf([...players, caster], [{ scrimId: scrim.id, players, winner: 'teamTwo' }]);
    const stored = await ratingsOf(players.map((p) => p.id));
    expect(stored.get(players[0]!.id)!.region).toBe('NA');
    const history = await db().select().from(ratingHistory).where(eq(ratingHistory.scrimId, scrim.id));
    expect(history.find((h) => h.userId === players[7]!.id)).toMatchObject({
      team: ALL_SLOTS[7]!.team,
      role: ALL_SLOTS[7]!.role,
      won: true,
    });
  });

  it('leaves pending, disputed and short-handed results unrated', async () => {
    const players = await pool(10);
    const scrim = await playedScrim(players);
    expect(await setResult(scrim.id, 'teamOne', 'pending')).toBe(false);
    await db().update(scrims).set({ resultStatus: 'disputed' }).where(eq(scrims.id, scrim.id));
    expect(await syncScrimRatings({ db: db(), scrimId: scrim.id, rules })).toBe(false);
    const nine = await playedScrim((await pool(9)) as TestUser[]);
    expect(await setResult(nine.id, 'teamOne')).toBe(false);
    expect(await ratingsOf(players.map((p) => p.id))).toEqual(new Map());
    expect(await syncScrimRatings({ db: db(), scrimId: '00000000-0000-0000-0000-000000000000', rules })).toBe(false);
  });

  it('a cleared result restores every rating exactly, later games replayed as if it had never been', async () => {
    const { users, games } = await fourGames();
    await expectRatingsOf(users, games);
    expect(await setResult(games[1]!.scrimId, null)).toBe(true);
    await expectRatingsOf(users, [games[0]!, games[2]!, games[3]!]);
    expect(await db().select().from(ratingHistory).where(eq(ratingHistory.scrimId, games[1]!.scrimId))).toEqual([]);
  });

  it('clearing the only game of players removes their rows (never rated); later games are replayed', async () => {
    const once = await pool(10);
    const first = await playedScrim(once);
    expect(await setResult(first.id, 'teamOne')).toBe(true);
    const { users, games } = await fourGames();
    expect((await ratingsOf(once.map((u) => u.id))).size).toBe(10);
    expect(await setResult(first.id, null)).toBe(true);
    await expectRatingsOf([...once, ...users], games);
    // Cleared twice: nothing more to do.
    expect(await syncScrimRatings({ db: db(), scrimId: first.id, rules })).toBe(false);
  });

  it('a changed winner is reversed, the later games replayed, and the new result rated last', async () => {
    const { users, games } = await fourGames();
    expect(await setResult(games[1]!.scrimId, 'teamOne')).toBe(true);
    await expectRatingsOf(users, [games[0]!, games[2]!, games[3]!, { ...games[1]!, winner: 'teamOne' }]);
    // Back again: the same as a straight replay in the new order.
    expect(await setResult(games[1]!.scrimId, 'teamTwo')).toBe(true);
    await expectRatingsOf(users, [games[0]!, games[2]!, games[3]!, games[1]!]);
  });

  it('deleting a rated scrim reverses its ratings first', async () => {
    const admin = await createAdmin({ db: db() });
    const { users, games } = await fourGames();
    const res = await api.call('DELETE', `/api/scrims/${games[2]!.scrimId}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    await expectRatingsOf(users, [games[0]!, games[1]!, games[3]!]);
  });
});

describe('season replays', () => {
  it('a reversal commits at once and leaves the later results to the replay, which the next chunk starts', async () => {
    const { games } = await fourGames();
    await replayPendingRatings({ db: db() });
    const [third] = await db().select().from(ratingHistory).where(eq(ratingHistory.scrimId, games[2]!.scrimId));
    expect(await setResult(games[0]!.scrimId, null)).toBe(true);
    // The change touched only its own result: the later rows are as they were until the replay reaches them.
    const [pending] = await db().select().from(ratingReplays);
    expect(pending).toBeDefined();
    const [unchanged] = await db()
      .select()
      .from(ratingHistory)
      .where(and(eq(ratingHistory.scrimId, games[2]!.scrimId), eq(ratingHistory.userId, third!.userId)));
    expect(unchanged).toEqual(third);
    expect(await replayRatingsChunk({ db: db(), games: 1, budgetMs: 0 })).toBe(false);
    await replayPendingRatings({ db: db() });
    expect(await db().select().from(ratingReplays)).toEqual([]);
  });

  it('a chunk replays steps until its time budget has passed, then commits the cursor', async () => {
    const { users, games } = await fourGames();
    await replayPendingRatings({ db: db() });
    const [first, ...rest] = games;
    const seqOf = async (scrimId: string) =>
      (await db().select().from(ratedResults).where(eq(ratedResults.scrimId, scrimId)))[0]!.seq;
    const second = await seqOf(rest[0]!.scrimId);
    expect(await setResult(first!.scrimId, null)).toBe(true);
    // No budget: one step of one result, and the cursor moves past it.
    expect(await replayRatingsChunk({ db: db(), games: 1, budgetMs: 0 })).toBe(false);
    const [pending] = await db().select().from(ratingReplays);
    expect(pending!.cursorSeq).toBe(second + 1);
    // A budget long enough: steps of one result each, to the end, in the same chunk.
    expect(await replayRatingsChunk({ db: db(), games: 1, budgetMs: 60_000 })).toBe(true);
    expect(await db().select().from(ratingReplays)).toEqual([]);
    await expectRatingsOf(users, rest);
  });

  it('a result rated while a replay is pending is rated exactly once, after the replayed ones', async () => {
    const { users, games } = await fourGames();
    await replayPendingRatings({ db: db() });
    const [first, ...rest] = games;
    expect(await setResult(first!.scrimId, null)).toBe(true);
    await replayRatingsChunk({ db: db(), games: 1, budgetMs: 0 });
    // Players of results already replayed and of results still ahead of the cursor.
    const players = [...users.slice(3, 8), ...users.slice(10, 15)];
    const scrim = await playedScrim(players);
    expect(await setResult(scrim.id, 'teamTwo')).toBe(true);
    expect(await setResult(scrim.id, 'teamTwo')).toBe(false);
    await replayPendingRatings({ db: db() });
    expect(await db().select().from(ratedResults).where(eq(ratedResults.scrimId, scrim.id))).toHaveLength(1);
    expect(await db().select().from(ratingHistory).where(eq(ratingHistory.scrimId, scrim.id))).toHaveLength(10);
    await expectRatingsOf(users, [...rest, { scrimId: scrim.id, players, winner: 'teamTwo' }]);
  });

  it('the leaderboard and the rating say the ratings are being recalculated while a replay is pending', async () => {
    const { users, games } = await fourGames();
    await replayPendingRatings({ db: db() });
    const viewer = await createUser({ db: db() });
    const flags = async () => [
      (await api.call('GET', '/api/leaderboard')).json().recalculating,
      (await api.call('GET', `/api/users/${users[0]!.id}/rating`, { token: viewer.token })).json().recalculating,
    ];
    expect(await flags()).toEqual([false, false]);
    expect(await setResult(games[0]!.scrimId, null)).toBe(true);
    expect(await flags()).toEqual([true, true]);
    await replayPendingRatings({ db: db() });
    expect(await flags()).toEqual([false, false]);
  });

  // Any interleaving of new results, cleared and changed ones and replay chunks of any size ends exactly as the
  // full replay of the results in their rated order.
  it('ends exactly as a full replay, whatever results are rated, changed or cleared while chunks run', async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('rate' as const),
        lineup: fc.shuffledSubarray([...Array(12).keys()], { minLength: 10, maxLength: 10 }),
        winner: fc.constantFrom<TeamName>('teamOne', 'teamTwo'),
      }),
      fc.record({ kind: fc.constant('flip' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('clear' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('chunk' as const), games: fc.integer({ min: 1, max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        await replayPendingRatings({ db: db() });
        const users = await pool(12);
        const rated: Game[] = [];
        for (const s of steps) {
          if (s.kind === 'rate') {
            const players = s.lineup.map((i) => users[i]!);
            const scrim = await playedScrim(players);
            expect(await setResult(scrim.id, s.winner)).toBe(true);
            rated.push({ scrimId: scrim.id, players, winner: s.winner });
          } else if (s.kind === 'chunk') {
            await replayRatingsChunk({ db: db(), games: s.games, budgetMs: 0 });
          } else if (rated.length > 0) {
            const [game] = rated.splice(s.pick % rated.length, 1);
            if (s.kind === 'flip') {
              const winner: TeamName = game!.winner === 'teamOne' ? 'teamTwo' : 'teamOne';
              expect(await setResult(game!.scrimId, winner)).toBe(true);
              rated.push({ ...game!, winner });
            } else expect(await setResult(game!.scrimId, null)).toBe(true);
          }
        }
        await expectRatingsOf(users, rated);
      }),
      { numRuns: 12 },
    );
    // Twelve runs of up to twelve scrims each: a busy machine needs more than the default.
  }, 120_000);
});

describe('GET /api/users/:id/rating', () => {
  const get = (id: string, token?: string, query = '') => api.call('GET', `/api/users/${id}/rating${query}`, { token });

  it('answers the contract: the seed of the rank for an unrated user, then the rating and its history', async () => {
    const viewer = await createUser({ db: db() });
    const [fresh] = await pool(1);
    const seed = seedRating(fresh!.rank);
    const res = await get(fresh!.id, viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rating: displayRating(seed),
      mu: seed.mu,
      sigma: seed.sigma,
      provisional: true,
      gamesRated: 0,
      history: [],
      recalculating: false,
    });

    const { users, games } = await fourGames();
    const player = users[0]!;
    const body = (await get(player.id, viewer.token)).json();
    const rows = await db()
      .select()
      .from(ratingHistory)
      .where(eq(ratingHistory.userId, player.id))
      .orderBy(asc(ratingHistory.seq));
    const stored = (await ratingsOf([player.id])).get(player.id)!;
    expect(body).toEqual({
      rating: stored.rating,
      mu: stored.mu,
      sigma: stored.sigma,
      provisional: true,
      gamesRated: 3,
      history: rows.map((r) => ({
        scrimId: r.scrimId,
        before: r.ratingBefore,
        after: r.ratingAfter,
        at: r.at.toISOString(),
      })),
      recalculating: false,
    });
    expect(body.history.map((h: { scrimId: string }) => h.scrimId)).toEqual([
      games[0]!.scrimId,
      games[2]!.scrimId,
      games[3]!.scrimId,
    ]);
  });

  it("names a private scrim in the history only to its player and admins, as the profile's list does", async () => {
    const stranger = await createUser({ db: db() });
    const admin = await createAdmin({ db: db() });
    const players = await pool(10);
    const [open, secret] = [await playedScrim(players), await playedScrim(players)];
    expect(await setResult(open.id, 'teamOne')).toBe(true);
    expect(await setResult(secret.id, 'teamTwo')).toBe(true);
    // Private after its result was rated (or rated before private scrims stopped counting): its row stays.
    await db().update(scrims).set({ isPrivate: true }).where(eq(scrims.id, secret.id));
    const player = players[0]!;
    const idsSeenBy = async (token: string) =>
      ((await get(player.id, token)).json().history as { scrimId: string }[]).map((h) => h.scrimId);
    expect(await idsSeenBy(stranger.token)).toEqual([open.id]);
    expect(await idsSeenBy(player.token)).toEqual([open.id, secret.id]);
    expect(await idsSeenBy(admin.token)).toEqual([open.id, secret.id]);
    // Another player of the same private scrim reads a teammate's profile as anyone does.
    expect(await idsSeenBy(players[1]!.token)).toEqual([open.id]);
  });

  it('refuses visitors (401) and banned users (403), bad input with 400, unknown user or season with 404', async () => {
    const viewer = await createUser({ db: db() });
    const banned = await createBannedUser({ db: db() });
    expect((await get(viewer.id)).statusCode).toBe(401);
    expect((await get(viewer.id, banned.token)).statusCode).toBe(403);
    expect((await get('not-an-id', viewer.token)).statusCode).toBe(400);
    expect((await get(viewer.id, viewer.token, '?season=abc')).statusCode).toBe(400);
    expect((await get(viewer.id, viewer.token, '?season=0')).statusCode).toBe(400);
    const unknownUser = await get('00000000-0000-4000-8000-000000000000', viewer.token);
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().code).toBe('USER_NOT_FOUND');
    const unknownSeason = await get(viewer.id, viewer.token, '?season=999999');
    expect(unknownSeason.statusCode).toBe(404);
    expect(unknownSeason.json().code).toBe('SEASON_NOT_FOUND');
  });
});

// Last in this file: a new season freezes the results rated before it.
describe('seasons', () => {
  const start = (token?: string, payload: object = {}) => api.call('POST', '/api/admin/seasons', { token, payload });

  it('lists the seasons; only an admin starts one; bad input changes nothing', async () => {
    const player = await createUser({ db: db() });
    const admin = await createAdmin({ db: db() });
    const banned = await createBannedUser({ db: db() });
    const list = await api.call('GET', '/api/seasons', { token: player.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: 1, name: 'Season 1', endedAt: null, current: true })]);
    expect((await api.call('GET', '/api/seasons')).statusCode).toBe(401);
    expect((await start()).statusCode).toBe(401);
    expect((await start(player.token)).statusCode).toBe(403);
    expect((await start(banned.token)).statusCode).toBe(403);
    expect((await start(admin.token, { name: 'x'.repeat(61) })).statusCode).toBe(400);
    expect((await start(admin.token, { name: 42 })).statusCode).toBe(400);
    expect(await db().select().from(seasons)).toHaveLength(1);
  });

  it('soft-resets every rating toward the mean; the old season stays readable and frozen', async () => {
    const admin = await createAdmin({ db: db() });
    const { users, games } = await fourGames();
    const oldSeason = await currentSeasonId();
    const before = await ratingsOf(users.map((u) => u.id));
    const oldBody = (await api.call('GET', `/api/users/${users[0]!.id}/rating`, { token: admin.token })).json();

    const res = await start(admin.token, { name: 'Winter' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Winter', endedAt: null, current: true });
    const seasonsNow = (await api.call('GET', '/api/seasons', { token: admin.token })).json();
    expect(seasonsNow.map((s: { name: string; current: boolean }) => [s.name, s.current])).toEqual([
      ['Winter', true],
      ['Season 1', false],
    ]);

    const after = await ratingsOf(users.map((u) => u.id));
    expect(after.size).toBe(before.size);
    for (const [userId, old] of before) {
      const expected = softReset(old);
      expect(expected.mu).toBe(DEFAULT_MU + (old.mu - DEFAULT_MU) / 2);
      expect(expected.sigma).toBe(Math.min(DEFAULT_SIGMA, old.sigma + DEFAULT_SIGMA / 2));
      expect(after.get(userId)).toMatchObject({ ...expected, rating: displayRating(expected), gamesRated: 0, wins: 0 });
    }
    // The old season as it was.
    const read = await api.call('GET', `/api/users/${users[0]!.id}/rating?season=${oldSeason}`, { token: admin.token });
    expect(read.json()).toEqual(oldBody);
    const fresh = (await api.call('GET', `/api/users/${users[0]!.id}/rating`, { token: admin.token })).json();
    expect(fresh).toMatchObject({ gamesRated: 0, provisional: true, history: [] });

    // A result rated in the ended season is final: clearing it moves nothing now.
    expect(await setResult(games[0]!.scrimId, null)).toBe(false);
    expect(await ratingsOf(users.map((u) => u.id))).toEqual(after);

    // A new game is rated from the carried-over ratings; clearing it restores them exactly (the rows stay).
    const scrim = await playedScrim(users.slice(0, 10));
    expect(await setResult(scrim.id, 'teamOne')).toBe(true);
    expect((await ratingsOf([users[0]!.id])).get(users[0]!.id)!.gamesRated).toBe(1);
    expect(await setResult(scrim.id, null)).toBe(true);
    await replayPendingRatings({ db: db() });
    const restored = await ratingsOf(users.map((u) => u.id));
    for (const [userId, row] of after)
      expect({ ...restored.get(userId)!, updatedAt: null }).toEqual({ ...row, updatedAt: null });
  });
});
