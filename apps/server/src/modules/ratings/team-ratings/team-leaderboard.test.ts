import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEADERBOARD_MESSAGES,
  LEADERBOARD_PAGE_SIZE,
  type Region,
  type TeamLeaderboardResponse,
} from '@scrim-gym/shared';
import { seasons, teamRatings, teams } from '../../../db/schema/index.js';
import { encodeCursor } from '../../../lib/keyset-cursor.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createUser, foldFreeLetters, type TestUser } from '../../../test/factories.js';
import { callApi, expectStatus } from '../../../test/social.js';
import { PROVISIONAL_GAMES } from '../ratings.model.js';

let ctx: TestContext;
let currentSeason: number;
let oldSeason: number;
let player: TestUser;
const db = () => ctx.database.db;

interface Listed {
  id: string;
  region: Region;
  rating: number;
  games: number;
}
const listed: Listed[] = [];

/** The expected board: the region's teams (or all), best rating first, ties by team id. */
const boardOf = (region?: Region) =>
  listed
    .filter((t) => !region || t.region === region)
    .sort((a, b) => b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

async function rateTeam(region: Region, rating: number, games: number, seasonId = currentSeason) {
  const name = `Team ${foldFreeLetters(8)}`;
  const tag = foldFreeLetters(5).toUpperCase();
  const [team] = await db()
    .insert(teams)
    .values({ name, nameFolded: name.toLowerCase(), tag, tagFolded: tag.toLowerCase(), region })
    .returning();
  await db()
    .insert(teamRatings)
    .values({ seasonId, teamId: team!.id, region, mu: 25, sigma: 5, rating, games, wins: games - 1, losses: 1 });
  if (seasonId === currentSeason) listed.push({ id: team!.id, region, rating, games });
  return team!;
}

const read = (query: string, token?: string) => callApi(ctx.app)('GET', `/api/leaderboard/teams?${query}`, token);
const readOk = async (query: string, token?: string) =>
  expectStatus<TeamLeaderboardResponse>(await read(query, token), 200);

beforeAll(async () => {
  ctx = await createTestApp();
  player = await createUser({ db: db() });
  const [season] = await db().select().from(seasons).where(isNull(seasons.endedAt));
  currentSeason = season!.id;
  const [old] = await db().insert(seasons).values({ name: 'Old', endedAt: new Date() }).returning();
  oldSeason = old!.id;
  // 55 NA teams (ties in rating included), 4 EUW, and one of another season.
  for (let i = 0; i < 55; i += 1) await rateTeam('NA', 1000 + (i % 20) * 10, i % 15);
  for (let i = 0; i < 4; i += 1) await rateTeam('EUW', 1500 - i, 12);
  await rateTeam('NA', 2900, 20, oldSeason);
});
afterAll(() => ctx.close());

describe('GET /api/leaderboard/teams', () => {
  it('pages the board best first, ranks counted across pages, for visitors too', async () => {
    const expected = boardOf();
    const first = await readOk('');
    expect(first.rows).toHaveLength(LEADERBOARD_PAGE_SIZE);
    expect(first.rows.map((r) => r.team._id)).toEqual(expected.slice(0, 50).map((t) => t.id));
    expect(first.rows.map((r) => r.rank)).toEqual(expected.slice(0, 50).map((_, i) => i + 1));
    expect(first.nextCursor).not.toBeNull();
    const second = await readOk(`cursor=${first.nextCursor}`, player.token);
    expect(second.rows.map((r) => r.team._id)).toEqual(expected.slice(50).map((t) => t.id));
    expect(second.rows[0]!.rank).toBe(51);
    expect(second.nextCursor).toBeNull();
    const row = first.rows[0]!;
    const top = expected[0]!;
    expect(row).toMatchObject({
      rating: top.rating,
      games: top.games,
      wins: top.games - 1,
      losses: 1,
      provisional: top.games < PROVISIONAL_GAMES,
    });
    expect(Object.keys(row.team).sort()).toEqual(['_id', 'logoUrl', 'name', 'region', 'tag']);
  });

  it("filters by region, and reads another season's board", async () => {
    const euw = await readOk('region=EUW');
    expect(euw.rows.map((r) => r.team._id)).toEqual(boardOf('EUW').map((t) => t.id));
    expect(euw.rows.every((r) => r.team.region === 'EUW')).toBe(true);
    expect(euw.nextCursor).toBeNull();
    const old = await readOk(`season=${oldSeason}`);
    expect(old.rows.map((r) => r.rating)).toEqual([2900]);
    expect((await readOk(`season=${currentSeason}&region=NA`)).rows).toHaveLength(LEADERBOARD_PAGE_SIZE);
  });

  it('refuses a bad cursor, a cursor of another board and an unknown season', async () => {
    for (const cursor of ['nope', encodeCursor([currentSeason, null, 1000]), encodeCursor(['x', null, 1, 'y'])]) {
      const res = await read(`cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toEqual({ error: LEADERBOARD_MESSAGES.badCursor, code: 'BAD_CURSOR' });
    }
    const { nextCursor } = await readOk('');
    expect((await read(`region=NA&cursor=${nextCursor}`)).statusCode).toBe(400);
    expect((await read(`season=${oldSeason}&cursor=${nextCursor}`)).statusCode).toBe(400);
    // A cursor naming a season that does not exist is a bad cursor, not a missing season.
    const ghost = encodeCursor([999_999, null, 1000, listed[0]!.id]);
    expect((await read(`cursor=${ghost}`)).statusCode).toBe(400);
    expect((await read('season=999999')).json()).toMatchObject({ code: 'SEASON_NOT_FOUND' });
    expect((await read('region=Mars')).statusCode).toBe(400);
  });
});
