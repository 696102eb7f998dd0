import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FEED_MAX_EVENTS, CALENDAR_MESSAGES, type CalendarFeed, type Scrim } from '@scrim-gym/shared';
import {
  calendarFeeds,
  riotTournaments,
  scrimParticipants,
  scrimSignups,
  scrimWaitlist,
  scrims,
} from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { parseCalendar, type ParsedEvent } from '../../test/ical.js';
import { editBody, expectError, scrimApi } from '../../test/scrim-api.js';
import { addCaster, addPlayers, createScrim, type TestScrim } from '../../test/scrim-factories.js';
import { expectBanned, expectNoSession, expectStatus, expectValidation } from '../../test/social.js';
import { FEED_BURST } from './calendar.routes.js';

const PUBLIC_URL = 'https://scrim-gym.test';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
  admin = await createAdmin({ db: db() });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const api = () => scrimApi(ctx.app);
const get = (url: string, token?: string) => api().call('GET', url, { token });

/** The path of a feed URL, which the tests call on the app itself. */
const pathOf = (url: string) => new URL(url).pathname;

async function feedUrl(user: TestUser) {
  return expectStatus<CalendarFeed>(await get('/api/calendar', user.token), 200).url;
}

/** The user's feed, parsed back (expects a 200 iCalendar answer). */
async function readFeed(user: TestUser) {
  const res = await get(pathOf(await feedUrl(user)));
  return expectCalendar(res);
}

function expectCalendar(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return { ...parseCalendar(res.body), text: res.body };
}

/** iCalendar times have whole seconds. */
const toSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);
const eventOf = (events: ParsedEvent[], scrimId: string) => events.find((e) => e.uid === `${scrimId}@scrimgym`);
const rowsOf = async (user: TestUser) =>
  (await db().select({ n: count() }).from(calendarFeeds).where(eq(calendarFeeds.userId, user.id)))[0]!.n;

/** Creates a scrim through the API as the admin, with its start given as local time and offset. */
async function createScrimAt(gameStartTime: string, changes: object = {}) {
  const res = await api().call('POST', '/api/scrims', {
    token: admin.token,
    payload: {
      title: 'Zoned scrim',
      region: 'EUW',
      gameStartTime,
      isPrivate: false,
      useTournamentCode: false,
      lobbyName: 'Secret Lobby Name',
      lobbyPassword: 'hunter22',
      ...changes,
    },
  });
  return expectStatus<Scrim>(res, 201);
}

/** The wall-clock time of an instant in a time zone, as a calendar app there shows it. */
const wallClock = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);

