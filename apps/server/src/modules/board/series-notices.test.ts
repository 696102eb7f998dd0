import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOARD_MESSAGES,
  SERIES_LINEUP_LOCK_MINUTES,
  SERIES_LINEUP_REMINDER_MINUTES,
  SOCIAL_MESSAGES,
  type Notification,
  type NotificationsResponse,
  type PushPayload,
  type Series,
} from '@scrim-gym/shared';
import { jobs, riotTournaments, scrims } from '../../db/schema/index.js';
import { formatUtcTime } from '../../lib/dates.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { boardApi, lineupOf, moveSeriesGame, postBody, seriesFixtures } from '../../test/board-api.js';
import { createAdmin, type TestUser } from '../../test/factories.js';
import { fakeBrowser, startFakePushService, type FakeBrowser } from '../../test/fake-push.js';
import { startFakeRiot, type FakeRiot, riotEnvFor } from '../../test/fake-riot.js';
import { scrimApi } from '../../test/scrim-api.js';
import { callApi, expectStatus, settle } from '../../test/social.js';
import { teamApi } from '../../test/team-api.js';

/**
 * A series reaches the people in it: the board's and series' notices are 'series_alert's that open the series (or
 * the board) and reach subscribed devices; captains without a lineup are reminded before the lock, on a schedule
 * that follows game 1's start; each game's tournament code and confirmed result are told to both lineups and
 * captains, as scrim alerts about the game.
 */
let ctx: TestContext;
let fake: FakeRiot;
let push: Awaited<ReturnType<typeof startFakePushService>>;
let api: ReturnType<typeof boardApi>;
let scrimsApi: ReturnType<typeof scrimApi>;
let call: ReturnType<typeof callApi>;
let admin: TestUser;
const db = () => ctx.database.db;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  [fake, push] = await Promise.all([startFakeRiot(), startFakePushService()]);
  ctx = await createTestApp({
    ...riotEnvFor(fake),
    // The fake push service is on 127.0.0.1.
    PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
  });
  call = callApi(ctx.app);
  api = boardApi(call);
  scrimsApi = scrimApi(ctx.app);
  admin = await createAdmin({ db: db() });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([fake?.close(), push?.close()]);
});

const fixtures = () => seriesFixtures({ db: db(), board: api, teams: teamApi(call) });

const notificationsOf = async (user: TestUser) =>
  expectStatus<NotificationsResponse>(await call('GET', '/api/notifications/user-notifications', user.token), 200)
    .notifications;
const messagesOf = async (user: TestUser) => (await notificationsOf(user)).map((n) => n.message);
const find = async (user: TestUser, message: string): Promise<Notification | undefined> =>
  (await notificationsOf(user)).find((n) => n.message === message);

/** A browser of `user` subscribed on the fake push service, through the API. */
async function subscribe(user: TestUser) {
  const browser = fakeBrowser();
  const endpoint = push.endpoint(`series-${user.id}`);
  expectStatus(await call('POST', '/api/push/subscribe', user.token, browser.subscription(endpoint)), 201);
  return { browser, endpoint };
}

/** The pushes `browser` got at `endpoint`, once `count` arrived (the runner sends them after the commit). */
async function pushesTo({ browser, endpoint }: { browser: FakeBrowser; endpoint: string }, count: number) {
  const path = new URL(endpoint).pathname;
  const arrived = () => push.received.filter((r) => r.path === path);
  const deadline = Date.now() + 10_000;
  while (arrived().length < count) {
    if (Date.now() > deadline) throw new Error(`${arrived().length} of ${count} pushes at ${endpoint}`);
    await ctx.app.jobs.runOnce();
    await settle(30);
  }
  return arrived().map((r) => JSON.parse(browser.decrypt(r.body)) as PushPayload);
}

/** The series' lineup job of `kind` ('remind' or 'check'), by its key. */
const jobOf = async (kind: 'remind' | 'check', seriesId: string) =>
  (
    await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `series.lineup-${kind}:${seriesId}`))
  )[0];
const reminderJob = (seriesId: string) => jobOf('remind', seriesId);
const checkJob = (seriesId: string) => jobOf('check', seriesId);
const pendingReminder = async (seriesId: string) =>
  db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, `series.lineup-remind:${seriesId}`), isNull(jobs.completedAt)));

const reminder = (opponent: string, start: Date) =>
  BOARD_MESSAGES.lineupReminder(
    opponent,
    formatUtcTime(new Date(start.getTime() - SERIES_LINEUP_LOCK_MINUTES * MINUTE)),
  );

