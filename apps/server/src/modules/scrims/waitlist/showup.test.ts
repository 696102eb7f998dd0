import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SHOW_COOLDOWNS_HOURS, WAITLIST_MESSAGES, type Reliability, type Scrim } from '@scrim-gym/shared';
import {
  auditLog,
  communityHosts,
  jobs,
  notifications,
  scrimCommitments,
  scrimParticipants,
  scrimSignups,
  scrimWaitlist,
  scrims,
  users,
} from '../../../db/schema/index.js';
import { formatUtcDateTime } from '../../../lib/dates.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { expectError, scrimApi } from '../../../test/scrim-api.js';
import { addCaster, addPlayers, createScrim, createUsers, fillScrim } from '../../../test/scrim-factories.js';
import { recordCommitments } from '../commitments/reliability.js';
import { scheduleScrimStart, scrimAbandonKey, scrimStartKey } from '../core/scrims.schedule.js';

/**
 * Show-up rules beyond the waitlist: cancel with a reason, no-show cooldowns (refused joins, escalation in the audit
 * log and the notifications, an admin clearing them), late leaves, and a player's reliability.
 */
let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
  admin = await createAdmin({ db: db() });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const HOUR = 3_600_000;

const cancel = (scrimId: string, token?: string, payload: object = { reason: 'Not enough players' }) =>
  api.call('POST', `/api/scrims/${scrimId}/cancel`, { token, payload });
const reliability = (userId: string, token?: string) => api.call('GET', `/api/users/${userId}/reliability`, { token });
const clearCooldown = (userId: string, token?: string) =>
  api.call('DELETE', `/api/admin/users/${userId}/cooldown`, { token });
const leave = (scrimId: string, user: TestUser, payload?: object) =>
  api.call('PATCH', `/api/scrims/${scrimId}/remove-player/${user.id}`, { token: user.token, payload });

const scrimRow = async (id: string) => (await db().select().from(scrims).where(eq(scrims.id, id)))[0]!;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const auditOf = (where: { scrimId?: string; userId?: string }) =>
  db()
    .select()
    .from(auditLog)
    .where(where.scrimId ? eq(auditLog.targetScrimId, where.scrimId) : eq(auditLog.targetUserId, where.userId!))
    .orderBy(asc(auditLog.createdAt));
const notificationsOf = (userId: string, scrimId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.relatedScrimId, scrimId)));
const commitmentsOf = (userId: string) =>
  db().select().from(scrimCommitments).where(eq(scrimCommitments.userId, userId));

/** A community host of NA and the scrim they run (a day ahead). */
async function hostedScrim() {
  const host = await createUser({ db: db() });
  await db().insert(communityHosts).values({ userId: host.id, region: 'NA' });
  const scrim = await createScrim({
    db: db(),
    createdBy: host.id,
    hostedBy: host.id,
    gameStartTime: new Date(Date.now() + 24 * HOUR),
  });
  return { host, scrim };
}

