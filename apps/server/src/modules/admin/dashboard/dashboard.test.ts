import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, DashboardStats, SystemStatus } from '@scrim-gym/shared';
import { auditLog, bans, scrims } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { bearer, createAdmin, createUser, type TestUser } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot } from '../../../test/fake-riot.js';
import { createScrim } from '../../../test/scrim-factories.js';
import { connectClient, listenLocally, type TestClient } from '../../../test/socket-client.js';
import { RiotError } from '../../riot/index.js';
import { riotStatusOf } from './dashboard.status.js';

/**
 * The dashboard's figures on a database of this file's own, where every row is known, so each figure is checked
 * exactly.
 */
let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAdmin({ db: db() });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const get = (path: string, token = admin.token, app = ctx.app) =>
  app.inject({ method: 'GET', url: `/api/admin/${path}`, headers: bearer(token) });
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

describe('GET /api/admin/dashboard-stats', () => {
  it('counts users, scrims, activity, months, regions, ranks and bans', async () => {
    const startOfToday = new Date(`${utcDay(new Date())}T00:00:00.000Z`);
    const people = await Promise.all([
      createUser({ db: db(), region: 'EUW', rank: 'Gold 4', createdAt: ago(2 * DAY), lastActiveAt: new Date() }),
      createUser({
        db: db(),
        region: 'EUW',
        rank: 'Master',
        createdAt: ago(40 * DAY),
        lastActiveAt: ago(Date.now() - startOfToday.getTime() + 1000),
      }),
      createUser({ db: db(), region: 'OCE', rank: 'Unranked', createdAt: ago(400 * DAY) }),
      // A rank text the product cannot produce (inserted directly): it goes last.
      createUser({ db: db(), region: 'LAN', rank: 'Wood 3', createdAt: ago(DAY), lastActiveAt: new Date() }),
      createUser({ db: db(), region: 'NA', rank: 'Iron 1', createdAt: ago(10 * DAY) }),
      createUser({ db: db(), region: 'NA', rank: 'Emerald 2', createdAt: ago(3 * DAY) }),
    ]);
    const everyone = [admin, ...people];

    const scrimTimes = [
      { createdAt: new Date(), gameStartTime: new Date() },
      { createdAt: ago(3 * DAY), gameStartTime: ago(3 * DAY) },
      { createdAt: ago(6 * DAY), gameStartTime: ago(6 * DAY) },
      { createdAt: ago(10 * DAY), gameStartTime: ago(10 * DAY) },
      { createdAt: ago(DAY), gameStartTime: new Date(Date.now() + 2 * DAY) },
    ];
    for (const times of scrimTimes) await createScrim({ db: db(), ...times });

    const [u1, u2, u3] = people;
    const past = { dateFrom: ago(3 * DAY), dateTo: ago(DAY) };
    const ahead = { dateFrom: ago(DAY), dateTo: new Date(Date.now() + DAY) };
    await db()
      .insert(bans)
      .values([
        { userId: u1.id, ...ahead, reason: 'active' },
        { userId: u1.id, ...past, reason: 'old, lifted', isActive: false, liftedAt: ago(DAY) },
        { userId: u2.id, ...past, reason: 'expired, not lifted' },
        { userId: u3.id, ...past, reason: 'lifted', isActive: false, liftedAt: ago(DAY) },
      ]);

    const res = await get('dashboard-stats');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const stats = res.json() as DashboardStats;

    const months = new Map<string, number>();
    for (const u of everyone) {
      const key = `${u.createdAt.getUTCFullYear()}-${u.createdAt.getUTCMonth() + 1}`;
      months.set(key, (months.get(key) ?? 0) + 1);
    }
    const expectedMonths = [...months]
      .map(([key, count]) => ({ year: Number(key.split('-')[0]), month: Number(key.split('-')[1]), count }))
      .sort((a, b) => a.year - b.year || a.month - b.month);

    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const weekDays = Array.from({ length: 7 }, (_, i) => utcDay(new Date(today - (6 - i) * DAY)));
    const perDay = new Map<string, number>();
    for (const { gameStartTime } of scrimTimes)
      perDay.set(utcDay(gameStartTime), (perDay.get(utcDay(gameStartTime)) ?? 0) + 1);

    expect(stats).toEqual({
      totalUsers: 7,
      totalScrims: 5,
      weeklyNewUsers: 4, // the admin, 1, 2 and 3 days old
      weeklyNewScrims: 4,
      activeToday: 2,
      monthlyUserGrowth: expectedMonths,
      weeklyScrimActivity: weekDays.map((date) => ({
        date,
        day: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${date}T00:00:00Z`).getUTCDay()],
        scrims: perDay.get(date) ?? 0,
      })),
      regionDistribution: [
        { region: 'NA', count: 3 },
        { region: 'EUW', count: 2 },
        { region: 'LAN', count: 1 },
        { region: 'OCE', count: 1 },
      ],
      rankDistribution: [
        { rank: 'Iron', count: 1 },
        { rank: 'Gold', count: 2 },
        { rank: 'Emerald', count: 1 },
        { rank: 'Master', count: 1 },
        { rank: 'Unranked', count: 1 },
        { rank: 'Wood', count: 1 },
      ],
      banStatistics: { activeBans: 1, expiredBans: 1, totalBannedUsers: 3, totalBans: 4 },
    });
    expect(stats.weeklyScrimActivity.at(-1)!.scrims).toBe(1);
    expect(stats.weeklyScrimActivity.reduce((n, d) => n + d.scrims, 0)).toBe(3);
  });
});

describe('GET /api/admin/recent-activities', () => {
  it('merges scrims created and completed, registrations, bans, lifts and admin updates, newest first', async () => {
    const player = await createUser({ db: db(), region: 'EUW', rank: 'Silver 1' });
    const scrim = await createScrim({ db: db(), title: 'Finals', region: 'EUW' });
    await db()
      .update(scrims)
      .set({ teamWon: 'teamTwo', resultStatus: 'confirmed', resultSource: 'admin', updatedAt: new Date() })
      .where(eq(scrims.id, scrim.id));
    const call = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/${url}`, headers: bearer(admin.token), payload });
    const banned = await call('banUser', {
      banUserId: player.id,
      dateFrom: new Date(Date.now() - 1000).toISOString(),
      dateTo: new Date(Date.now() + DAY).toISOString(),
      reason: 'smurfing',
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect((await call('unbanUser', { bannedUserId: player.id })).statusCode).toBe(200);
    expect((await call(`updateUser/${player.id}`, { rank: 'Gold 1' })).statusCode).toBe(200);

    const res = await get('recent-activities');
    expect(res.statusCode, res.body).toBe(200);
    const activities = res.json() as Activity[];
    const times = activities.map((a) => a.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(activities.length).toBeLessThanOrEqual(30);

    const byId = (id: string) => activities.find((a) => a._id === id);
    expect(byId(`user:${player.id}`)).toMatchObject({
      type: 'user',
      status: 'new',
      description: `New user ${player.name}#NA1 registered`,
      details: { userId: player.id, userName: player.name, region: 'EUW', summonerTagline: 'NA1' },
    });
    expect(byId(`scrim:${scrim.id}`)).toMatchObject({
      type: 'scrim',
      status: 'completed',
      details: { scrimId: scrim.id, region: 'EUW' },
    });
    expect(byId(`scrim-won:${scrim.id}`)).toMatchObject({
      status: 'completed',
      description: 'Scrim "Finals" completed: Team Two (Red Side) won',
    });
    const banId = banned.json()._id as string;
    expect(byId(`ban:${banId}`)).toMatchObject({
      type: 'ban',
      status: 'banned',
      details: { userId: player.id, reason: 'smurfing', region: 'EUW' },
    });
    expect(byId(`lift:${banId}`)).toMatchObject({
      type: 'ban',
      status: 'lifted',
      description: `${player.name}'s ban was lifted`,
    });
    const update = activities.find((a) => a.status === 'updated' && a.details.userId === player.id);
    expect(update).toMatchObject({
      type: 'user',
      description: `${admin.name} updated ${player.name}'s profile`,
      details: { rank: 'Gold 1' },
    });
    // Ban actions come from the bans table only: no duplicates from the audit log.
    expect(activities.filter((a) => a.details.userId === player.id && a.type === 'ban')).toHaveLength(2);
  });
});

describe('GET /api/admin/recent-activities: results not confirmed yet', () => {
  it('says pending or disputed, never completed or won', async () => {
    const pending = await createScrim({
      db: db(),
      title: 'Reported',
      teamWon: 'teamTwo',
      resultStatus: 'pending',
      resultSource: 'captain',
    });
    const disputed = await createScrim({
      db: db(),
      title: 'Contested',
      teamWon: 'teamTwo',
      resultStatus: 'disputed',
      resultSource: 'captain',
    });
    const res = await get('recent-activities');
    expect(res.statusCode, res.body).toBe(200);
    const activities = res.json() as Activity[];
    const byId = (id: string) => activities.find((a) => a._id === id);
    expect(byId(`scrim-won:${pending.id}`)).toMatchObject({
      status: 'pending',
      description: 'Scrim "Reported": result pending, Team Two (Red Side) reported a win',
    });
    expect(byId(`scrim-won:${disputed.id}`)).toMatchObject({
      status: 'disputed',
      description: 'Scrim "Contested": result disputed, waiting for an admin',
    });
    expect(byId(`scrim:${disputed.id}`)).toMatchObject({ status: 'disputed' });
  });
});

describe('GET /api/admin/recent-activities: one entry per event', () => {
  it("lists an admin's scrim creation once (from the scrims table, not again from the audit log)", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/scrims',
      headers: bearer(admin.token),
      payload: { title: 'Created Once', region: 'NA', gameStartTime: new Date(Date.now() + DAY).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const scrimId = res.json()._id as string;
    // The audit row is written before the answer leaves.
    const rows = await db().select().from(auditLog).where(eq(auditLog.targetScrimId, scrimId));
    expect(rows.map((r) => r.action)).toEqual(['scrim.create']);
    const activities = (await get('recent-activities')).json() as Activity[];
    const aboutScrim = activities.filter((a) => a.details.scrimId === scrimId);
    expect(aboutScrim).toEqual([
      expect.objectContaining({
        _id: `scrim:${scrimId}`,
        description: `New scrim "Created Once" created by ${admin.name}`,
        status: 'active',
      }),
    ]);

    // Other admin actions on it are still listed from the audit log, beside the creation.
    const fill = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/scrims/${scrimId}/admin-fill-random`,
      headers: bearer(admin.token),
      payload: { region: 'NA' },
    });
    expect(fill.statusCode, fill.body).toBe(200);
    const after = (await get('recent-activities')).json() as Activity[];
    expect(after.filter((a) => a.details.scrimId === scrimId).map((a) => a.description)).toEqual([
      `${admin.name} filled the empty slots of scrim "Created Once"`,
      `New scrim "Created Once" created by ${admin.name}`,
    ]);
  });
});

describe('GET /api/admin/server-status', () => {
  const clients: TestClient[] = [];
  afterAll(() => clients.forEach((c) => c.close()));

  it('database latency, connected sockets, Riot without a key inactive, email inactive', async () => {
    const status = async () => (await get('server-status')).json() as SystemStatus;
    const before = await status();
    expect(before.services.database.status).toBe('operational');
    expect(before.services.database.latency).toEqual(expect.any(Number));
    expect(before.services.websocket).toEqual({ status: 'operational', connections: 0 });
    expect(before.services.riotApi).toEqual({ status: 'inactive' });
    expect(before.services.emailService).toEqual({ status: 'inactive' });
    expect(before.services.redis).toEqual({ status: 'inactive' });

    const url = await listenLocally(ctx.app);
    const users = [admin, await createUser({ db: db() })];
    for (const user of users) clients.push(await connectClient(url, user.token));
    expect((await status()).services.websocket).toEqual({ status: 'operational', connections: 2 });
  });

  describe('Riot API, through the platform status call', () => {
    let fake: FakeRiot;
    const apps: TestContext[] = [];
    beforeAll(async () => {
      fake = await startFakeRiot();
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await fake.close();
    });
    async function riotStatus(apiKey: string) {
      const app = await createTestApp(
        { RIOT_API_KEY: apiKey, RIOT_API_BASE_URL: fake.url },
        { database: ctx.database },
      );
      apps.push(app);
      const res = await get('server-status', admin.token, app.app);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as SystemStatus).services.riotApi.status;
    }

    it('200 operational, 403 (a wrong or expired key) error, 429 warning', async () => {
      expect(await riotStatus(fake.apiKey)).toBe('operational');
      expect(fake.apiRequests().some((r) => r.path === '/lol/status/v4/platform-data')).toBe(true);
      expect(await riotStatus('RGAPI-wrong-key')).toBe('error');
      fake.inject({ match: 'platform-data', status: 429, retryAfterSeconds: 120 });
      expect(await riotStatus(fake.apiKey)).toBe('warning');
    });

    it('maps every Riot failure', () => {
      const error = (kind: ConstructorParameters<typeof RiotError>[0]['kind']) => new RiotError({ kind, call: 'x' });
      expect(riotStatusOf(error('not_configured'))).toBe('inactive');
      expect(riotStatusOf(error('rate_limited'))).toBe('warning');
      expect(riotStatusOf(error('unauthorized'))).toBe('error');
      expect(riotStatusOf(error('forbidden'))).toBe('error');
      expect(riotStatusOf(error('server'))).toBe('error');
      expect(riotStatusOf(new Error('boom'))).toBe('error');
    });
  });
});