describe('board and series notices are series alerts, pushed to devices', () => {
  it("a request opens the board, the booking opens the series; both reach the captains' devices", async () => {
    const [poster, asker] = await Promise.all([fixtures().newTeam(), fixtures().newTeam()]);
    const [posterDevice, askerDevice] = await Promise.all([subscribe(poster.captain), subscribe(asker.captain)]);
    const post = await api.postOk(poster.captain, postBody(poster.id));
    const request = await api.askOk(post._id, asker.captain, asker.id);

    const asked = await find(poster.captain, BOARD_MESSAGES.requestReceived(asker.name));
    expect(asked).toMatchObject({ kind: 'series_alert', _relatedSeries: null, isScrimAlert: false });
    expect(await pushesTo(posterDevice, 1)).toEqual([
      expect.objectContaining({ body: asked!.message, url: '/board', tag: `notification-${asked!._id}` }),
    ]);

    const series = await api.acceptOk(request._id, poster.captain);
    const accepted = await find(asker.captain, BOARD_MESSAGES.requestAccepted(poster.name));
    expect(accepted).toMatchObject({ kind: 'series_alert', _relatedSeries: { _id: series._id } });
    expect((await pushesTo(askerDevice, 1))[0]).toMatchObject({
      body: accepted!.message,
      url: `/series/${series._id}`,
      tag: `series-${series._id}`,
    });
    // The captain who accepted is not told what they did.
    expect(await messagesOf(poster.captain)).not.toContain(BOARD_MESSAGES.seriesBooked(asker.name));
  });
});

describe('lineup reminders', () => {
  it('are due an hour before the start; the captains of a team without a lineup are told once, the others not', async () => {
    const booked = await fixtures().bookedSeries();
    const { poster, asker, series } = booked;
    const start = new Date(series.startsAt);
    expect((await reminderJob(series._id))!.runAt).toEqual(
      new Date(start.getTime() - SERIES_LINEUP_REMINDER_MINUTES * MINUTE),
    );
    expect((await checkJob(series._id))!.runAt).toEqual(
      new Date(start.getTime() - SERIES_LINEUP_LOCK_MINUTES * MINUTE),
    );
    await api.lineupOk(series._id, poster.captain, lineupOf(poster.id, poster.players));

    // An admin moves game 1 to 40 minutes from now: both lineup jobs follow it, the reminder due at once.
    const moved = new Date(Math.floor((Date.now() + 40 * MINUTE) / 1000) * 1000);
    await moveSeriesGame({ db: db(), scrimsApi, admin, scrimId: series.games[0]!.scrimId, startsAt: moved });
    expect((await checkJob(series._id))!.runAt).toEqual(
      new Date(moved.getTime() - SERIES_LINEUP_LOCK_MINUTES * MINUTE),
    );
    await ctx.app.jobs.runOnce();

    const told = await find(asker.captain, reminder(poster.name, moved));
    expect(told).toMatchObject({ kind: 'series_alert', _relatedSeries: { _id: series._id } });
    expect(await messagesOf(poster.captain)).not.toContain(reminder(asker.name, moved));
    // Members who do not captain are not reminded.
    expect(await messagesOf(asker.members[0]!)).not.toContain(told!.message);

    // Run again (a retried job, another change of game 1): nobody is told twice.
    await db()
      .update(jobs)
      .set({ completedAt: null, runAt: new Date() })
      .where(eq(jobs.id, (await reminderJob(series._id))!.id));
    await ctx.app.jobs.runOnce();
    expect((await messagesOf(asker.captain)).filter((m) => m === told!.message)).toHaveLength(1);
  });

  it('go at once when the series is booked inside the hour, to every captain whose team has no lineup', async () => {
    const startsAt = new Date(Date.now() + 40 * MINUTE);
    const { poster, asker, series } = await fixtures().bookedSeries({ startsAt: startsAt.toISOString() });
    await ctx.app.jobs.runOnce();
    const start = new Date(series.startsAt);
    expect(await messagesOf(asker.captain)).toContain(reminder(poster.name, start));
    expect(await messagesOf(poster.captain)).toContain(reminder(asker.name, start));
  });

  it('tell nobody once both lineups are set, and go with a cancelled series', async () => {
    const startsAt = new Date(Date.now() + 50 * MINUTE).toISOString();
    const full = await fixtures().bookedSeries({ startsAt });
    await api.lineupOk(full.series._id, full.poster.captain, lineupOf(full.poster.id, full.poster.players));
    await api.lineupOk(full.series._id, full.asker.captain, lineupOf(full.asker.id, full.asker.players));
    const cancelled = await fixtures().bookedSeries();
    expectStatus(await api.cancel(cancelled.series._id, cancelled.poster.captain, { reason: 'Roster trouble' }), 200);
    expect(await pendingReminder(cancelled.series._id)).toEqual([]);

    await ctx.app.jobs.runOnce();
    const start = new Date(full.series.startsAt);
    expect(await messagesOf(full.asker.captain)).not.toContain(reminder(full.poster.name, start));
    expect(await messagesOf(full.poster.captain)).not.toContain(reminder(full.asker.name, start));
  });
});