describe('GET /api/calendar', () => {
  it('refuses visitors and banned users, and writes nothing for them', async () => {
    expectNoSession(await get('/api/calendar'));
    const banned = await createBannedUser({ db: db() });
    expectBanned(await get('/api/calendar', banned.token));
    expect(await rowsOf(banned)).toBe(0);
  });

  it('makes the secret on first use and answers the same address after that', async () => {
    const user = await createUser({ db: db() });
    expect(await rowsOf(user)).toBe(0);
    const first = await get('/api/calendar', user.token);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const { url } = expectStatus<CalendarFeed>(first, 200);
    expect(url).toMatch(/^https:\/\/scrim-gym\.test\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    // At least 128 random bits: 22 base64url characters or more.
    const secret = url
      .split('/')
      .at(-1)!
      .replace(/\.ics$/, '');
    expect(secret.length).toBeGreaterThanOrEqual(22);
    expect(await feedUrl(user)).toBe(url);
    expect(await rowsOf(user)).toBe(1);
  });

  it("gives every user (admins too) a secret of their own, which shows only that user's scrims", async () => {
    const [one, two] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const [scrimOne, scrimTwo] = [await createScrim({ db: db() }), await createScrim({ db: db() })];
    await addPlayers({ db: db(), scrim: scrimOne, users: [one] });
    await addPlayers({ db: db(), scrim: scrimTwo, users: [two] });
    expect(await feedUrl(one)).not.toBe(await feedUrl(two));
    expect((await readFeed(one)).events.map((e) => e.uid)).toEqual([`${scrimOne.id}@scrimgym`]);
    expect((await readFeed(two)).events.map((e) => e.uid)).toEqual([`${scrimTwo.id}@scrimgym`]);
    expect((await readFeed(admin)).events).toEqual([]);
  });

  it("uses the request's origin when PUBLIC_URL is not set", async () => {
    const local = await createTestApp({}, { database: ctx.database });
    try {
      const user = await createUser({ db: db() });
      const res = await scrimApi(local.app).call('GET', '/api/calendar', {
        token: user.token,
        headers: { host: 'localhost:3000' },
      });
      expect(expectStatus<CalendarFeed>(res, 200).url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/.+\.ics$/);
    } finally {
      await local.close();
    }
  });
});

describe('GET /api/calendar/:secret.ics', () => {
  it('answers 404 for an unknown secret and 400 for one that is not a secret', async () => {
    expectError(
      await get(`/api/calendar/${'A'.repeat(32)}.ics`),
      404,
      'CALENDAR_NOT_FOUND',
      CALENDAR_MESSAGES.feedNotFound,
    );
    expectValidation(await get('/api/calendar/not%20a%20secret!.ics'));
    expectValidation(await get(`/api/calendar/${'A'.repeat(10)}.ics`));
    // Without the .ics suffix there is no such route.
    expect((await get(`/api/calendar/${'A'.repeat(32)}`)).statusCode).toBe(404);
  });

  it('times are instants in UTC: 20:00 in Berlin and 19:00 in New York come back as those instants', async () => {
    const player = await createUser({ db: db() });
    // Summer time in both zones: Berlin is UTC+2, New York UTC-4.
    const berlin = await createScrimAt('2031-07-10T20:00:00+02:00', { title: 'Berlin evening' });
    const newYork = await createScrimAt('2031-07-10T19:00:00-04:00', { title: 'New York evening', region: 'NA' });
    await addPlayers({ db: db(), scrim: { id: berlin._id }, users: [player] });
    await addCaster({ db: db(), scrim: { id: newYork._id, region: 'NA' }, user: player });

    const { events, text, name } = await readFeed(player);
    expect(name).toBe(CALENDAR_MESSAGES.calendarName);
    const inBerlin = eventOf(events, berlin._id)!;
    const inNewYork = eventOf(events, newYork._id)!;
    expect(inBerlin.start.toISOString()).toBe('2031-07-10T18:00:00.000Z');
    expect(inNewYork.start.toISOString()).toBe('2031-07-10T23:00:00.000Z');
    for (const event of [inBerlin, inNewYork]) {
      expect(event.startZone).toBe('UTC');
      expect(event.end.getTime() - event.start.getTime()).toBe(HOUR);
    }
    expect(text).toContain('DTSTART:20310710T180000Z');
    expect(text).toContain('DTSTART:20310710T230000Z');
    // What calendar apps in each zone show: the host's local time there, and the right time elsewhere.
    expect(wallClock(inBerlin.start, 'Europe/Berlin')).toBe('10/07/2031, 20:00');
    expect(wallClock(inNewYork.start, 'America/New_York')).toBe('10/07/2031, 19:00');
    expect(wallClock(inNewYork.start, 'Europe/Berlin')).toBe('11/07/2031, 01:00');
    expect(wallClock(inBerlin.start, 'America/New_York')).toBe('10/07/2031, 14:00');
    // Soonest first.
    expect(events.map((e) => e.uid)).toEqual([inBerlin.uid, inNewYork.uid]);
  });

  it('describes each event: title, link, region, place in the scrim, reminders at check-in and 10 minutes', async () => {
    const player = await createUser({ db: db() });
    const scrim = await createScrim({ db: db(), title: 'Thursday clash', region: 'EUW' });
    await addPlayers({ db: db(), scrim, users: [player], slots: [{ team: 'teamTwo', role: 'Jungle' }] });
    const event = eventOf((await readFeed(player)).events, scrim.id)!;
    const link = `${PUBLIC_URL}/scrims/${scrim.id}`;
    expect(event).toMatchObject({
      summary: 'Thursday clash',
      location: CALENDAR_MESSAGES.location('EUW'),
      url: link,
      status: 'CONFIRMED',
      start: toSecond(scrim.gameStartTime),
    });
    expect(event.description.split('\n')).toEqual([
      CALENDAR_MESSAGES.scrimIn('EUW'),
      CALENDAR_MESSAGES.involvement({ kind: 'player', team: 'teamTwo', role: 'Jungle' }),
      CALENDAR_MESSAGES.checkIn,
      CALENDAR_MESSAGES.link(link),
    ]);
    expect(event.alarms).toEqual([
      { action: 'DISPLAY', trigger: '-PT30M' },
      { action: 'DISPLAY', trigger: '-PT10M' },
    ]);
  });

  it('lists the scrims one casts, is signed up for, waits for or hosts; marks the waitlist', async () => {
    const user = await createUser({ db: db() });
    const [cast, signed, waiting, hosted, elsewhere] = await Promise.all(
      [1, 2, 3, 4, 5].map((h) => createScrim({ db: db(), gameStartTime: new Date(Date.now() + h * HOUR) })),
    );
    await addCaster({ db: db(), scrim: cast!, user });
    await db()
      .insert(scrimSignups)
      .values({ scrimId: signed!.id, userId: user.id, primaryRole: 'Mid', secondaryRole: 'Fill' });
    await db().insert(scrimWaitlist).values({ scrimId: waiting!.id, userId: user.id, role: 'any' });
    await db().update(scrims).set({ hostedBy: user.id }).where(eq(scrims.id, hosted!.id));
    await addPlayers({ db: db(), scrim: elsewhere!, users: [await createUser({ db: db() })] });

    const { events } = await readFeed(user);
    expect(events.map((e) => e.uid)).toEqual([cast, signed, waiting, hosted].map((s) => `${s!.id}@scrimgym`));
    const [asCaster, asSignedUp, asWaiting, asHost] = events;
    expect(asCaster!.description).toContain(CALENDAR_MESSAGES.involvement({ kind: 'caster' }));
    expect(asSignedUp!.description).toContain(CALENDAR_MESSAGES.involvement({ kind: 'signedUp' }));
    expect(asWaiting).toMatchObject({
      summary: CALENDAR_MESSAGES.waitlistedSummary(waiting!.title),
      status: 'TENTATIVE',
    });
    expect(asWaiting!.description).toContain(CALENDAR_MESSAGES.involvement({ kind: 'waitlisted' }));
    expect(asHost!.description).toContain(CALENDAR_MESSAGES.involvement({ kind: 'host' }));
  });

  it('keeps private scrims (the owner is in them) and leaves out scrims older than 30 days', async () => {
    const player = await createUser({ db: db() });
    const privateScrim = await createScrim({ db: db(), isPrivate: true });
    const recent = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 29 * DAY) });
    const old = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 31 * DAY) });
    for (const scrim of [privateScrim, recent, old]) await addPlayers({ db: db(), scrim, users: [player] });
    const uids = (await readFeed(player)).events.map((e) => e.uid);
    expect(uids).toEqual([recent, privateScrim].map((s) => `${s.id}@scrimgym`));
  });

  it('marks cancelled and abandoned scrims CANCELLED, with the reason and no reminders', async () => {
    const player = await createUser({ db: db() });
    const cancelled = await createScrim({ db: db(), title: 'Called off' });
    const abandoned = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 2 * HOUR) });
    for (const scrim of [cancelled, abandoned]) await addPlayers({ db: db(), scrim, users: [player] });
    const before = eventOf((await readFeed(player)).events, cancelled.id)!;
    expect(before.status).toBe('CONFIRMED');

    await db()
      .update(scrims)
      .set({ cancelledAt: new Date(Date.now() + 5000), cancelReason: 'Not enough players' })
      .where(eq(scrims.id, cancelled.id));
    await db().update(scrims).set({ abandonedAt: new Date() }).where(eq(scrims.id, abandoned.id));

    const { events } = await readFeed(player);
    const called = eventOf(events, cancelled.id)!;
    expect(called).toMatchObject({ status: 'CANCELLED', summary: 'Cancelled: Called off', alarms: [] });
    expect(called.description).toContain(CALENDAR_MESSAGES.cancelledBecause('Not enough players'));
    expect(called.description).not.toContain(CALENDAR_MESSAGES.checkIn);
    expect(called.sequence).toBeGreaterThan(before.sequence);
    expect(eventOf(events, abandoned.id)).toMatchObject({
      status: 'CANCELLED',
      summary: CALENDAR_MESSAGES.abandonedSummary(abandoned.title),
      alarms: [],
    });
  });

  it('follows an edit of the start time: DTSTART moves, SEQUENCE and LAST-MODIFIED grow', async () => {
    const player = await createUser({ db: db() });
    const scrim = await createScrim({
      db: db(),
      createdAt: new Date(Date.now() - HOUR),
      updatedAt: new Date(Date.now() - HOUR),
    });
    await addPlayers({ db: db(), scrim, users: [player] });
    const before = eventOf((await readFeed(player)).events, scrim.id)!;

    const later = toSecond(new Date(scrim.gameStartTime.getTime() + 90 * 60_000));
    const res = await api().call('PUT', `/api/scrims/${scrim.id}`, {
      token: admin.token,
      payload: editBody(scrim, { gameStartTime: later.toISOString() }),
    });
    expectStatus(res, 200);

    const after = eventOf((await readFeed(player)).events, scrim.id)!;
    expect(before.start).toEqual(toSecond(scrim.gameStartTime));
    expect(after.start).toEqual(later);
    expect(after.end).toEqual(new Date(later.getTime() + HOUR));
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.lastModified!.getTime()).toBeGreaterThan(before.lastModified!.getTime());
  });

  it('never prints a lobby name, password or tournament code', async () => {
    const player = await createUser({ db: db() });
    const scrim = await createScrim({ db: db(), lobbyName: 'LobbyNameXyz', lobbyPassword: 'PassXyz9' });
    await db().insert(riotTournaments).values({ scrimId: scrim.id, tournamentCode: 'NA-CODE-XYZ-123' });
    await addPlayers({ db: db(), scrim, users: [player] });
    const { text } = await readFeed(player);
    const download = await get(`/api/scrims/${scrim.id}/calendar.ics`, player.token);
    expect(download.statusCode).toBe(200);
    for (const body of [text, download.body]) {
      expect(body).toContain(`UID:${scrim.id}@scrimgym`);
      for (const secret of ['LobbyNameXyz', 'PassXyz9', 'NA-CODE-XYZ-123']) expect(body).not.toContain(secret);
    }
  });

  it('is cacheable privately for a few minutes, and needs no session', async () => {
    const user = await createUser({ db: db() });
    const res = await get(pathOf(await feedUrl(user)));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });

  it("refuses a banned owner's feed", async () => {
    const banned = await createBannedUser({ db: db() });
    const secret = 'b'.repeat(32);
    await db().insert(calendarFeeds).values({ userId: banned.id, secret });
    expectBanned(await get(`/api/calendar/${secret}.ics`));
  });

  it(`lists at most ${CALENDAR_FEED_MAX_EVENTS} scrims, the soonest`, async () => {
    const player = await createUser({ db: db() });
    const start = Date.now() + DAY;
    const rows = await db()
      .insert(scrims)
      .values(
        Array.from({ length: CALENDAR_FEED_MAX_EVENTS + 5 }, (_, i) => ({
          title: `Bulk ${i}`,
          region: 'NA' as const,
          gameStartTime: new Date(start + i * HOUR),
          lobbyName: 'l',
          lobbyPassword: 'p',
        })),
      )
      .returning({ id: scrims.id });
    await db()
      .insert(scrimParticipants)
      .values(rows.map(({ id }) => ({ scrimId: id, userId: player.id, kind: 'caster' as const })));
    const { events } = await readFeed(player);
    expect(events).toHaveLength(CALENDAR_FEED_MAX_EVENTS);
    expect(events.at(-1)!.summary).toBe(`Bulk ${CALENDAR_FEED_MAX_EVENTS - 1}`);
  });
});

