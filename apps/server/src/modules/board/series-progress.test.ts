import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_MESSAGES,
  SERIES_NEXT_GAME_DELAY_MINUTES,
  SERIES_SIDE_CHOICE_MINUTES,
  type Series,
  type SeriesFormat,
} from '@scrim-gym/shared';
import { jobs, notifications, scrimParticipants, scrims, seriesGames, seriesTeams } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { boardApi, lineupOf } from '../../test/board-api.js';
import { createAdmin, createBannedUser, type TestUser } from '../../test/factories.js';
import { expectError } from '../../test/scrim-api.js';
import { callApi, expectBanned, expectNoSession, expectStatus, expectValidation } from '../../test/social.js';
import { seriesPlay } from '../../test/series-play.js';

/**
 * A series plays itself out: each game's confirmed result moves the score and brings the next game (10 minutes
 * later, sides alternated, the loser picking its side for 5 minutes) or the series' end; a captain cancels it (late
 * or not); a team without a lineup when lineups lock has not shown up.
 */
let ctx: TestContext;
let api: ReturnType<typeof boardApi>;
let call: ReturnType<typeof callApi>;
let admin: TestUser;
let banned: TestUser;
const db = () => ctx.database.db;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  ctx = await createTestApp();
  call = callApi(ctx.app);
  api = boardApi(call);
  [admin, banned] = await Promise.all([createAdmin({ db: db() }), createBannedUser({ db: db() })]);
  play = seriesPlay({ ctx, admin });
});
afterAll(async () => ctx?.close());

let play: ReturnType<typeof seriesPlay>;
const fixtures = () => play.fixtures();
const startedSeries = (format?: SeriesFormat) => play.startedSeries(format);
const win = (s: Series, number: number, teamId: string) => play.win(s, number, teamId);

const seatedOn = async (scrimId: string) =>
  db()
    .select({ userId: scrimParticipants.userId, team: scrimParticipants.team })
    .from(scrimParticipants)
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.kind, 'player')));

const outcomes = (seriesId: string) =>
  db()
    .select({ teamId: seriesTeams.teamId, outcome: seriesTeams.outcome })
    .from(seriesTeams)
    .where(eq(seriesTeams.seriesId, seriesId));

const reliabilityOf = async (teamId: string, as: TestUser) =>
  expectStatus<{ team: { reliability: unknown } }>(await call('GET', `/api/teams/${teamId}`, as.token), 200).team
    .reliability;

const messagesOf = async (user: TestUser) =>
  (
    await db().select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, user.id))
  ).map((row) => row.message);