describe('POST /api/scrims/:id/cancel', () => {
  it('401, 403 banned or not its host, 400 without a reason or with a long one, 404: nothing written', async () => {
    const { scrim } = await hostedScrim();
    const [player, otherHost] = await createUsers({ db: db(), count: 2 });
    await addPlayers({ db: db(), scrim, users: [player!] });
    // Another scrim's host is no host of this one.
    await db().insert(communityHosts).values({ userId: otherHost!.id, region: 'NA' });
    await createScrim({ db: db(), hostedBy: otherHost!.id });
    const banned = await createBannedUser({ db: db() });
    const before = await scrimRow(scrim.id);
    expectError(await cancel(scrim.id), 401);
    expectError(await cancel(scrim.id, banned.token), 403, 'BANNED');
    // Neither an admin nor a host: refused before the body is read, as the other tools of those who run scrims.
    expectError(await cancel(scrim.id, player!.token), 403, 'FORBIDDEN');
    expectError(await cancel(scrim.id, otherHost!.token), 403, 'NOT_HOST');
    expectError(await cancel(scrim.id, admin.token, {}), 400, 'VALIDATION');
    expectError(await cancel(scrim.id, admin.token, { reason: '   ' }), 400, 'VALIDATION');
    expectError(await cancel(scrim.id, admin.token, { reason: 'x'.repeat(501) }), 400, 'VALIDATION');
    expectError(await cancel('nope', admin.token), 400);
    expectError(await cancel(crypto.randomUUID(), admin.token), 404, 'SCRIM_NOT_FOUND');
    expect(await scrimRow(scrim.id)).toEqual(before);
    expect(await auditOf({ scrimId: scrim.id })).toEqual([]);
    expect(await notificationsOf(player!.id, scrim.id)).toEqual([]);
  });

  it('its host cancels: stored, jobs cancelled, audited, everyone in it and waiting told, the scrim shows it', async () => {
    const { host, scrim } = await hostedScrim();
    await db().update(scrims).set({ isWithCasters: true, maxCastersAllowedCount: 2 }).where(eq(scrims.id, scrim.id));
    const { players } = await fillScrim({ db: db(), scrim });
    const caster = await addCaster({ db: db(), scrim });
    const waiting = await createUser({ db: db() });
    await db().insert(scrimWaitlist).values({ scrimId: scrim.id, userId: waiting.id, role: 'any' });
    await scheduleScrimStart({ db: db(), scrimId: scrim.id, gameStartTime: scrim.gameStartTime });

    const res = await cancel(scrim.id, host.token, { reason: '  Server maintenance  ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Scrim;
    expect(body.status).toBe('cancelled');
    expect(body.cancellation).toEqual({ reason: 'Server maintenance', cancelledAt: expect.any(String) });
    expect(await scrimRow(scrim.id)).toMatchObject({ cancelReason: 'Server maintenance', cancelledBy: host.id });
    const pending = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, scrimStartKey(scrim.id)));
    expect(pending).toEqual([]);
    expect(
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, scrimAbandonKey(scrim.id))),
    ).toEqual([]);
    expect(await auditOf({ scrimId: scrim.id })).toEqual([
      expect.objectContaining({ actorId: host.id, action: 'scrim.cancel', details: { reason: 'Server maintenance' } }),
    ]);
    const message = WAITLIST_MESSAGES.cancelledNotification(scrim.title, 'Server maintenance');
    for (const user of [...players, caster, waiting]) {
      expect((await notificationsOf(user.id, scrim.id)).map((n) => n.message)).toEqual([message]);
    }
    expect(await notificationsOf(host.id, scrim.id)).toEqual([]);
    // It stays readable, as cancelled.
    expect((await api.read(scrim.id, players[0]!.token)).status).toBe('cancelled');
  });

  it('an admin cancels a balanced scrim: its sign-ups are told', async () => {
    const scrim = await createScrim({ db: db(), mode: 'balanced' });
    const [signedUp] = await createUsers({ db: db(), count: 1 });
    await db()
      .insert(scrimSignups)
      .values({ scrimId: scrim.id, userId: signedUp!.id, primaryRole: 'Mid', secondaryRole: 'Fill' });
    expect((await cancel(scrim.id, admin.token)).statusCode).toBe(200);
    expect(await notificationsOf(signedUp!.id, scrim.id)).toHaveLength(1);
  });

  it('409 when already cancelled, finished or abandoned', async () => {
    for (const [over, code] of [
      [{ cancelledAt: new Date(), cancelReason: 'rain' }, 'SCRIM_CANCELLED'],
      [{ teamWon: 'teamOne' as const }, 'GAME_OVER'],
      [{ abandonedAt: new Date() }, 'SCRIM_ABANDONED'],
    ] as const) {
      const scrim = await createScrim({ db: db(), ...over });
      const before = await scrimRow(scrim.id);
      expectError(await cancel(scrim.id, admin.token), 409, code);
      expect(await scrimRow(scrim.id)).toEqual(before);
    }
  });

  it('a cancelled scrim refuses every join, move, cast, sign-up, waitlist and result (409 SCRIM_CANCELLED)', async () => {
    const scrim = await createScrim({ db: db(), isWithCasters: true, maxCastersAllowedCount: 2 });
    const { players, host: captain } = await fillScrim({ db: db(), scrim });
    const balanced = await createScrim({ db: db(), mode: 'balanced' });
    for (const s of [scrim, balanced]) expect((await cancel(s.id, admin.token)).statusCode).toBe(200);
    const user = await createUser({ db: db() });
    const before = await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id));
    const refusals = [
      api.leave(scrim.id, players[1]!.id, players[1]!.token),
      api.move(scrim.id, players[1]!.id, { team: 'teamTwo', role: 'Top' }, players[1]!.token),
      api.joinCast(scrim.id, user.id, user.token),
      api.assign(scrim.id, { userId: user.id, teamName: 'teamOne', role: 'Top' }, admin.token),
      api.swap(scrim.id, { userId: players[0]!.id, team: 'teamTwo', role: 'Top' }, admin.token),
      api.setWinner(scrim.id, 'teamOne', captain!.token),
      api.setWinner(scrim.id, 'teamOne', admin.token),
      api.call('POST', `/api/scrims/${scrim.id}/waitlist`, { token: user.token, payload: { role: 'any' } }),
      api.call('POST', `/api/scrims/${balanced.id}/signup`, { token: user.token, payload: {} }),
    ];
    for (const res of await Promise.all(refusals)) expectError(res, 409, 'SCRIM_CANCELLED');
    await db().delete(scrimParticipants).where(eq(scrimParticipants.userId, players[2]!.id));
    expectError(
      await api.join(scrim.id, user.id, { team: 'teamOne', role: 'Mid' }, user.token),
      409,
      'SCRIM_CANCELLED',
    );
    expect(await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id))).toHaveLength(
      before.length - 1,
    );
    expect((await scrimRow(scrim.id)).teamWon).toBeNull();
  });
});