describe('POST /api/calendar/rotate', () => {
  it('refuses visitors and banned users, and writes nothing for them', async () => {
    expectNoSession(await api().call('POST', '/api/calendar/rotate'));
    const banned = await createBannedUser({ db: db() });
    expectBanned(await api().call('POST', '/api/calendar/rotate', { token: banned.token }));
    expect(await rowsOf(banned)).toBe(0);
  });

  it('gives a new address; the old one answers 404 at once; another user is untouched', async () => {
    const [user, other] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const scrim = await createScrim({ db: db() });
    await addPlayers({ db: db(), scrim, users: [user] });
    const old = await feedUrl(user);
    const othersUrl = await feedUrl(other);
    expect((await get(pathOf(old))).statusCode).toBe(200);

    const res = await api().call('POST', '/api/calendar/rotate', { token: user.token });
    const { url } = expectStatus<CalendarFeed>(res, 200);
    expect(url).not.toBe(old);
    expectError(await get(pathOf(old)), 404, 'CALENDAR_NOT_FOUND');
    expect(eventOf(expectCalendar(await get(pathOf(url))).events, scrim.id)).toBeDefined();
    expect(await feedUrl(user)).toBe(url);
    expect(await feedUrl(other)).toBe(othersUrl);
  });

  it("makes a user's first secret too", async () => {
    const user = await createUser({ db: db() });
    const { url } = expectStatus<CalendarFeed>(
      await api().call('POST', '/api/calendar/rotate', { token: user.token }),
      200,
    );
    expect(await feedUrl(user)).toBe(url);
  });
});