describe('a series after each confirmed result', () => {
  it('brings game 2 ten minutes later with the sides alternated and both lineups seated, then ends 2–0', async () => {
    const { poster, asker, series: booked } = await startedSeries('bo3');
    const one = booked.games[0]!;
    const winner = poster.id;
    const before = Date.now();
    await win(booked, 1, winner);
    const afterOne = await api.seriesOk(booked._id, poster.captain);
    expect(afterOne.teams.map((team) => [team.team!._id, team.score])).toEqual(
      expect.arrayContaining([
        [poster.id, 1],
        [asker.id, 0],
      ]),
    );
    expect(afterOne.status).toBe('live');
    expect(afterOne.games).toHaveLength(2);
    const two = afterOne.games[1]!;
    expect([two.blueTeamId, two.redTeamId]).toEqual([one.redTeamId, one.blueTeamId]);
    expect(two.status).toBe('scheduled');
    const startsIn = new Date(two.startsAt).getTime() - before;
    expect(startsIn).toBeGreaterThanOrEqual(SERIES_NEXT_GAME_DELAY_MINUTES * MINUTE - 1000);
    expect(startsIn).toBeLessThan(SERIES_NEXT_GAME_DELAY_MINUTES * MINUTE + 30_000);
    expect(two.sideChoice?.teamId).toBe(asker.id);
    expect(new Date(two.sideChoice!.dueAt).getTime() - before).toBeLessThan(
      SERIES_SIDE_CHOICE_MINUTES * MINUTE + 30_000,
    );
    // The loser's captain may pick, the winner's may not.
    expect((await api.seriesOk(booked._id, asker.captain)).can.chooseSide).toBe(true);
    expect(afterOne.can.chooseSide).toBe(false);
    const seated = await seatedOn(two.scrimId);
    expect(seated).toHaveLength(10);
    const blueIds = seated.filter((p) => p.team === 'teamOne').map((p) => p.userId);
    const blueTeam = two.blueTeamId === poster.id ? poster : asker;
    expect(blueIds.sort()).toEqual(
      blueTeam.players
        .slice(0, 5)
        .map((p) => p.id)
        .sort(),
    );
    expect(await messagesOf(asker.members[0]!)).toContainEqual(expect.stringContaining('Game 2'));

    // Running the series' job again changes nothing: still two games.
    const [advance] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `series.advance:${booked._id}`));
    expect(advance?.completedAt).not.toBeNull();
    await db().update(jobs).set({ runAt: new Date(), completedAt: null }).where(eq(jobs.id, advance!.id));
    await ctx.app.jobs.runOnce();
    expect((await api.seriesOk(booked._id, poster.captain)).games).toHaveLength(2);

    await win(afterOne, 2, winner);
    const done = await api.seriesOk(booked._id, poster.captain);
    expect(done.status).toBe('finished');
    expect(done.games).toHaveLength(2);
    expect(done.teams.find((team) => team.team!._id === poster.id)!.score).toBe(2);
    expect(done.can).toMatchObject({ chooseSide: false, cancel: false, editLineup: false });
    expect(await outcomes(booked._id)).toEqual(
      expect.arrayContaining([
        { teamId: poster.id, outcome: 'played' },
        { teamId: asker.id, outcome: 'played' },
      ]),
    );
    expect(await messagesOf(asker.captain)).toContain(BOARD_MESSAGES.seriesFinished(poster.name, '2–0'));
    // Both teams' reliability counts it played (no score shown before five decided series).
    expect(await reliabilityOf(asker.id, asker.captain)).toEqual({
      score: null,
      played: 1,
      lateCancels: 0,
      noShows: 0,
    });
  });

  it('a bo2 plays both games and may end level', async () => {
    const { poster, asker, series: booked } = await startedSeries('bo2');
    await win(booked, 1, poster.id);
    const afterOne = await api.seriesOk(booked._id, poster.captain);
    expect(afterOne.games).toHaveLength(2);
    await win(afterOne, 2, asker.id);
    const done = await api.seriesOk(booked._id, poster.captain);
    expect(done.status).toBe('finished');
    expect(done.teams.map((team) => team.score)).toEqual([1, 1]);
    expect(await messagesOf(poster.captain)).toContain(BOARD_MESSAGES.seriesDrawn('1–1'));
  });
});

