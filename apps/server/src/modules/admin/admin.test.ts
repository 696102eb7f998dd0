import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  MESSAGES,
  type BanHistoryEntry,
  type BanUserResponse,
  type LiftExpiredBansResponse,
} from '@scrim-gym/shared';
import { auditLog, bans, jobs, sessions, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { expectError } from '../../test/scrim-api.js';
import { createScrim, fillScrim } from '../../test/scrim-factories.js';
import { formatUsDate } from '../../lib/dates.js';
import { banExpireKey, banStartKey } from './admin.schedule.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, token?: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
}

const banBody = (userId: string, overrides: object = {}) => ({
  banUserId: userId,
  dateFrom: fromNow(-60_000),
  dateTo: fromNow(DAY),
  reason: 'toxic in chat',
  ...overrides,
});

async function countRows(table: typeof bans | typeof auditLog | typeof sessions, where?: ReturnType<typeof eq>) {
  return (await db().select({ n: count() }).from(table).where(where))[0]!.n;
}
/** Everything an admin call could write: bans, audit rows, sessions, users. */
async function writes() {
  return {
    bans: await countRows(bans),
    audit: await countRows(auditLog),
    sessions: await countRows(sessions),
    users: await db().select().from(users).orderBy(users.id),
  };
}

/** A user who is an admin and banned (inserted directly: the API cannot ban an admin). */
async function createBannedAdmin() {
  const admin = await createUser({ db: db(), isAdmin: true });
  await db()
    .insert(bans)
    .values({
      userId: admin.id,
      dateFrom: new Date(Date.now() - 60_000),
      dateTo: new Date(Date.now() + DAY),
      reason: 'rogue admin',
    });
  return admin;
}

// ---------------------------------------------------------------------------------------------------------------
// Every admin route × visitor, player, banned player, banned admin, admin.
// ---------------------------------------------------------------------------------------------------------------

interface RouteCase {
  name: string;
  method: Method;
  url: (target: TestUser) => string;
  payload?: (target: TestUser) => object;
  ok: number;
}

const ROUTES: RouteCase[] = [
  { name: 'banUser', method: 'POST', url: () => '/api/admin/banUser', payload: (t) => banBody(t.id), ok: 200 },
  {
    name: 'unbanUser',
    method: 'POST',
    url: () => '/api/admin/unbanUser',
    payload: (t) => ({ bannedUserId: t.id }),
    ok: 409,
  },
  { name: 'lift-expired-bans', method: 'POST', url: () => '/api/admin/lift-expired-bans', ok: 200 },
  { name: 'all-bans-history', method: 'GET', url: () => '/api/admin/all-bans-history', ok: 200 },
  {
    name: 'updateUser',
    method: 'POST',
    url: (t) => `/api/admin/updateUser/${t.id}`,
    payload: () => ({ rank: 'Diamond 1' }),
    ok: 200,
  },
  { name: 'dashboard-stats', method: 'GET', url: () => '/api/admin/dashboard-stats', ok: 200 },
  { name: 'recent-activities', method: 'GET', url: () => '/api/admin/recent-activities', ok: 200 },
  { name: 'server-status', method: 'GET', url: () => '/api/admin/server-status', ok: 200 },
];

