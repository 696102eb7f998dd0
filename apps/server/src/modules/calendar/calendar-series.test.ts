import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, type CalendarFeed } from '@scrim-gym/shared';
import { scrims } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { boardApi, lineupOf, moveSeriesGame, seriesFixtures } from '../../test/board-api.js';
import { createAdmin, type TestUser } from '../../test/factories.js';
import { parseCalendar } from '../../test/ical.js';
import { scrimApi } from '../../test/scrim-api.js';
import { callApi, expectStatus } from '../../test/social.js';
import { teamApi } from '../../test/team-api.js';

/**
 * A team series' games in the personal calendar feed, parsed as a calendar app would: every player of a lineup (subs
 * included) and every captain of either team has each game, titled with both tags and its number, linking the
 * game's scrim and the series; a game moved moves, a series cancelled cancels its games there.
 */
const PUBLIC_URL = 'https://scrim-gym.test';
let ctx: TestContext;
let call: ReturnType<typeof callApi>;
let admin: TestUser;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
  call = callApi(ctx.app);
  admin = await createAdmin({ db: db() });
});
afterAll(() => ctx?.close());

async function feedOf(user: TestUser) {
  const { url } = expectStatus<CalendarFeed>(await call('GET', '/api/calendar', user.token), 200);
  const res = await call('GET', new URL(url).pathname);
  expect(res.statusCode, res.body).toBe(200);
  return parseCalendar(res.body).events;
}

describe("a series' games in the personal feed", () => {
  const board = () => boardApi(call);
  let booked: Awaited<ReturnType<ReturnType<typeof seriesFixtures>['bookedSeries']>>;
  let captainOnly: TestUser;
  beforeAll(async () => {
    booked = await seriesFixtures({ db: db(), board: board(), teams: teamApi(call) }).bookedSeries();
    const { poster, asker, series } = booked;
    // The poster's lineup: its first five, one sub; a member outside the lineup is made a captain.
    await board().lineupOk(
      series._id,
      poster.captain,
      lineupOf(poster.id, poster.players.slice(0, 5), [poster.players[5]!]),
    );
    await board().lineupOk(series._id, asker.captain, lineupOf(asker.id, asker.players));
    captainOnly = poster.players[6]!;
    expectStatus(
      await teamApi(call).setMember(poster.id, captainOnly.id, poster.captain, { role: 'Sub', isCaptain: true }),
      200,
    );
  });

  const gameOne = () => booked.series.games[0]!;
  const eventOf = async (user: TestUser) =>
    (await feedOf(user)).find((event) => event.uid === `${gameOne().scrimId}@scrimgym`);

  it("a starter, a sub and a captain outside the lineup each have game 1 with their place; others don't", async () => {
    const { poster, asker, series } = booked;
    const blue = series.teams[0]!.team!;
    const red = series.teams[1]!.team!;
    const scrimUrl = `${PUBLIC_URL}/scrims/${gameOne().scrimId}`;
    const seriesUrl = `${PUBLIC_URL}/series/${series._id}`;
    const places = [
      [poster.players[1]!, CALENDAR_MESSAGES.involvement({ kind: 'series', team: poster.name, role: 'Jungle' })],
      [poster.players[5]!, CALENDAR_MESSAGES.involvement({ kind: 'series', team: poster.name, role: 'Sub' })],
      [captainOnly, CALENDAR_MESSAGES.involvement({ kind: 'series', team: poster.name, role: null })],
      [asker.captain, CALENDAR_MESSAGES.involvement({ kind: 'series', team: asker.name, role: 'Top' })],
    ] as const;
    for (const [user, place] of places) {
      const event = await eventOf(user);
      expect(event, user.id).toMatchObject({
        summary: `${blue.tag} vs ${red.tag} · Game 1`,
        // iCalendar times have whole seconds.
        start: new Date(Math.floor(Date.parse(series.startsAt) / 1000) * 1000),
        url: scrimUrl,
        status: 'CONFIRMED',
      });
      expect(event!.description).toContain(place);
      expect(event!.description).toContain(CALENDAR_MESSAGES.link(scrimUrl));
      expect(event!.description).toContain(CALENDAR_MESSAGES.seriesLink(seriesUrl));
    }
    // A member in no lineup who does not captain has nothing of it.
    expect(await eventOf(poster.players[7]!)).toBeUndefined();
  });

  it('moves with game 1, and is cancelled with the series', async () => {
    const { poster, asker, series } = booked;
    // SEQUENCE counts whole seconds from the scrim's creation to its last change: the game was made an hour ago.
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await db().update(scrims).set({ createdAt: hourAgo, updatedAt: hourAgo }).where(eq(scrims.id, gameOne().scrimId));
    const before = (await eventOf(poster.players[5]!))!;
    const moved = new Date(Math.floor((Date.now() + 26 * 60 * 60_000) / 1000) * 1000);
    await moveSeriesGame({
      db: db(),
      scrimsApi: scrimApi(ctx.app),
      admin,
      scrimId: gameOne().scrimId,
      startsAt: moved,
    });
    const after = (await eventOf(poster.players[5]!))!;
    expect(after.start).toEqual(moved);
    expect(after.sequence).toBeGreaterThan(before.sequence);

    expectStatus(await boardApi(call).cancel(series._id, asker.captain, { reason: 'Two players sick' }), 200);
    for (const user of [captainOnly, asker.players[2]!]) {
      const event = (await eventOf(user))!;
      expect(event.status).toBe('CANCELLED');
      expect(event.description).toContain(CALENDAR_MESSAGES.cancelledBecause('Two players sick'));
      expect(event.alarms).toEqual([]);
    }
  });
});