describe('POST /api/series/:id/games/:n/side', () => {
  it("the loser's captain picks once, within the time: the sides, seats and title follow", async () => {
    const { poster, asker, series: booked } = await startedSeries('bo3');
    await win(booked, 1, poster.id);
    const two = (await api.seriesOk(booked._id, poster.captain)).games[1]!;
    // Alternated, the loser is on the other side of game 1's; it takes back its game 1 side.
    const askerSide = two.blueTeamId === asker.id ? 'blue' : 'red';
    const wanted = askerSide === 'blue' ? 'red' : 'blue';
    expectError(await api.side(booked._id, 2, poster.captain, { side: 'blue' }), 403, 'NOT_SIDE_CHOOSER');
    expectError(await api.side(booked._id, 2, asker.members[0], { side: 'blue' }), 403, 'NOT_SIDE_CHOOSER');
    const picked = expectStatus<{ series: Series }>(
      await api.side(booked._id, 2, asker.captain, { side: wanted }),
      200,
    ).series;
    const after = picked.games[1]!;
    expect(wanted === 'blue' ? after.blueTeamId : after.redTeamId).toBe(asker.id);
    expect(after.sideChoice).toBeNull();
    expect(picked.can.chooseSide).toBe(false);
    const seated = await seatedOn(after.scrimId);
    const askerTeam = wanted === 'blue' ? 'teamOne' : 'teamTwo';
    expect(
      seated
        .filter((p) => p.team === askerTeam)
        .map((p) => p.userId)
        .sort(),
    ).toEqual(
      asker.players
        .slice(0, 5)
        .map((p) => p.id)
        .sort(),
    );
    const [scrim] = await db().select({ title: scrims.title }).from(scrims).where(eq(scrims.id, after.scrimId));
    const [blueTag, redTag] = wanted === 'blue' ? [asker.tag, poster.tag] : [poster.tag, asker.tag];
    expect(scrim!.title).toBe(BOARD_MESSAGES.seriesGameTitle(blueTag, redTag, 2));
    expect(await messagesOf(poster.captain)).toContain(BOARD_MESSAGES.seriesSidePicked(asker.name, wanted));
    // Once picked, the choice is over.
    expectError(await api.side(booked._id, 2, asker.captain, { side: wanted }), 409, 'SIDE_CHOICE_OVER');
  });

  it('keeps the alternated sides once the time is up, and refuses bad input, strangers and missing games', async () => {
    const { asker, series: booked } = await startedSeries('bo3');
    await win(booked, 1, booked.teams.find((team) => team.team!._id !== asker.id)!.team!._id);
    expectNoSession(await api.side(booked._id, 2, undefined, { side: 'blue' }));
    expectBanned(await api.side(booked._id, 2, banned, { side: 'blue' }));
    expectValidation(await api.side(booked._id, 2, asker.captain, { side: 'green' }));
    expectValidation(await api.side(booked._id, 1, asker.captain, { side: 'blue' }));
    expectValidation(await api.side(booked._id, 'two', asker.captain, { side: 'blue' }));
    expectError(await api.side(booked._id, 3, asker.captain, { side: 'blue' }), 404, 'SERIES_GAME_NOT_FOUND');
    expectError(await api.side(crypto.randomUUID(), 2, asker.captain, { side: 'blue' }), 404, 'SERIES_NOT_FOUND');
    expectError(await api.side(booked._id, 2, admin, { side: 'blue' }), 403, 'NOT_SIDE_CHOOSER');
    const before = (await api.seriesOk(booked._id, asker.captain)).games[1]!;
    await db()
      .update(seriesGames)
      .set({ sideChoiceDueAt: new Date(Date.now() - 1000) })
      .where(and(eq(seriesGames.seriesId, booked._id), eq(seriesGames.number, 2)));
    expectError(await api.side(booked._id, 2, asker.captain, { side: 'blue' }), 409, 'SIDE_CHOICE_OVER');
    const after = (await api.seriesOk(booked._id, asker.captain)).games[1]!;
    expect([after.blueTeamId, after.redTeamId]).toEqual([before.blueTeamId, before.redTeamId]);
    expect(after.sideChoice).toBeNull();
  });
  it('closes the choice once the game has started, even inside its five minutes (an admin may start it early)', async () => {
    const { asker, series: booked } = await startedSeries('bo3');
    await win(booked, 1, booked.teams.find((team) => team.team!._id !== asker.id)!.team!._id);
    const two = (await api.seriesOk(booked._id, asker.captain)).games[1]!;
    expect(two.sideChoice?.teamId).toBe(asker.id);
    await db()
      .update(scrims)
      .set({ gameStartTime: new Date(Date.now() - 1000) })
      .where(eq(scrims.id, two.scrimId));
    const seen = await api.seriesOk(booked._id, asker.captain);
    expect(seen.games[1]!.sideChoice).toBeNull();
    expect(seen.can.chooseSide).toBe(false);
    expectError(await api.side(booked._id, 2, asker.captain, { side: 'blue' }), 409, 'SIDE_CHOICE_OVER');
  });
});