describe('no-show cooldowns', () => {
  const inCooldown = async () => {
    const until = new Date(Date.now() + 5 * HOUR);
    const user = await createUser({ db: db(), cooldownUntil: until, noShowStrikes: 2 });
    return { user, until };
  };

  it('refuse a slot join, a sign-up and the waitlist (403 COOLDOWN with the date); nothing written', async () => {
    const { user, until } = await inCooldown();
    const message = WAITLIST_MESSAGES.cooldown(until.toISOString());
    const open = await createScrim({ db: db() });
    expectError(
      await api.join(open.id, user.id, { team: 'teamOne', role: 'Top' }, user.token),
      403,
      'COOLDOWN',
      message,
    );
    const balanced = await createScrim({ db: db(), mode: 'balanced' });
    expectError(
      await api.call('POST', `/api/scrims/${balanced.id}/signup`, { token: user.token, payload: {} }),
      403,
      'COOLDOWN',
      message,
    );
    const full = await createScrim({ db: db() });
    await fillScrim({ db: db(), scrim: full });
    expectError(
      await api.call('POST', `/api/scrims/${full.id}/waitlist`, { token: user.token, payload: { role: 'any' } }),
      403,
      'COOLDOWN',
      message,
    );
    expect(await db().select().from(scrimParticipants).where(eq(scrimParticipants.userId, user.id))).toEqual([]);
    expect(await db().select().from(scrimSignups).where(eq(scrimSignups.userId, user.id))).toEqual([]);
    expect(await db().select().from(scrimWaitlist).where(eq(scrimWaitlist.userId, user.id))).toEqual([]);
    // An ended cooldown keeps nobody out.
    await db()
      .update(users)
      .set({ cooldownUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expect((await api.join(open.id, user.id, { team: 'teamOne', role: 'Top' }, user.token)).statusCode).toBe(200);
  });

  it('escalate (warning, 24 h, 7 days), each in the audit log and told to the player; an admin clears them', async () => {
    const user = await createUser({ db: db() });
    const expected = NO_SHOW_COOLDOWNS_HOURS.map((hours) => hours);
    const titles: string[] = [];
    for (const hours of expected) {
      const scrim = await createScrim({ db: db() });
      titles.push(scrim.title);
      const [penalty] = await db().transaction((tx) =>
        recordCommitments({ db: tx, scrimId: scrim.id, entries: [{ userId: user.id, outcome: 'no_show' }] }),
      );
      const notices = await notificationsOf(user.id, scrim.id);
      if (hours === 0) {
        expect(penalty!.cooldownUntil).toBeNull();
        expect(notices.map((n) => n.message)).toEqual([WAITLIST_MESSAGES.noShowWarning(scrim.title)]);
      } else {
        expect(Math.abs(penalty!.cooldownUntil!.getTime() - (Date.now() + hours * HOUR))).toBeLessThan(60_000);
        expect(notices.map((n) => n.message)).toEqual([
          WAITLIST_MESSAGES.noShowCooldown(scrim.title, formatUtcDateTime(penalty!.cooldownUntil!)),
        ]);
      }
      expect(penalty!.notification.notification.message).toBe(notices[0]!.message);
    }
    const audit = await auditOf({ userId: user.id });
    expect(audit.map((a) => [a.action, a.details.strikes, a.details.cooldownUntil === null])).toEqual([
      ['user.no-show-penalty', 1, true],
      ['user.no-show-penalty', 2, false],
      ['user.no-show-penalty', 3, false],
    ]);
    const week = (await userRow(user.id)).cooldownUntil!;

    // The reliability shows it to any signed-in user.
    const reader = await createUser({ db: db() });
    const res = await reliability(user.id, reader.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'new',
      score: null,
      commitments: 3,
      noShows: 3,
      lateLeaves: 0,
      cooldownUntil: week.toISOString(),
    } satisfies Partial<Reliability>);

    // The admin clears it: free to join, strikes back to none (the next no-show is a warning again), audited.
    const cleared = await clearCooldown(user.id, admin.token);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual({ success: true, message: WAITLIST_MESSAGES.cooldownCleared });
    expect(await userRow(user.id)).toMatchObject({ cooldownUntil: null, noShowStrikes: 0 });
    expect((await auditOf({ userId: user.id })).at(-1)).toMatchObject({
      actorId: admin.id,
      action: 'user.clear-cooldown',
      details: { strikes: 3, cooldownUntil: week.toISOString() },
    });
    const open = await createScrim({ db: db() });
    expect((await api.join(open.id, user.id, { team: 'teamTwo', role: 'Top' }, user.token)).statusCode).toBe(200);
    const next = await createScrim({ db: db() });
    const [again] = await db().transaction((tx) =>
      recordCommitments({ db: tx, scrimId: next.id, entries: [{ userId: user.id, outcome: 'no_show' }] }),
    );
    expect(again).toMatchObject({ strikes: 1, cooldownUntil: null });
  });

  it('DELETE /api/admin/users/:id/cooldown: 401, 403 for players and banned users, 400 bad id, 404 unknown', async () => {
    const { user, until } = await inCooldown();
    const banned = await createBannedUser({ db: db() });
    expectError(await clearCooldown(user.id), 401);
    expectError(await clearCooldown(user.id, user.token), 403);
    expectError(await clearCooldown(user.id, banned.token), 403, 'BANNED');
    expectError(await clearCooldown('nope', admin.token), 400);
    expectError(await clearCooldown(crypto.randomUUID(), admin.token), 404, 'USER_NOT_FOUND');
    expect(await userRow(user.id)).toMatchObject({ cooldownUntil: until, noShowStrikes: 2 });
    expect(await auditOf({ userId: user.id })).toEqual([]);
  });
});

describe('leaving late', () => {
  it('under 2 hours before the start: a late leave (reliability), audited; a kick is not one', async () => {
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() + HOUR) });
    const [late, kicked] = await createUsers({ db: db(), count: 2 });
    await addPlayers({ db: db(), scrim, users: [late!, kicked!] });
    const res = await leave(scrim.id, late!);
    expect(res.statusCode, res.body).toBe(200);
    expect(await commitmentsOf(late!.id)).toEqual([
      expect.objectContaining({ scrimId: scrim.id, outcome: 'late_leave' }),
    ]);
    expect((await userRow(late!.id)).reliabilityScore).toBe(0);
    expect(await auditOf({ userId: late!.id })).toEqual([
      expect.objectContaining({ actorId: late!.id, action: 'scrim.player-left', details: { late: true } }),
    ]);
    expect((await api.leave(scrim.id, kicked!.id, admin.token)).statusCode).toBe(200);
    expect(await commitmentsOf(kicked!.id)).toEqual([]);
  });

  it('more than 2 hours before: costs nothing; a reason goes to the audit log and the scrim host', async () => {
    const { host, scrim } = await hostedScrim();
    const [quiet, polite] = await createUsers({ db: db(), count: 2 });
    await addPlayers({ db: db(), scrim, users: [quiet!, polite!] });
    expect((await leave(scrim.id, quiet!)).statusCode).toBe(200);
    expect(await auditOf({ userId: quiet!.id })).toEqual([]);
    const res = await leave(scrim.id, polite!, { reason: 'Exam tomorrow' });
    expect(res.statusCode, res.body).toBe(200);
    for (const user of [quiet!, polite!]) {
      expect(await commitmentsOf(user.id)).toEqual([]);
      expect((await userRow(user.id)).reliabilityScore).toBeNull();
    }
    expect(await auditOf({ userId: polite!.id })).toEqual([
      expect.objectContaining({ action: 'scrim.player-left', details: { late: false, reason: 'Exam tomorrow' } }),
    ]);
    expect((await notificationsOf(host.id, scrim.id)).map((n) => n.message)).toEqual([
      WAITLIST_MESSAGES.playerLeftNotification(polite!.name, scrim.title, 'Exam tomorrow'),
    ]);
  });

  it('a bad reason is a 400 and the player stays', async () => {
    const scrim = await createScrim({ db: db() });
    const [player] = await createUsers({ db: db(), count: 1 });
    await addPlayers({ db: db(), scrim, users: [player!] });
    expectError(await leave(scrim.id, player!, { reason: 'x'.repeat(501) }), 400, 'VALIDATION');
    expectError(await leave(scrim.id, player!, { reason: 42 }), 400, 'VALIDATION');
    expect(await db().select().from(scrimParticipants).where(eq(scrimParticipants.userId, player!.id))).toHaveLength(1);
    expect(await commitmentsOf(player!.id)).toEqual([]);
  });
});

