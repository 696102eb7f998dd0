import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamRatingHistory, UserMatchesResponse, UserRating } from '@scrim-gym/shared';
import { playerRatings, ratingHistory } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createUser, type TestUser } from '../../../test/factories.js';
import { givePuuids, storeFakeMatch } from '../../../test/match-factories.js';
import { seriesPlay } from '../../../test/series-play.js';
import { callApi, expectStatus } from '../../../test/social.js';

/**
 * Team games in the players' match history: a series game a player played in a lineup is in their history for
 * every signed-in viewer (its series is public, though its scrim is private), marked with the series, the game's
 * number and both teams' tags; and it moves the teams' ratings, never the players' own.
 */
let ctx: TestContext;
let call: ReturnType<typeof callApi>;
let play: ReturnType<typeof seriesPlay>;
let admin: TestUser;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  call = callApi(ctx.app);
  admin = await createAdmin({ db: db() });
  play = seriesPlay({ ctx, admin });
});
afterAll(async () => ctx?.close());

const getOk = async <T>(url: string, as: TestUser) => expectStatus<T>(await call('GET', url, as.token), 200);

describe('team games', () => {
  it("are in the lineups' match history, marked, and move team ratings but no player's own", async () => {
    const booked = await play.startedSeries('bo3');
    const { poster, asker, series } = booked;
    const game = series.games[0]!;
    const [blue, red] = game.blueTeamId === poster.id ? [poster, asker] : [asker, poster];
    const starters = [...blue.players.slice(0, 5), ...red.players.slice(0, 5)];
    const puuids = await givePuuids({ db: db(), users: starters });
    await storeFakeMatch({
      db: db(),
      scrim: { id: game.scrimId },
      blue: puuids.slice(0, 5),
      red: puuids.slice(5),
      blueWins: true,
      players: starters.map((user, i) => ({ userId: user.id, riotPuuid: puuids[i]! })),
    });
    await play.win(series, 1, blue.id);

    // Another player sees the team game in both lineups' histories, each from its own team's side.
    const viewer = await createUser({ db: db() });
    for (const [team, opponent] of [
      [blue, red],
      [red, blue],
    ] as const) {
      const history = await getOk<UserMatchesResponse>(`/api/users/${team.players[0]!.id}/matches`, viewer);
      expect(history.rows.map((row) => [row.scrimId, row.teamGame])).toEqual([
        [game.scrimId, { seriesId: series._id, number: 1, teamTag: team.tag, opponentTag: opponent.tag }],
      ]);
      expect(history.rows[0]!.win).toBe(team === blue);
    }

    // The team ratings moved; the players' own did not: no rating row, no history, the seed of their rank.
    const teamHistory = await getOk<TeamRatingHistory>(`/api/teams/${blue.id}/rating-history`, viewer);
    expect(teamHistory.history.map((point) => [point.scrimId, point.won])).toEqual([[game.scrimId, true]]);
    const ids = starters.map((user) => user.id);
    expect(await db().select().from(playerRatings).where(inArray(playerRatings.userId, ids))).toEqual([]);
    expect(await db().select().from(ratingHistory).where(inArray(ratingHistory.userId, ids))).toEqual([]);
    for (const user of [blue.players[0]!, red.players[0]!]) {
      const rating = await getOk<UserRating>(`/api/users/${user.id}/rating`, user);
      expect(rating).toMatchObject({ gamesRated: 0, history: [], provisional: true });
    }
  });
});