describe('POST /api/series/:id/cancel', () => {
  it('a captain of either team cancels with a reason: its games are cancelled, everyone told, early is free', async () => {
    const { poster, asker, series: booked } = await fixtures().bookedSeries();
    await api.lineupOk(booked._id, asker.captain, lineupOf(asker.id, asker.players));
    expectNoSession(await api.cancel(booked._id, undefined, { reason: 'x' }));
    expectBanned(await api.cancel(booked._id, banned, { reason: 'x' }));
    expectError(await api.cancel(booked._id, asker.members[0], { reason: 'x' }), 403, 'NOT_TEAM_CAPTAIN');
    expectError(await api.cancel(booked._id, admin, { reason: 'x' }), 403, 'NOT_TEAM_CAPTAIN');
    expectValidation(await api.cancel(booked._id, asker.captain, { reason: '   ' }));
    expectValidation(await api.cancel(booked._id, asker.captain, { reason: 'x'.repeat(301) }));
    expect((await api.seriesOk(booked._id, asker.captain)).status).toBe('scheduled');

    const cancelled = expectStatus<{ series: Series }>(
      await api.cancel(booked._id, asker.captain, { reason: 'Our jungler is ill' }),
      200,
    ).series;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancel).toEqual({ byTeamId: asker.id, reason: 'Our jungler is ill', late: false });
    expect(cancelled.games[0]!.status).toBe('cancelled');
    expect(cancelled.can).toMatchObject({ cancel: false, editLineup: false });
    expect(await outcomes(booked._id)).toEqual(
      expect.arrayContaining([
        { teamId: poster.id, outcome: null },
        { teamId: asker.id, outcome: null },
      ]),
    );
    expect(await messagesOf(poster.captain)).toContain(
      BOARD_MESSAGES.seriesCancelled(asker.name, 'Our jungler is ill'),
    );
    expect(await messagesOf(asker.members[1]!)).toContain(
      BOARD_MESSAGES.seriesCancelled(asker.name, 'Our jungler is ill'),
    );
    expectError(await api.cancel(booked._id, poster.captain, { reason: 'again' }), 409, 'SERIES_OVER');
  });

  it('under 6 hours before the start counts against the cancelling team', async () => {
    const { poster, series: booked } = await fixtures().bookedSeries({
      startsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const cancelled = expectStatus<{ series: Series }>(
      await api.cancel(booked._id, poster.captain, { reason: 'Scheduling clash' }),
      200,
    ).series;
    expect(cancelled.cancel).toEqual({ byTeamId: poster.id, reason: 'Scheduling clash', late: true });
    expect(await outcomes(booked._id)).toContainEqual({ teamId: poster.id, outcome: 'late_cancel' });
    expect(await reliabilityOf(poster.id, poster.captain)).toMatchObject({ lateCancels: 1, played: 0 });
  });
});

describe('a team that does not show up', () => {
  it('cancels a series a team set no lineup for: a no-show for that team only', async () => {
    const { poster, asker, series: booked } = await fixtures().bookedSeries();
    await api.lineupOk(booked._id, poster.captain, lineupOf(poster.id, poster.players));
    await db()
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.dedupeKey, `series.lineup-check:${booked._id}`));
    await ctx.app.jobs.runOnce();
    const after = await api.seriesOk(booked._id, poster.captain);
    expect(after.status).toBe('cancelled');
    expect(after.cancel).toEqual({ byTeamId: null, reason: BOARD_MESSAGES.noLineupReason(asker.name), late: false });
    expect(await outcomes(booked._id)).toEqual(
      expect.arrayContaining([
        { teamId: poster.id, outcome: null },
        { teamId: asker.id, outcome: 'no_show' },
      ]),
    );
    expect(await reliabilityOf(asker.id, asker.captain)).toMatchObject({ noShows: 1, played: 0 });
    expect(await reliabilityOf(poster.id, poster.captain)).toMatchObject({ noShows: 0, played: 0 });
    expect(await messagesOf(poster.members[0]!)).toContain(
      BOARD_MESSAGES.seriesNoShow(BOARD_MESSAGES.noLineupReason(asker.name)),
    );
  });

  it('a game abandoned with a side short ends the series: a no-show for that team', async () => {
    const { poster, asker, series: booked } = await startedSeries('bo3');
    const one = booked.games[0]!;
    await db()
      .delete(scrimParticipants)
      .where(and(eq(scrimParticipants.scrimId, one.scrimId), eq(scrimParticipants.userId, asker.players[1]!.id)));
    await db()
      .update(scrims)
      .set({ gameStartTime: new Date(Date.now() - 31 * MINUTE) })
      .where(eq(scrims.id, one.scrimId));
    await db()
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.kind, 'scrim.abandon'), sql`${jobs.payload}->>'scrimId' = ${one.scrimId}`));
    await ctx.app.jobs.runOnce();
    await ctx.app.jobs.runOnce();
    const after = await api.seriesOk(booked._id, poster.captain);
    expect(after.status).toBe('cancelled');
    expect(after.cancel).toEqual({
      byTeamId: null,
      reason: BOARD_MESSAGES.gameNotPlayedReason(1, asker.name),
      late: false,
    });
    expect(await outcomes(booked._id)).toEqual(
      expect.arrayContaining([
        { teamId: poster.id, outcome: null },
        { teamId: asker.id, outcome: 'no_show' },
      ]),
    );
  });

  it('leaves a series whose teams both set lineups', async () => {
    const { poster, asker, series: booked } = await fixtures().bookedSeries();
    await api.lineupOk(booked._id, poster.captain, lineupOf(poster.id, poster.players));
    await api.lineupOk(booked._id, asker.captain, lineupOf(asker.id, asker.players));
    await db()
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.dedupeKey, `series.lineup-check:${booked._id}`));
    await ctx.app.jobs.runOnce();
    expect((await api.seriesOk(booked._id, poster.captain)).status).toBe('scheduled');
  });
});