describe('GET /api/users/:id/reliability', () => {
  it('401, 403 banned, 400 bad id, 404 unknown or deleted; new, with no score, before the first commitment', async () => {
    const [reader, fresh, gone] = await createUsers({ db: db(), count: 3 });
    const banned = await createBannedUser({ db: db() });
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone!.id));
    expectError(await reliability(fresh!.id), 401);
    expectError(await reliability(fresh!.id, banned.token), 403, 'BANNED');
    expectError(await reliability('nope', reader!.token), 400);
    expectError(await reliability(crypto.randomUUID(), reader!.token), 404, 'USER_NOT_FOUND');
    expectError(await reliability(gone!.id, reader!.token), 404, 'USER_NOT_FOUND');
    const res = await reliability(fresh!.id, reader!.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      state: 'new',
      score: null,
      commitments: 0,
      noShows: 0,
      lateLeaves: 0,
      broken: [],
      cooldownUntil: null,
    } satisfies Reliability);
  });

  it('counts the last commitments; a cooldown that ended is not shown', async () => {
    const user = await createUser({ db: db(), cooldownUntil: new Date(Date.now() - 1000) });
    for (const outcome of ['played', 'checked_in', 'played', 'no_show'] as const) {
      const scrim = await createScrim({ db: db() });
      await db().insert(scrimCommitments).values({ scrimId: scrim.id, userId: user.id, outcome });
    }
    const scrim = await createScrim({ db: db() });
    await recordCommitments({ db: db(), scrimId: scrim.id, entries: [{ userId: user.id, outcome: 'played' }] });
    const res = await reliability(user.id, admin.token);
    expect(res.json()).toMatchObject({ state: 'rated', score: 80, commitments: 5, noShows: 1, cooldownUntil: null });
  });

  it('a single late leave leaves a new player new (no public 0 %), listed with its scrim beside the no-shows', async () => {
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() + HOUR) });
    const [newcomer, reader] = await createUsers({ db: db(), count: 2 });
    await addPlayers({ db: db(), scrim, users: [newcomer!] });
    expect((await leave(scrim.id, newcomer!)).statusCode).toBe(200);
    const res = await reliability(newcomer!.id, reader!.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Reliability>();
    expect(body).toMatchObject({ state: 'new', score: null, commitments: 1, noShows: 0, lateLeaves: 1 });
    expect(body.broken).toEqual([
      {
        outcome: 'late_leave',
        at: expect.any(String),
        scrim: { _id: scrim.id, title: scrim.title, gameStartTime: scrim.gameStartTime.toISOString() },
      },
    ]);
    // A scrim shows them without a share too.
    const other = await createScrim({ db: db() });
    await addPlayers({ db: db(), scrim: other, users: [newcomer!] });
    const seen = await api.call('GET', `/api/scrims/${other.id}`, { token: reader!.token });
    const slot = [...seen.json<Scrim>().teamOne, ...seen.json<Scrim>().teamTwo].find(
      (p) => p._user._id === newcomer!.id,
    );
    expect(slot!._user.reliability).toBeNull();
  });

  it('rated from 5 commitments: the share on the profile and in scrims; broken ones newest first', async () => {
    const user = await createUser({ db: db() });
    const outcomes = ['played', 'no_show', 'played', 'late_leave', 'checked_in'] as const;
    const played: string[] = [];
    for (const outcome of outcomes) {
      const scrim = await createScrim({ db: db() });
      played.push(scrim.id);
      await recordCommitments({ db: db(), scrimId: scrim.id, entries: [{ userId: user.id, outcome }] });
    }
    const res = await reliability(user.id, user.token);
    const body = res.json<Reliability>();
    expect(body).toMatchObject({ state: 'rated', score: 60, commitments: 5, noShows: 1, lateLeaves: 1 });
    expect(body.broken.map((b) => [b.outcome, b.scrim?._id])).toEqual([
      ['late_leave', played[3]],
      ['no_show', played[1]],
    ]);
    const open = await createScrim({ db: db() });
    await addPlayers({ db: db(), scrim: open, users: [user] });
    const seen = (await api.call('GET', `/api/scrims/${open.id}`, { token: admin.token })).json<Scrim>();
    expect([...seen.teamOne, ...seen.teamTwo].find((p) => p._user._id === user.id)!._user.reliability).toBe(60);
  });

  it('a private scrim is named only to the player and admins', async () => {
    const user = await createUser({ db: db() });
    const reader = await createUser({ db: db() });
    const secret = await createScrim({ db: db(), isPrivate: true });
    await recordCommitments({ db: db(), scrimId: secret.id, entries: [{ userId: user.id, outcome: 'no_show' }] });
    const scrimOf = async (token: string) => (await reliability(user.id, token)).json<Reliability>().broken[0]!.scrim;
    expect(await scrimOf(reader.token)).toBeNull();
    expect(await scrimOf(user.token)).toMatchObject({ _id: secret.id });
    expect(await scrimOf(admin.token)).toMatchObject({ _id: secret.id });
  });
});
