import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Team, TeamName } from '@scrim-gym/shared';
import {
  playerRatings,
  ratedResults,
  scrims,
  seasons,
  series,
  seriesGames,
  teamMembers,
  teamRatedGames,
  teamRatingHistory,
  teamRatings,
} from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createUser, type TestUser } from '../../../test/factories.js';
import { createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { callApi, expectStatus } from '../../../test/social.js';
import { teamApi } from '../../../test/team-api.js';
import { getTeamCards } from '../../teams/index.js';
import {
  displayRating,
  PROVISIONAL_GAMES,
  rankOfRating,
  rateGame,
  seedRating,
  seedTeamRating,
  type Rating,
} from '../ratings.model.js';
import { syncSeriesGameRating } from './team-ratings.service.js';

let ctx: TestContext;
let teams: ReturnType<typeof teamApi>;
let admin: TestUser;
const db = () => ctx.database.db;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestApp();
  teams = teamApi(callApi(ctx.app));
  admin = await createAdmin({ db: db() });
});
afterAll(() => ctx.close());

/** A team whose owner has `rank`, and one more player of each rank in `others` (written to the roster directly). */
async function createTeam(rank = 'Gold 2', others: string[] = []) {
  const owner = await createUser({ db: db(), rank });
  const team = await teams.createOk(owner);
  for (const other of others) {
    const user = await createUser({ db: db(), rank: other });
    await db().insert(teamMembers).values({ teamId: team._id, userId: user.id, role: 'Sub' });
  }
  return { ...team, id: team._id, owner };
}

/** A series between the two teams (blue: `blue`), and a game of it: a private scrim with the given result. */
async function seriesGame(
  blue: string,
  red: string,
  result: { teamWon?: TeamName; resultStatus?: 'pending' | 'confirmed' } = {},
) {
  const [row] = await db()
    .insert(series)
    .values({ region: 'NA', format: 'bo5', fearless: false, startsAt: new Date(Date.now() - HOUR) })
    .returning();
  const scrim = await createScrim({ db: db(), isPrivate: true, gameStartTime: new Date(Date.now() - HOUR), ...result });
  await db()
    .insert(seriesGames)
    .values({ seriesId: row!.id, number: 1, scrimId: scrim.id, blueTeamId: blue, redTeamId: red });
  return scrim;
}

const setResult = (scrimId: string, values: { teamWon: TeamName | null; resultStatus: 'confirmed' | null }) =>
  db().update(scrims).set(values).where(eq(scrims.id, scrimId));

const sync = (scrimId: string) => syncSeriesGameRating({ db: db(), scrimId });

async function ratingOf(teamId: string) {
  const [row] = await db().select().from(teamRatings).where(eq(teamRatings.teamId, teamId));
  return row ?? null;
}

const getTeam = async (teamId: string, as: TestUser) =>
  expectStatus<{ team: Team }>(await teams.get(teamId, as), 200).team;

/** The ratings after one game from these ratings (blue is `a`). */
const rated = (a: Rating, b: Rating, winner: TeamName) => {
  const after = rateGame({
    blue: [{ userId: 'a', rating: a }],
    red: [{ userId: 'b', rating: b }],
    winner: winner === 'teamOne' ? 'blue' : 'red',
  });
  return { a: after.get('a')!, b: after.get('b')! };
};

const close = (actual: { mu: number; sigma: number } | null, expected: Rating) => {
  expect(actual!.mu).toBeCloseTo(expected.mu, 9);
  expect(actual!.sigma).toBeCloseTo(expected.sigma, 9);
};