/** A booked series with both lineups (three subs for the asker), game 1 due now: the start job runs. */
async function seriesAtStart() {
  const booked = await fixtures().bookedSeries();
  const { poster, asker, series } = booked;
  await api.lineupOk(series._id, poster.captain, lineupOf(poster.id, poster.players));
  await api.lineupOk(series._id, asker.captain, lineupOf(asker.id, asker.players.slice(0, 5), asker.players.slice(5)));
  await db()
    .update(scrims)
    .set({ gameStartTime: new Date(Date.now() - 1000) })
    .where(eq(scrims.id, series.games[0]!.scrimId));
  await db()
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.dedupeKey, `scrim-start:${series.games[0]!.scrimId}`));
  await ctx.app.jobs.runOnce();
  return booked;
}

describe("each game's start, code and result", () => {
  let booked: Awaited<ReturnType<typeof seriesAtStart>>;
  let game1: Series['games'][number];
  beforeAll(async () => {
    booked = await seriesAtStart();
    game1 = booked.series.games[0]!;
  });

  it("the starters hear the game start as any scrim's players do", async () => {
    const title = (await db().select().from(scrims).where(eq(scrims.id, game1.scrimId)))[0]!.title;
    for (const starter of [...booked.poster.players.slice(0, 5), ...booked.asker.players.slice(0, 5)])
      expect(await messagesOf(starter)).toContain(SOCIAL_MESSAGES.scrimStartingNotification(title));
  });

  it('the code is told to both lineups (subs too) and captains, linking the game, never naming the code', async () => {
    const [code] = await db().select().from(riotTournaments).where(eq(riotTournaments.scrimId, game1.scrimId));
    expect(code?.tournamentCode).toBeTruthy();
    const title = (await db().select().from(scrims).where(eq(scrims.id, game1.scrimId)))[0]!.title;
    const message = BOARD_MESSAGES.gameCodeReady(title);
    expect(message).not.toContain(code!.tournamentCode!);
    for (const user of [...booked.poster.players.slice(0, 5), ...booked.asker.players])
      expect(await find(user, message)).toMatchObject({ kind: 'scrim_alert', _relatedScrim: { _id: game1.scrimId } });
    // A member outside both lineups who does not captain hears nothing of it.
    expect(await messagesOf(booked.poster.players[7]!)).not.toContain(message);

    // A remade code is not told again.
    expectStatus(
      await scrimsApi.call('POST', `/api/scrims/${game1.scrimId}/regenerate-tournament-code`, { token: admin.token }),
      200,
    );
    expect((await messagesOf(booked.asker.captain)).filter((m) => m === message)).toHaveLength(1);
  });

  it("each confirmed result and the series' end reach both lineups and captains, the end on their devices", async () => {
    const { poster, asker, series } = booked;
    const sub = asker.players[5]!;
    const device = await subscribe(sub);
    const win = async (game: Series['games'][number]) => {
      await db()
        .update(scrims)
        .set({ gameStartTime: new Date(Date.now() - MINUTE) })
        .where(eq(scrims.id, game.scrimId));
      const side = game.blueTeamId === poster.id ? 'teamOne' : 'teamTwo';
      expectStatus(await scrimsApi.setWinner(game.scrimId, side, admin.token), 200);
      await ctx.app.jobs.runOnce();
    };
    await win(game1);
    const title1 = (await db().select().from(scrims).where(eq(scrims.id, game1.scrimId)))[0]!.title;
    const standing = (a: number, b: number) =>
      series.teams[0]!.team?._id === poster.id
        ? `${poster.tag} ${a}–${b} ${asker.tag}`
        : `${asker.tag} ${b}–${a} ${poster.tag}`;
    const first = BOARD_MESSAGES.gameWon(title1, poster.name, standing(1, 0));
    for (const user of [poster.captain, asker.captain, sub, asker.players[1]!])
      expect(await find(user, first)).toMatchObject({ kind: 'scrim_alert', _relatedScrim: { _id: game1.scrimId } });

    const game2 = (await api.seriesOk(series._id, poster.captain)).games[1]!;
    await win(game2);
    const end = BOARD_MESSAGES.seriesFinished(poster.name, '2–0');
    expect(await find(sub, end)).toMatchObject({ kind: 'series_alert', _relatedSeries: { _id: series._id } });
    expect(await find(poster.captain, end)).toBeDefined();
    const pushed = await pushesTo(device, 4);
    expect(pushed.map((p) => p.body)).toEqual(expect.arrayContaining([end, first]));
    expect(pushed.find((p) => p.body === end)).toMatchObject({ url: `/series/${series._id}` });
    expect(pushed.find((p) => p.body === first)).toMatchObject({ url: `/scrims/${game1.scrimId}` });
  });
});

describe('a booked series hours ahead', () => {
  it('is not reminded before its hour (the job waits for it)', async () => {
    const { series } = await fixtures().bookedSeries({ startsAt: new Date(Date.now() + 3 * HOUR).toISOString() });
    await ctx.app.jobs.runOnce();
    expect(await pendingReminder(series._id)).toHaveLength(1);
  });
});
