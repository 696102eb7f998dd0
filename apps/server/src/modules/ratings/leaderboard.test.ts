import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEADERBOARD_MESSAGES,
  LEADERBOARD_PAGE_SIZE,
  type LeaderboardResponse,
  type LeaderboardRow,
  type Region,
  type Role,
} from '@scrim-gym/shared';
import { playerRatings, ratedResults, ratingHistory, seasons, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { createScrim } from '../../test/scrim-factories.js';
import { encodeBoardCursor } from './leaderboard.cursor.js';
import { LEADERBOARD_BURST } from './leaderboard.routes.js';
import { PROVISIONAL_GAMES } from './ratings.model.js';

let ctx: TestContext;
let currentSeason: number;
let oldSeason: number;
const db = () => ctx.database.db;

interface Rated {
  user: TestUser;
  region: Region;
  rating: number;
  games: number;
  wins: number;
}
/** Everyone rated in the current season, in board order once sorted. */
const rated: Rated[] = [];
let me: Rated;
let unrated: TestUser;
let deleted: TestUser;
let banned: TestUser;
let admin: TestUser;

const byBoardOrder = (a: Rated, b: Rated) =>
  b.rating - a.rating || (a.user.id < b.user.id ? -1 : a.user.id > b.user.id ? 1 : 0);
/** The expected board: the listed players of the region (or all), best first, ties by user id. */
const boardOf = (region?: Region) => rated.filter((r) => !region || r.region === region).sort(byBoardOrder);

async function rate(
  user: TestUser,
  {
    region = user.region,
    rating,
    games = 12,
    wins = 6,
    seasonId = currentSeason,
  }: Partial<Rated> & {
    rating: number;
    seasonId?: number;
  },
) {
  await db()
    .insert(playerRatings)
    .values({ seasonId, userId: user.id, region, mu: 25, sigma: 8, rating, gamesRated: games, wins });
  const row = { user, region, rating, games, wins };
  if (seasonId === currentSeason) rated.push(row);
  return row;
}

/** A rated game of `user` in `role` (the rated result and its history row). */
async function played(user: TestUser, role: Role) {
  const scrim = await createScrim({ db: db() });
  await db().insert(ratedResults).values({ scrimId: scrim.id, seasonId: currentSeason, teamWon: 'teamOne' });
  const [result] = await db().select({ seq: ratedResults.seq }).from(ratedResults).orderBy(ratedResults.seq);
  await db().insert(ratingHistory).values({
    scrimId: scrim.id,
    userId: user.id,
    seasonId: currentSeason,
    seq: result!.seq,
    team: 'teamOne',
    role,
    won: true,
    muBefore: 25,
    sigmaBefore: 8,
    muAfter: 26,
    sigmaAfter: 7.9,
    ratingBefore: 1000,
    ratingAfter: 1030,
  });
}

const get = (query: Record<string, string> = {}, token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/leaderboard?${new URLSearchParams(query)}`,
    headers: token ? bearer(token) : {},
  });
const board = async (query: Record<string, string> = {}, token?: string) => {
  const res = await get(query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeaderboardResponse>();
};
/** Every page of a board, following nextCursor. */
async function wholeBoard(query: Record<string, string> = {}, token?: string) {
  const rows: LeaderboardRow[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: LeaderboardResponse = await board({ ...query, ...(cursor && { cursor }) }, token);
    rows.push(...page.rows);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { rows, pages };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const [current] = await db().select({ id: seasons.id }).from(seasons).where(isNull(seasons.endedAt));
  currentSeason = current!.id;
  const [old] = await db()
    .insert(seasons)
    .values({ name: 'Season 0', startedAt: new Date('2025-01-01'), endedAt: new Date('2025-06-01') })
    .returning({ id: seasons.id });
  oldSeason = old!.id;
  // 130 players, ratings in steps of 10 with runs of 7 equal ratings: a run straddles the first page boundary
  // (with the banned player on top).
  const players = await Promise.all(
    Array.from({ length: 130 }, (_, i) => createUser({ db: db(), region: i % 3 === 0 ? 'EUW' : 'NA' })),
  );
  for (const [i, user] of players.entries()) {
    await rate(user, { rating: 2000 - Math.floor((i + 1) / 7) * 10, games: i % 20, wins: Math.floor((i % 20) / 3) });
  }
  me = rated[70]!;
  unrated = await createUser({ db: db() });
  deleted = await createUser({ db: db() });
  await rate(deleted, { rating: 2990 });
  await db().update(users).set({ deletedAt: new Date(), name: 'Deleted player' }).where(eq(users.id, deleted.id));
  rated.pop();
  banned = await createBannedUser({ db: db() });
  await rate(banned, { rating: 2500 });
  admin = await createAdmin({ db: db() });
  // The old season: three players, another order.
  await rate(players[0]!, { rating: 100, seasonId: oldSeason });
  await rate(players[1]!, { rating: 300, seasonId: oldSeason });
  await rate(players[2]!, { rating: 200, seasonId: oldSeason });
});
afterAll(() => ctx.close());

const ids = (rows: { player: { _id: string } }[]) => rows.map((r) => r.player._id);

describe('GET /api/leaderboard', () => {
  it('is public: a visitor reads the first page of the current season, ranks 1…50, without `me`', async () => {
    const page = await board();
    expect(page.rows).toHaveLength(LEADERBOARD_PAGE_SIZE);
    expect(page.rows.map((r) => r.rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(ids(page.rows)).toEqual(
      boardOf()
        .slice(0, 50)
        .map((r) => r.user.id),
    );
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(page.me).toBeNull();
  });

  it('pages with the cursor through every row once, ranks = positions, ties ordered by user id', async () => {
    const expected = boardOf();
    const { rows, pages } = await wholeBoard();
    expect(pages).toBe(Math.ceil(expected.length / LEADERBOARD_PAGE_SIZE));
    expect(ids(rows)).toEqual(expected.map((r) => r.user.id));
    expect(rows.map((r) => r.rank)).toEqual(expected.map((_, i) => i + 1));
    // A run of equal ratings crosses the boundary between page 1 and page 2.
    expect(rows[49]!.rating).toBe(rows[50]!.rating);
    expect(rows[49]!.player._id < rows[50]!.player._id).toBe(true);
  });

  it('presents a row: the player card, verified, games, win rate, provisional', async () => {
    const [target] = boardOf().filter((r) => r.games === 7);
    await db().update(users).set({ riotLinkedAt: new Date() }).where(eq(users.id, target!.user.id));
    const { rows } = await wholeBoard();
    const row = rows.find((r) => r.player._id === target!.user.id)!;
    expect(row).toEqual({
      rank: expect.any(Number),
      player: {
        _id: target!.user.id,
        name: target!.user.name,
        summonerTagline: 'NA1',
        region: target!.user.region,
        rank: 'Gold 2',
      },
      verified: true,
      rating: target!.rating,
      games: 7,
      winRate: Math.round((100 * target!.wins) / 7),
      mainRole: 'Fill',
      provisional: 7 < PROVISIONAL_GAMES,
    });
    expect(rows.find((r) => r.games === 0)).toMatchObject({ winRate: 0, provisional: true });
    expect(rows.find((r) => r.games >= PROVISIONAL_GAMES)).toMatchObject({ provisional: false });
    expect(rows.filter((r) => r.verified)).toHaveLength(1);
  });

  it("main role: the season's most played role (ties by role order), else the primary role setting", async () => {
    const [a, b, c] = boardOf().slice(100, 103);
    await played(a!.user, 'Mid');
    await played(a!.user, 'Top');
    await played(a!.user, 'Mid');
    await played(b!.user, 'Support');
    await played(b!.user, 'Jungle');
    await db().update(users).set({ primaryRole: 'ADC' }).where(eq(users.id, c!.user.id));
    const { rows } = await wholeBoard();
    const roleOf = (r: Rated) => rows.find((row) => row.player._id === r.user.id)!.mainRole;
    expect([roleOf(a!), roleOf(b!), roleOf(c!)]).toEqual(['Mid', 'Jungle', 'ADC']);
  });

  it('filters by region: only the players rated there, ranked among themselves', async () => {
    for (const region of ['EUW', 'NA'] as const) {
      const expected = boardOf(region);
      const { rows } = await wholeBoard({ region });
      expect(ids(rows)).toEqual(expected.map((r) => r.user.id));
      expect(rows.map((r) => r.rank)).toEqual(expected.map((_, i) => i + 1));
    }
    const empty = await board({ region: 'OCE' });
    expect(empty).toEqual({ rows: [], nextCursor: null, me: null, recalculating: false });
    // An empty region parameter (a select left on "All") is every region.
    expect(ids((await board({ region: '' })).rows)).toEqual(ids((await board()).rows));
  });

  it('reads an old season by id; an unknown season is a 404, a malformed one a 400', async () => {
    const old = await board({ season: String(oldSeason) });
    expect(old.rows.map((r) => [r.rank, r.rating])).toEqual([
      [1, 300],
      [2, 200],
      [3, 100],
    ]);
    expect(old.nextCursor).toBeNull();
    expect(ids((await board({ season: String(currentSeason) })).rows)).toEqual(ids((await board()).rows));
    const unknown = await get({ season: '99999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: LEADERBOARD_MESSAGES.seasonNotFound(99999), code: 'SEASON_NOT_FOUND' });
    for (const season of ['abc', '0', '-1', '1.5', '99999999999', '1e3x']) {
      const res = await get({ season });
      expect(res.statusCode, season).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const region = await get({ region: 'XX' });
    expect(region.statusCode).toBe(400);
    expect(region.json().code).toBe('VALIDATION');
  });

  it('gives a signed-in player their own row with its rank, on any page, and null when they are not on the board', async () => {
    const expected = boardOf();
    const page = await board({}, me.user.token);
    expect(page.rows.some((r) => r.player._id === me.user.id)).toBe(false);
    expect(page.me).toMatchObject({ rank: expected.indexOf(me) + 1, rating: me.rating, player: { _id: me.user.id } });
    // On the page that lists them, `me` is that row.
    const { rows } = await wholeBoard({}, me.user.token);
    expect(rows.find((r) => r.player._id === me.user.id)).toEqual(page.me);
    // In their region: the rank among its players.
    const regional = await board({ region: me.region }, me.user.token);
    expect(regional.me?.rank).toBe(boardOf(me.region).indexOf(me) + 1);
    const elsewhere = me.region === 'NA' ? 'EUW' : 'NA';
    expect((await board({ region: elsewhere }, me.user.token)).me).toBeNull();
    expect((await board({ season: String(oldSeason) }, me.user.token)).me).toBeNull();
    expect((await board({}, unrated.token)).me).toBeNull();
    expect((await board({}, admin.token)).me).toBeNull();
  });

  it('lists banned players (and lets them read it) but not deleted accounts', async () => {
    const page = await board({}, banned.token);
    expect(page.rows[0]!.player._id).toBe(banned.id);
    expect(page.me).toMatchObject({ rank: 1, rating: 2500 });
    expect(ids((await wholeBoard()).rows)).not.toContain(deleted.id);
  });

  it('refuses a bad cursor with a 400', async () => {
    const first = await board({ region: 'NA' });
    const cursor = first.nextCursor!;
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      'not-a-cursor',
      '%%%',
      forged([currentSeason, 'NA', 1000]),
      forged([currentSeason, 'NA', 1000, 'not-a-uuid']),
      forged([currentSeason, 'XX', 1000, me.user.id]),
      forged([0, 'NA', 1000, me.user.id]),
      forged([currentSeason, 'NA', 1.5, me.user.id]),
      forged({ seasonId: currentSeason }),
      'x'.repeat(201),
    ];
    for (const value of bad) {
      const res = await get({ region: 'NA', cursor: value });
      expect(res.statusCode, value).toBe(400);
      expect(['BAD_CURSOR', 'VALIDATION']).toContain(res.json().code);
    }
    // A cursor of another board: another region, all regions, another season.
    const others: Record<string, string>[] = [{ region: 'EUW' }, {}, { region: 'NA', season: String(oldSeason) }];
    for (const query of others) {
      const res = await get({ ...query, cursor });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({ error: LEADERBOARD_MESSAGES.badCursor, code: 'BAD_CURSOR' });
    }
    // A cursor naming a season that does not exist.
    const ghost = encodeBoardCursor({ seasonId: 99999, region: 'NA', rating: 1000, userId: me.user.id });
    expect((await get({ region: 'NA', cursor: ghost })).statusCode).toBe(400);
    // An edited position is only another place on the same public board, ranked from the database.
    const edited = encodeBoardCursor({ seasonId: currentSeason, region: 'NA', rating: 1e9, userId: me.user.id });
    const top = await board({ region: 'NA', cursor: edited });
    expect(top.rows[0]?.rank).toBe(1);
  });

  it('keeps a cursor on its season when the query names none', async () => {
    const first = await board({ season: String(oldSeason) });
    const cursor = encodeBoardCursor({
      seasonId: oldSeason,
      region: null,
      rating: 300,
      userId: first.rows[0]!.player._id,
    });
    const next = await board({ cursor });
    expect(next.rows.map((r) => [r.rank, r.rating])).toEqual([
      [2, 200],
      [3, 100],
    ]);
  });

  it('limits a reader to a burst of reads, then answers 429 with Retry-After', async () => {
    const reader = await createUser({ db: db() });
    const statuses: number[] = [];
    for (let i = 0; i < LEADERBOARD_BURST + 10; i++)
      statuses.push((await get({ region: 'OCE' }, reader.token)).statusCode);
    expect(statuses.slice(0, LEADERBOARD_BURST - 5).every((s) => s === 200)).toBe(true);
    expect(statuses).toContain(429);
    const refused = await get({ region: 'OCE' }, reader.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another reader keeps their own budget.
    expect((await get({ region: 'OCE' }, unrated.token)).statusCode).toBe(200);
  });
});

describe('GET /api/users/:id/roles', () => {
  const roles = (id: string, token?: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/users/${id}/roles${query}`, headers: token ? bearer(token) : {} });

  it("counts a player's rated games and wins per role in the season, every role in role order", async () => {
    const player = await createUser({ db: db() });
    await rate(player, { rating: 10 });
    await played(player, 'Mid');
    await played(player, 'Mid');
    await played(player, 'ADC');
    const res = await roles(player.id, unrated.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      roles: [
        { role: 'Top', games: 0, wins: 0 },
        { role: 'Jungle', games: 0, wins: 0 },
        { role: 'Mid', games: 2, wins: 2 },
        { role: 'ADC', games: 1, wins: 1 },
        { role: 'Support', games: 0, wins: 0 },
      ],
    });
    // Another season: nothing played there; the admin reads it too.
    const old = await roles(player.id, admin.token, `?season=${oldSeason}`);
    expect(old.json().roles.every((r: { games: number }) => r.games === 0)).toBe(true);
  });

  it('needs a session (401), refuses banned users (403), and answers 404/400 on bad input', async () => {
    expect((await roles(me.user.id)).statusCode).toBe(401);
    const refused = await roles(me.user.id, banned.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BANNED');
    const nobody = await roles('00000000-0000-4000-8000-000000000000', unrated.token);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().code).toBe('USER_NOT_FOUND');
    const season = await roles(me.user.id, unrated.token, '?season=99999');
    expect(season.statusCode).toBe(404);
    expect(season.json().code).toBe('SEASON_NOT_FOUND');
    expect((await roles('not-a-uuid', unrated.token)).statusCode).toBe(400);
    expect((await roles(me.user.id, unrated.token, '?season=x')).statusCode).toBe(400);
  });
});