describe('syncing a series game', () => {
  it('seeds a team from its players (not its coaches) and shows that seed, provisional, until it plays', async () => {
    const team = await createTeam('Diamond 1', ['Silver 2']);
    const coach = await createUser({ db: db(), rank: 'Challenger' });
    await db().insert(teamMembers).values({ teamId: team.id, userId: coach.id, role: 'Coach' });
    const seed = seedTeamRating([seedRating('Diamond 1'), seedRating('Silver 2')]);
    const shown = await getTeam(team.id, team.owner);
    expect(shown.rating).toEqual({ mu: seed.mu, sigma: seed.sigma, display: displayRating(seed), provisional: true });
    expect(shown.record).toEqual({ wins: 0, losses: 0 });

    const other = await createTeam('Iron 4');
    const scrim = await seriesGame(team.id, other.id, { teamWon: 'teamOne' });
    expect(await sync(scrim.id)).toBe(true);
    const [history] = await db().select().from(teamRatingHistory).where(eq(teamRatingHistory.teamId, team.id));
    close({ mu: history!.muBefore, sigma: history!.sigmaBefore }, seed);
    const expected = rated(seed, seedRating('Iron 4'), 'teamOne');
    close(await ratingOf(team.id), expected.a);
    close(await ratingOf(other.id), expected.b);
    const after = await getTeam(team.id, team.owner);
    expect(after.rating).toMatchObject({ mu: expected.a.mu, display: displayRating(expected.a), provisional: true });
    expect(after.record).toEqual({ wins: 1, losses: 0 });
    expect((await getTeam(other.id, other.owner)).record).toEqual({ wins: 0, losses: 1 });
  });

  it('is idempotent: a second sync changes nothing', async () => {
    const [a, b] = [await createTeam(), await createTeam()];
    const scrim = await seriesGame(a.id, b.id, { teamWon: 'teamTwo' });
    expect(await sync(scrim.id)).toBe(true);
    const first = [await ratingOf(a.id), await ratingOf(b.id)];
    expect(await sync(scrim.id)).toBe(false);
    expect(await Promise.all([sync(scrim.id), sync(scrim.id)])).toEqual([false, false]);
    expect([await ratingOf(a.id), await ratingOf(b.id)]).toEqual(first);
    expect(await db().select().from(teamRatedGames).where(eq(teamRatedGames.scrimId, scrim.id))).toHaveLength(1);
    expect(first.map((row) => [row!.games, row!.wins, row!.losses])).toEqual([
      [1, 0, 1],
      [1, 1, 0],
    ]);
  });

  it('rates nothing for a result not confirmed, nor for a scrim that is no series game', async () => {
    const [a, b] = [await createTeam(), await createTeam()];
    const pending = await seriesGame(a.id, b.id, { teamWon: 'teamOne', resultStatus: 'pending' });
    const plain = await createScrim({ db: db(), teamWon: 'teamOne' });
    expect(await sync(pending.id)).toBe(false);
    expect(await sync(plain.id)).toBe(false);
    expect(await ratingOf(a.id)).toBeNull();
  });

  it('rewrites a changed winner in place and replays the later games', async () => {
    const [a, b, c] = [await createTeam('Gold 2'), await createTeam('Gold 2'), await createTeam('Platinum 4')];
    const first = await seriesGame(a.id, b.id, { teamWon: 'teamOne' });
    const second = await seriesGame(a.id, c.id, { teamWon: 'teamTwo' });
    await sync(first.id);
    await sync(second.id);
    const [ledger] = await db().select().from(teamRatedGames).where(eq(teamRatedGames.scrimId, first.id));

    await setResult(first.id, { teamWon: 'teamTwo', resultStatus: 'confirmed' });
    expect(await sync(first.id)).toBe(true);
    const [again] = await db().select().from(teamRatedGames).where(eq(teamRatedGames.scrimId, first.id));
    expect(again).toMatchObject({ seq: ledger!.seq, teamWon: 'teamTwo' });
    // As if the first game had always been b's.
    const one = rated(seedRating('Gold 2'), seedRating('Gold 2'), 'teamTwo');
    const two = rated(one.a, seedRating('Platinum 4'), 'teamTwo');
    close(await ratingOf(a.id), two.a);
    close(await ratingOf(b.id), one.b);
    close(await ratingOf(c.id), two.b);
    expect(await ratingOf(a.id)).toMatchObject({ games: 2, wins: 0, losses: 2, rating: displayRating(two.a) });
    expect(await ratingOf(b.id)).toMatchObject({ games: 1, wins: 1, losses: 0 });
  });

  it('reverses a result no longer confirmed: the team back on its seed, the later games replayed', async () => {
    const [a, b, c] = [await createTeam('Gold 2'), await createTeam('Bronze 1'), await createTeam('Gold 4')];
    const first = await seriesGame(a.id, b.id, { teamWon: 'teamOne' });
    const second = await seriesGame(c.id, a.id, { teamWon: 'teamOne' });
    await sync(first.id);
    await sync(second.id);

    await setResult(first.id, { teamWon: null, resultStatus: null });
    expect(await sync(first.id)).toBe(true);
    expect(await db().select().from(teamRatedGames).where(eq(teamRatedGames.scrimId, first.id))).toEqual([]);
    // b played only the reversed game: no row, its roster's seed again.
    expect(await ratingOf(b.id)).toBeNull();
    const seed = seedRating('Bronze 1');
    expect((await getTeam(b.id, b.owner)).rating).toMatchObject({ mu: seed.mu, provisional: true });
    const only = rated(seedRating('Gold 4'), seedRating('Gold 2'), 'teamOne');
    close(await ratingOf(a.id), only.b);
    close(await ratingOf(c.id), only.a);
    expect(await ratingOf(a.id)).toMatchObject({ games: 1, wins: 0, losses: 1 });
    const [history] = await db()
      .select()
      .from(teamRatingHistory)
      .where(eq(teamRatingHistory.scrimId, second.id))
      .orderBy(teamRatingHistory.team);
    close({ mu: history!.muBefore, sigma: history!.sigmaBefore }, seedRating('Gold 4'));

    // Confirmed again: rated again, after the game that stayed.
    await setResult(first.id, { teamWon: 'teamOne', resultStatus: 'confirmed' });
    expect(await sync(first.id)).toBe(true);
    close(await ratingOf(a.id), rated(only.b, seedRating('Bronze 1'), 'teamOne').a);
  });

  it('marks a team provisional for its first PROVISIONAL_GAMES games', async () => {
    const [a, b] = [await createTeam(), await createTeam()];
    for (let game = 1; game <= PROVISIONAL_GAMES; game += 1) {
      const scrim = await seriesGame(a.id, b.id, { teamWon: game % 3 === 0 ? 'teamTwo' : 'teamOne' });
      await sync(scrim.id);
      const shown = await getTeam(a.id, a.owner);
      expect(shown.rating.provisional).toBe(game < PROVISIONAL_GAMES);
    }
    const shown = await getTeam(a.id, a.owner);
    expect(shown.record).toEqual({ wins: 7, losses: 3 });
    const stored = (await ratingOf(a.id))!;
    // The board's cards show the same rating.
    const cards = await getTeamCards({ db: db(), teamIds: [a.id, b.id] });
    expect(cards.get(a.id)!.rank).toBe(rankOfRating(stored));
    expect(shown.rating.display).toBe(stored.rating);
  });
});