describe('GET /api/scrims/:id/calendar.ics', () => {
  let scrim: TestScrim;
  beforeAll(async () => {
    scrim = await createScrim({ db: db(), title: 'Friday "finals" / EU\\NA', isPrivate: true });
  });

  it('refuses visitors and banned users; 400 for a bad id, 404 for an unknown scrim', async () => {
    expectNoSession(await get(`/api/scrims/${scrim.id}/calendar.ics`));
    const banned = await createBannedUser({ db: db() });
    expectBanned(await get(`/api/scrims/${scrim.id}/calendar.ics`, banned.token));
    const user = await createUser({ db: db() });
    expectValidation(await get('/api/scrims/not-a-scrim/calendar.ics', user.token));
    expectError(
      await get('/api/scrims/00000000-0000-4000-8000-000000000000/calendar.ics', user.token),
      404,
      'SCRIM_NOT_FOUND',
    );
  });

  it('downloads the scrim for anyone who may read it (a private one by its link), with a safe file name', async () => {
    for (const viewer of [await createUser({ db: db() }), admin]) {
      const res = await get(`/api/scrims/${scrim.id}/calendar.ics`, viewer.token);
      const { events } = expectCalendar(res);
      expect(res.headers['content-disposition']).toBe('attachment; filename="friday-finals-eu-na.ics"');
      expect(res.headers['cache-control']).toBe('private, max-age=60');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        uid: `${scrim.id}@scrimgym`,
        summary: scrim.title,
        start: toSecond(scrim.gameStartTime),
        url: `${PUBLIC_URL}/scrims/${scrim.id}`,
        status: 'CONFIRMED',
      });
      expect(events[0]!.alarms).toHaveLength(2);
    }
  });
});

describe('deleting an account', () => {
  it('deletes its feed: the address answers 404', async () => {
    const user = await createUser({ db: db() });
    const url = await feedUrl(user);
    const res = await api().call('DELETE', '/api/users/me', {
      token: user.token,
      payload: { confirmation: user.name },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(user)).toBe(0);
    expectError(await get(pathOf(url)), 404, 'CALENDAR_NOT_FOUND');
  });
});

// Last: it spends this app's feed budget for 127.0.0.1.
describe('rate limit', () => {
  it(`answers 429 with Retry-After after a burst of ${FEED_BURST} feed reads from one address`, async () => {
    const url = `/api/calendar/${'z'.repeat(32)}.ics`;
    let sent = 0;
    let limited: LightMyRequestResponse | undefined;
    while (!limited && sent < 2 * FEED_BURST) {
      const res = await get(url);
      sent++;
      if (res.statusCode === 429) limited = res;
      else expect(res.statusCode).toBe(404);
    }
    // Earlier tests took a few tokens, and a few came back meanwhile.
    expect(sent).toBeLessThanOrEqual(FEED_BURST + 10);
    expectError(limited!, 429, 'RATE_LIMITED');
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
