import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Series, Team, TeamRatingHistory } from '@scrim-gym/shared';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { boardApi } from '../../../test/board-api.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { makeHost } from '../../../test/hosts.js';
import { expectError } from '../../../test/scrim-api.js';
import { seriesPlay } from '../../../test/series-play.js';
import { callApi, expectBanned, expectNoSession, expectStatus, expectValidation } from '../../../test/social.js';

/**
 * GET /api/teams/:id/rating-history?season: the team page's chart, one point per rated series game, for every
 * signed-in user alike; refusals for visitors, banned users, unknown teams and seasons and bad input.
 */
let ctx: TestContext;
let call: ReturnType<typeof callApi>;
let board: ReturnType<typeof boardApi>;
let play: ReturnType<typeof seriesPlay>;
let admin: TestUser;
let banned: TestUser;
const db = () => ctx.database.db;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  call = callApi(ctx.app);
  board = boardApi(call);
  [admin, banned] = await Promise.all([createAdmin({ db: db() }), createBannedUser({ db: db() })]);
  play = seriesPlay({ ctx, admin });
});
afterAll(async () => ctx?.close());

const history = (teamId: string, as?: TestUser, query = '') =>
  call('GET', `/api/teams/${teamId}/rating-history${query}`, as?.token);
const historyOk = async (teamId: string, as: TestUser, query = '') =>
  expectStatus<TeamRatingHistory>(await history(teamId, as, query), 200);

describe("a team's rating history", () => {
  it('has one point per rated series game, oldest first, ending at the rating the team page shows', async () => {
    const booked = await play.startedSeries('bo3');
    const { poster, asker } = booked;
    await play.win(booked.series, 1, poster.id);
    const afterOne: Series = await board.seriesOk(booked.series._id, poster.captain);
    await play.win(afterOne, 2, poster.id);

    const winner = await historyOk(poster.id, poster.members[0]!);
    expect(winner.history.map((point) => [point.seriesId, point.won])).toEqual([
      [booked.series._id, true],
      [booked.series._id, true],
    ]);
    expect(winner.history.map((point) => point.scrimId)).toEqual(afterOne.games.map((game) => game.scrimId));
    const [first, second] = winner.history;
    expect(first!.after).toBeGreaterThan(first!.before);
    expect(second!.before).toBe(first!.after);
    expect(Date.parse(second!.at)).toBeGreaterThanOrEqual(Date.parse(first!.at));
    const team = expectStatus<{ team: Team }>(await call('GET', `/api/teams/${poster.id}`, poster.captain.token), 200);
    expect(second!.after).toBe(team.team.rating.display);

    const loser = await historyOk(asker.id, asker.captain);
    expect(loser.history.map((point) => point.won)).toEqual([false, false]);
    expect(loser.history[1]!.after).toBeLessThan(loser.history[0]!.before);
    // The season by its id answers the same as the current one by default.
    expect(await historyOk(poster.id, asker.captain, `?season=${winner.season}`)).toEqual(winner);
  });

  it('is empty for a team that has not played, and the same for every signed-in viewer', async () => {
    const { poster } = await play.fixtures().bookedSeries();
    const empty = await historyOk(poster.id, poster.captain);
    expect(empty.history).toEqual([]);
    const foreignHost = await createUser({ db: db(), region: 'EUW' });
    await makeHost(ctx.app, admin.token, foreignHost.id, 'EUW');
    const stranger = await createUser({ db: db() });
    for (const viewer of [stranger, foreignHost, admin]) expect(await historyOk(poster.id, viewer)).toEqual(empty);
  });

  it('refuses a visitor, a banned user, an unknown team or season and bad input', async () => {
    const { poster } = await play.fixtures().bookedSeries();
    expectNoSession(await history(poster.id));
    expectBanned(await history(poster.id, banned));
    expectError(await history(MISSING, poster.captain), 404, 'TEAM_NOT_FOUND');
    expectError(await history(poster.id, poster.captain, '?season=99999'), 404, 'SEASON_NOT_FOUND');
    expectValidation(await history('not-a-team', poster.captain));
    for (const bad of ['?season=0', '?season=abc', '?season=1.5', '?season=99999999999'])
      expectValidation(await history(poster.id, poster.captain, bad));
  });
});