describe('through the scrims', () => {
  it("an admin's winner of a series game moves the team ratings and no player's; deleting it reverses them", async () => {
    const [a, b] = [await createTeam(), await createTeam()];
    const scrim = await seriesGame(a.id, b.id);
    const { players } = await fillScrim({ db: db(), scrim });
    const call = callApi(ctx.app);
    expectStatus(
      await call('PATCH', `/api/scrims/${scrim.id}/set-winner`, admin.token, { winnerTeamName: 'teamTwo' }),
      200,
    );
    expect(await ratingOf(b.id)).toMatchObject({ games: 1, wins: 1 });
    expect(await ratingOf(a.id)).toMatchObject({ games: 1, losses: 1 });
    // Series games are private: never a solo rating.
    expect(await db().select().from(ratedResults).where(eq(ratedResults.scrimId, scrim.id))).toEqual([]);
    const ids = players.map((p) => p.id);
    expect(await db().select().from(playerRatings).where(inArray(playerRatings.userId, ids))).toEqual([]);
    const [row] = await db().select({ reason: scrims.unratedReason }).from(scrims).where(eq(scrims.id, scrim.id));
    expect(row!.reason).toBe('private');

    expect((await call('DELETE', `/api/scrims/${scrim.id}`, admin.token)).statusCode).toBeLessThan(300);
    expect(await ratingOf(a.id)).toBeNull();
    expect(await ratingOf(b.id)).toBeNull();
  });

  it('keeps a team game rated in an ended season as it was', async () => {
    const [a, b] = [await createTeam(), await createTeam()];
    const scrim = await seriesGame(a.id, b.id, { teamWon: 'teamOne' });
    await sync(scrim.id);
    const before = await ratingOf(a.id);
    // Another season rated it: this season's sync leaves it.
    const [old] = await db().insert(seasons).values({ name: 'Old', endedAt: new Date() }).returning();
    await db().update(teamRatedGames).set({ seasonId: old!.id }).where(eq(teamRatedGames.scrimId, scrim.id));
    await setResult(scrim.id, { teamWon: 'teamTwo', resultStatus: 'confirmed' });
    expect(await sync(scrim.id)).toBe(false);
    expect(await ratingOf(a.id)).toEqual(before);
  });
});