describe('admin routes: who may call them', () => {
  let player: TestUser;
  let banned: TestUser;
  let bannedAdmin: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    [player, banned, bannedAdmin, admin] = await Promise.all([
      createUser({ db: db() }),
      createBannedUser({ db: db(), reason: 'griefing' }),
      createBannedAdmin(),
      createAdmin({ db: db() }),
    ]);
  });

  for (const route of ROUTES) {
    describe(route.name, () => {
      const send = async (token: string | undefined, target: TestUser) =>
        call(route.method, route.url(target), token, route.payload?.(target));

      it('401 without a session, nothing written', async () => {
        const target = await createUser({ db: db() });
        const before = await writes();
        expectError(await send(undefined, target), 401, 'UNAUTHORIZED', MESSAGES.notSignedIn);
        expect(await writes()).toEqual(before);
      });

      it('401 with a bad body too: the session is checked before the input', async () => {
        const res = await call(route.method, route.url(player).replace(/[0-9a-f-]{36}$/, 'not-a-uuid'), undefined, {
          nonsense: true,
        });
        expectError(res, 401, 'UNAUTHORIZED');
      });

      it('403 for a player, nothing written', async () => {
        const target = await createUser({ db: db() });
        const before = await writes();
        expectError(await send(player.token, target), 403, 'FORBIDDEN', MESSAGES.adminOnly);
        expect(await writes()).toEqual(before);
      });

      it('403 with the ban text for a banned player', async () => {
        const target = await createUser({ db: db() });
        const res = await send(banned.token, target);
        expectError(res, 403, 'BANNED');
        expect(res.json().error).toMatch(/^You are banned until \d\d\/\d\d\/\d{4}\. Reason: griefing$/);
      });

      it('403 with the ban text for a banned admin: a ban outranks the admin flag', async () => {
        const target = await createUser({ db: db() });
        const before = await writes();
        const res = await send(bannedAdmin.token, target);
        expectError(res, 403, 'BANNED');
        expect(res.json().error).toContain('Reason: rogue admin');
        expect(await writes()).toEqual(before);
      });

      it(`${route.ok} for an admin`, async () => {
        const target = await createUser({ db: db() });
        const res = await send(admin.token, target);
        expect(res.statusCode, res.body).toBe(route.ok);
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Bans
// ---------------------------------------------------------------------------------------------------------------

const ban = (token: string, body: object) => call('POST', '/api/admin/banUser', token, body);
const unban = (token: string, userId: string) => call('POST', '/api/admin/unbanUser', token, { bannedUserId: userId });
const bansOf = (userId: string) => db().select().from(bans).where(eq(bans.userId, userId));
const auditOf = (userId: string) =>
  db().select().from(auditLog).where(eq(auditLog.targetUserId, userId)).orderBy(auditLog.createdAt);
const jobOf = async (key: string) => (await db().select().from(jobs).where(eq(jobs.dedupeKey, key)))[0] ?? null;

describe('POST /api/admin/banUser', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createAdmin({ db: db() });
  });

  it("bans: the contract's answer, every session of the user gone, the ban text at sign-in, an expiry job and an audit row", async () => {
    const target = await createUser({ db: db() });
    const dateTo = fromNow(2 * DAY);
    const res = await ban(admin.token, banBody(target.id, { dateTo, reason: '  flaming  ' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BanUserResponse;
    expect(body).toMatchObject({ success: true, message: 'User banned successfully', dateTo, _bannedBy: admin.id });

    const [row] = await bansOf(target.id);
    expect(row).toMatchObject({ id: body._id, bannedBy: admin.id, reason: 'flaming', isActive: true, liftedAt: null });
    expect(await countRows(sessions, eq(sessions.userId, target.id))).toBe(0);

    // The old token no longer opens anything; signing in again gets the ban text.
    expect((await call('GET', '/api/auth/session', target.token)).json()).toMatchObject({ user: null });
    expectError(await call('POST', '/api/auth/verify', target.token), 401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      payload: { email: target.email },
    });
    expectError(signIn, 403, 'BANNED', MESSAGES.banned(formatUsDate(new Date(dateTo)), 'flaming'));

    const job = await jobOf(banExpireKey(row!.id));
    expect(job).toMatchObject({ kind: 'ban.expire', runAt: new Date(dateTo), completedAt: null });
    expect(await jobOf(banStartKey(row!.id))).toBeNull();
    const audit = await auditOf(target.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'ban.create',
      details: { banId: row!.id, reason: 'flaming' },
    });
  });

  it('a ban that starts later keeps the sessions until then and schedules its start', async () => {
    const target = await createUser({ db: db() });
    const res = await ban(admin.token, banBody(target.id, { dateFrom: fromNow(DAY), dateTo: fromNow(2 * DAY) }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await countRows(sessions, eq(sessions.userId, target.id))).toBe(1);
    expect((await call('POST', '/api/auth/verify', target.token)).statusCode).toBe(200);
    const start = await jobOf(banStartKey(res.json()._id));
    expect(start).toMatchObject({ kind: 'ban.start', completedAt: null });
    expect(start!.runAt.getTime()).toBeGreaterThan(Date.now() + DAY - HOUR);
  });

  it('accepts calendar dates (midnight UTC)', async () => {
    const target = await createUser({ db: db() });
    const today = new Date().toISOString().slice(0, 10);
    const inThreeDays = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const res = await ban(admin.token, banBody(target.id, { dateFrom: today, dateTo: inThreeDays }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dateTo).toBe(`${inThreeDays}T00:00:00.000Z`);
  });

  const badBodies: [string, (userId: string) => object, string][] = [
    ['no reason', (id) => banBody(id, { reason: undefined }), ADMIN_MESSAGES.reasonEmpty],
    ['a blank reason', (id) => banBody(id, { reason: '   ' }), ADMIN_MESSAGES.reasonEmpty],
    [
      'dateTo before dateFrom',
      (id) => banBody(id, { dateFrom: fromNow(DAY), dateTo: fromNow(HOUR) }),
      ADMIN_MESSAGES.banDatesOrder,
    ],
    ['a date that is not a date', (id) => banBody(id, { dateTo: 'tomorrow' }), 'Expected an ISO date or date-time'],
    ['a banUserId that is not an id', () => banBody('42'), 'Invalid UUID'],
    ['no body fields at all', () => ({}), ''],
  ];
  for (const [label, body, message] of badBodies) {
    it(`400 for ${label}, nothing written`, async () => {
      const target = await createUser({ db: db() });
      const before = await writes();
      const res = await ban(admin.token, body(target.id));
      expectError(res, 400, 'VALIDATION');
      if (message) expect(res.json().error).toBe(message);
      expect(await writes()).toEqual(before);
    });
  }

  it('400 for a ban that is already over, nothing written', async () => {
    const target = await createUser({ db: db() });
    const before = await writes();
    const res = await ban(admin.token, banBody(target.id, { dateFrom: fromNow(-2 * DAY), dateTo: fromNow(-DAY) }));
    expectError(res, 400, 'VALIDATION', ADMIN_MESSAGES.banEndsInPast);
    expect(await writes()).toEqual(before);
  });

  it('404 for a user that does not exist', async () => {
    const before = await writes();
    expectError(
      await ban(admin.token, banBody(crypto.randomUUID())),
      404,
      'USER_NOT_FOUND',
      ADMIN_MESSAGES.userNotFound,
    );
    expect(await writes()).toEqual(before);
  });

  it('admins cannot be banned (themselves included), nothing written', async () => {
    const otherAdmin = await createAdmin({ db: db() });
    const before = await writes();
    expectError(
      await ban(admin.token, banBody(otherAdmin.id)),
      403,
      'ADMIN_NOT_BANNABLE',
      ADMIN_MESSAGES.adminCannotBeBanned,
    );
    expectError(await ban(admin.token, banBody(admin.id)), 403, 'ADMIN_NOT_BANNABLE');
    expect(await writes()).toEqual(before);
  });

  it('409 for a user already banned; an expired ban not lifted yet is lifted and replaced', async () => {
    const target = await createUser({ db: db() });
    expect((await ban(admin.token, banBody(target.id))).statusCode).toBe(200);
    const before = await writes();
    expectError(await ban(admin.token, banBody(target.id)), 409, 'ALREADY_BANNED', ADMIN_MESSAGES.alreadyBanned);
    expect(await writes()).toEqual(before);

    // Let the ban expire without being lifted: a new ban lifts it first.
    await db()
      .update(bans)
      .set({ dateFrom: new Date(Date.now() - 2 * DAY), dateTo: new Date(Date.now() - DAY) })
      .where(eq(bans.userId, target.id));
    const res = await ban(admin.token, banBody(target.id, { reason: 'again' }));
    expect(res.statusCode, res.body).toBe(200);
    const rows = await bansOf(target.id);
    expect(rows.map((b) => [b.reason, b.isActive]).sort()).toEqual([
      ['again', true],
      ['toxic in chat', false],
    ]);
    expect((await auditOf(target.id)).map((a) => a.action)).toEqual(['ban.create', 'ban.lift-expired', 'ban.create']);
  });

  it('two admins banning one player at once: exactly one ban', async () => {
    const target = await createUser({ db: db() });
    const other = await createAdmin({ db: db() });
    const results = await Promise.all([ban(admin.token, banBody(target.id)), ban(other.token, banBody(target.id))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await bansOf(target.id)).toHaveLength(1);
  });
});

describe('POST /api/admin/unbanUser', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createAdmin({ db: db() });
  });

  it('lifts the ban, cancels its expiry job, writes the audit row; the user may sign in again', async () => {
    const target = await createUser({ db: db() });
    const banned = await ban(admin.token, banBody(target.id));
    const banId = banned.json()._id as string;
    const res = await unban(admin.token, target.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'User unbanned successfully' });
    const [row] = await bansOf(target.id);
    expect(row).toMatchObject({ isActive: false, liftedBy: admin.id });
    expect(row!.liftedAt).toBeInstanceOf(Date);
    expect(await jobOf(banExpireKey(banId))).toBeNull();
    expect((await auditOf(target.id)).map((a) => [a.action, a.actorId])).toEqual([
      ['ban.create', admin.id],
      ['ban.lift', admin.id],
    ]);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      payload: { email: target.email },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('409 for a user who is not banned, 404 for no user, 400 for a bad body; nothing written', async () => {
    const target = await createUser({ db: db() });
    const before = await writes();
    expectError(await unban(admin.token, target.id), 409, 'NOT_BANNED', ADMIN_MESSAGES.notBanned);
    expectError(await unban(admin.token, crypto.randomUUID()), 404, 'USER_NOT_FOUND');
    expectError(await unban(admin.token, 'nobody'), 400, 'VALIDATION');
    expectError(await call('POST', '/api/admin/unbanUser', admin.token, {}), 400, 'VALIDATION');
    expect(await writes()).toEqual(before);
  });
});

describe('POST /api/admin/lift-expired-bans and GET /api/admin/all-bans-history', () => {
  it('lifts every expired ban still flagged active, once; the history shows each state', async () => {
    const admin = await createAdmin({ db: db() });
    const [expiredA, expiredB, active, lifted] = await Promise.all(
      Array.from({ length: 4 }, () => createUser({ db: db() })),
    );
    const past = { dateFrom: new Date(Date.now() - 3 * DAY), dateTo: new Date(Date.now() - DAY) };
    await db()
      .insert(bans)
      .values([
        { userId: expiredA!.id, bannedBy: admin.id, ...past, reason: 'a' },
        { userId: expiredB!.id, bannedBy: admin.id, ...past, reason: 'b' },
        { userId: lifted!.id, bannedBy: admin.id, ...past, reason: 'd', isActive: false, liftedAt: new Date() },
      ]);
    expect((await ban(admin.token, banBody(active!.id, { reason: 'c' }))).statusCode).toBe(200);

    const history = async () => {
      const res = await call('GET', '/api/admin/all-bans-history', admin.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as BanHistoryEntry[];
    };
    const statusOf = (entries: BanHistoryEntry[], user: TestUser) =>
      entries.find((e) => e._user._id === user.id)?.status;
    const before = await history();
    expect([expiredA, expiredB, active, lifted].map((u) => statusOf(before, u!))).toEqual([
      'expired',
      'expired',
      'active',
      'lifted',
    ]);
    const entry = before.find((e) => e._user._id === active!.id)!;
    expect(entry).toMatchObject({
      _user: { _id: active!.id, name: active!.name, region: 'NA', summonerTagline: 'NA1' },
      _bannedBy: { _id: admin.id, name: admin.name },
      isActive: true,
      reason: 'c',
      liftedAt: null,
    });
    // Newest first: the ban just made (with the latest createdAt) leads.
    const created = before.map((e) => e.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(before[0]!._user._id).toBe(active!.id);

    const res = await call('POST', '/api/admin/lift-expired-bans', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as LiftExpiredBansResponse;
    expect(body.success).toBe(true);
    expect(body.lifted).toBeGreaterThanOrEqual(2);
    expect(body.message).toBe(`Lifted ${body.lifted} expired ban(s)`);
    const after = await history();
    expect([expiredA, expiredB, active, lifted].map((u) => statusOf(after, u!))).toEqual([
      'lifted',
      'lifted',
      'active',
      'lifted',
    ]);
    for (const user of [expiredA!, expiredB!]) {
      const [row] = await bansOf(user.id);
      expect(row!.liftedBy).toBe(admin.id);
      expect((await auditOf(user.id)).map((a) => a.action)).toEqual(['ban.lift-expired']);
    }

    const again = await call('POST', '/api/admin/lift-expired-bans', admin.token);
    expect(again.json()).toMatchObject({ lifted: 0, message: 'Lifted 0 expired ban(s)' });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// User administration
// ---------------------------------------------------------------------------------------------------------------

describe('POST /api/admin/updateUser/:id', () => {
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createAdmin({ db: db() });
  });
  const update = (id: string, body: object, token = admin.token) =>
    call('POST', `/api/admin/updateUser/${id}`, token, body);
  const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

  it("changes name, tagline and rank, validated like sign-up: 'User successfuly updated!'", async () => {
    const target = await createUser({ db: db(), riotPuuid: 'puuid-1' });
    const res = await update(target.id, { name: '  New   Name ', summonerTagline: 'EUW9', rank: 'Master' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'User successfuly updated!',
      user: { _id: target.id, name: 'New Name', summonerTagline: 'EUW9', rank: 'Master', discord: target.discord },
    });
    const row = await userRow(target.id);
    expect(row).toMatchObject({ name: 'New Name', summonerTagline: 'EUW9', rank: 'Master', riotPuuid: null });
    const [audit] = await auditOf(target.id);
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: 'user.update',
      details: { before: { name: target.name, summonerTagline: 'NA1', rank: 'Gold 2' }, after: { name: 'New Name' } },
    });
  });

  it('a rank alone keeps the Riot account link', async () => {
    const target = await createUser({ db: db(), riotPuuid: 'puuid-2' });
    expect((await update(target.id, { rank: 'Iron 4' })).statusCode).toBe(200);
    expect(await userRow(target.id)).toMatchObject({ rank: 'Iron 4', riotPuuid: 'puuid-2', name: target.name });
  });

  it("409 with the sign-up's text for a name taken in the user's region, nothing written", async () => {
    const [taken, target] = await Promise.all([createUser({ db: db() }), createUser({ db: db() })]);
    const before = await writes();
    const res = await update(target.id, { name: taken.name.toUpperCase() });
    expectError(res, 409, 'NAME_TAKEN', MESSAGES.nameTaken(taken.name.toUpperCase(), 'NA'));
    expect(await writes()).toEqual(before);
    // The same name in another region is free.
    const euw = await createUser({ db: db(), region: 'EUW' });
    expect((await update(euw.id, { name: taken.name })).statusCode).toBe(200);
  });

  const badBodies: [string, object, string | null][] = [
    ['an empty body', {}, ADMIN_MESSAGES.nothingToUpdate],
    ['a blank name', { name: '  ' }, 'Summoner Name is empty!'],
    ['a name with symbols', { name: 'Bad<Name>' }, 'Summoner Name accepts only letters, digits and spaces'],
    ['a tagline with #', { summonerTagline: '#NA1' }, 'Tagline should not include # symbol'],
    ['a tagline of 6', { summonerTagline: 'ABCDEF' }, 'Tagline can be at most 5 characters'],
    ['a rank that does not exist', { rank: 'Gold 7' }, 'Rank is not a valid rank'],
    ['another field (discord)', { rank: 'Gold 1', discord: 'x#1' }, null],
    ['isAdmin', { isAdmin: true }, null],
    ['region', { region: 'EUW' }, null],
  ];
  for (const [label, body, message] of badBodies) {
    it(`400 for ${label}, nothing written`, async () => {
      const target = await createUser({ db: db() });
      const before = await writes();
      const res = await update(target.id, body);
      expectError(res, 400, 'VALIDATION');
      if (message) expect(res.json().error).toBe(message);
      expect(await writes()).toEqual(before);
    });
  }

  it('404 for no such user, 400 for an id that is not one', async () => {
    expectError(await update(crypto.randomUUID(), { rank: 'Gold 1' }), 404, 'USER_NOT_FOUND');
    expectError(await update('abc', { rank: 'Gold 1' }), 400, 'VALIDATION');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Audit of scrim admin actions (hooked around the scrim routes)
// ---------------------------------------------------------------------------------------------------------------

describe('audit log of scrim admin actions', () => {
  const scrimAudit = (scrimId: string) =>
    db().select().from(auditLog).where(eq(auditLog.targetScrimId, scrimId)).orderBy(auditLog.createdAt);

  it('hooks only the audited routes: the hub list and other reads run none of its hooks', () => {
    const routes = (method: 'GET' | 'POST') => ctx.app.printRoutes({ includeHooks: true, commonPrefix: false, method });
    expect(routes('POST')).toContain('"readCreatedId()"');
    expect(routes('POST')).toContain('"recordAudit()"');
    // Nothing of an audited call is still writing once its answer has left.
    expect(routes('POST')).not.toContain('(onResponse)');
    expect(routes('GET')).not.toContain('(onResponse)');
    expect(routes('GET')).not.toMatch(/recordAudit|readCreatedId|readDeletedTitle/);
  });

  it("records an admin's create, kick and delete; not a player leaving, not a refused call", async () => {
    const admin = await createAdmin({ db: db() });
    const created = await call('POST', '/api/scrims', admin.token, {
      title: 'Audited scrim',
      region: 'NA',
      gameStartTime: fromNow(HOUR),
    });
    expect(created.statusCode, created.body).toBe(201);
    const scrimId = created.json()._id as string;
    // Written before the answer left: there as soon as it arrives.
    expect((await scrimAudit(scrimId)).map((a) => a.action)).toEqual(['scrim.create']);

    // A day ahead: a leave under 2 hours before the start is audited as a late leave.
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() + 24 * HOUR) });
    const { players } = await fillScrim({ db: db(), scrim, hostIndex: null });
    const [kicked, leaver] = [players[0]!, players[1]!];
    expect((await call('PATCH', `/api/scrims/${scrim.id}/remove-player/${leaver.id}`, leaver.token)).statusCode).toBe(
      200,
    );
    // Refused: a player kicking someone else.
    expect(
      (await call('PATCH', `/api/scrims/${scrim.id}/remove-player/${players[2]!.id}`, players[3]!.token)).statusCode,
    ).toBe(403);
    expect((await call('PATCH', `/api/scrims/${scrim.id}/remove-player/${kicked.id}`, admin.token)).statusCode).toBe(
      200,
    );
    const rows = await scrimAudit(scrim.id);
    expect(rows.map((a) => [a.action, a.actorId, a.targetUserId])).toEqual([
      ['scrim.kick-player', admin.id, kicked.id],
    ]);

    expect((await call('DELETE', `/api/scrims/${scrim.id}`, admin.token)).statusCode).toBe(200);
    const deleted = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scrim.delete'), eq(auditLog.actorId, admin.id)));
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ targetScrimId: null, details: { scrimId: scrim.id, title: scrim.title } });
  });
});
