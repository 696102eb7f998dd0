import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, WAITLIST_MESSAGES, type Notification, type Scrim, type WaitlistRole } from '@scrim-gym/shared';
import {
  bans,
  notifications,
  scrimParticipants,
  scrimSignups,
  scrimWaitlist,
  scrims,
  users,
} from '../../../db/schema/index.js';
import { scrimRoom } from '../../../plugins/io.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { expectError, scrimApi, slotsOf } from '../../../test/scrim-api.js';
import {
  ALL_SLOTS,
  addCaster,
  addPlayers,
  createScrim,
  createUsers,
  fillScrim,
  type TestScrim,
} from '../../../test/scrim-factories.js';
import { connectClient, listenLocally } from '../../../test/socket-client.js';
import { joinedRoom } from '../../../test/waiting.js';
import { SCRIM_UPDATED_EVENT } from '../core/scrims.events.js';

/**
 * The waitlist: joining it only when what one wants is full, leaving it, and the promotion of the first
 * suitable entry when a slot frees (leave, kick, move, the admin tools, a balanced scrim's withdrawal), with the
 * promoted player's notification and the scrim live for its watchers.
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

const wait = (scrimId: string, token?: string, payload: object | string = { role: 'any' }) =>
  api.call('POST', `/api/scrims/${scrimId}/waitlist`, { token, payload });
const unwait = (scrimId: string, token?: string) => api.call('DELETE', `/api/scrims/${scrimId}/waitlist`, { token });

async function waitlistOf(scrimId: string) {
  const rows = await db()
    .select()
    .from(scrimWaitlist)
    .where(eq(scrimWaitlist.scrimId, scrimId))
    .orderBy(asc(scrimWaitlist.createdAt), asc(scrimWaitlist.userId));
  return rows.map((r) => ({ userId: r.userId, role: r.role }));
}

/** Everything a refused call could write about the scrim. */
async function state(scrimId: string) {
  const [row] = await db().select().from(scrims).where(eq(scrims.id, scrimId));
  const participants = await db()
    .select()
    .from(scrimParticipants)
    .where(eq(scrimParticipants.scrimId, scrimId))
    .orderBy(asc(scrimParticipants.userId));
  return { row, participants, waitlist: await waitlistOf(scrimId) };
}

/** A full slot scrim starting in `hours`: its ten players (players[i] in ALL_SLOTS[i]). */
async function fullScrim(overrides: Partial<typeof scrims.$inferInsert> = {}) {
  const scrim = await createScrim({ db: db(), ...overrides });
  const { players } = await fillScrim({ db: db(), scrim });
  return { scrim, players };
}

/** Users put on the waitlist in this order through the API. */
async function queue(scrim: TestScrim, roles: WaitlistRole[]) {
  const waiting = await createUsers({ db: db(), count: roles.length });
  for (const [i, user] of waiting.entries()) {
    const res = await wait(scrim.id, user.token, { role: roles[i] });
    expect(res.statusCode, res.body).toBe(200);
  }
  return waiting;
}

const notificationsOf = (userId: string, scrimId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.relatedScrimId, scrimId)));

describe('POST /api/scrims/:id/waitlist', () => {
  it('401 without a session, 403 banned, 400 for a bad role or id, 404 unknown scrim: nothing written', async () => {
    const { scrim } = await fullScrim();
    const user = await createUser({ db: db() });
    const banned = await createBannedUser({ db: db() });
    const before = await state(scrim.id);
    expectError(await wait(scrim.id), 401, 'UNAUTHORIZED');
    expectError(await wait(scrim.id, banned.token), 403, 'BANNED');
    expectError(await wait(scrim.id, user.token, { role: 'Fill' }), 400, 'VALIDATION');
    expectError(await wait(scrim.id, user.token, {}), 400, 'VALIDATION');
    expectError(await wait('not-a-uuid', user.token), 400);
    expectError(await wait(crypto.randomUUID(), user.token), 404, 'SCRIM_NOT_FOUND');
    expect(await state(scrim.id)).toEqual(before);
  });

  it('joins a full scrim (a role or any), first come first served; the answer and the room show the waitlist', async () => {
    const { scrim } = await fullScrim();
    const [first, second] = await createUsers({ db: db(), count: 2 });
    const res = await wait(scrim.id, first!.token, { role: 'Mid' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Scrim;
    expect(body.waitlist).toEqual([
      { _user: expect.objectContaining({ _id: first!.id }), role: 'Mid', joinedAt: expect.any(String) },
    ]);
    // An admin waits as any player does, for themself.
    const third = await wait(scrim.id, admin.token, { role: 'any' });
    expect(third.statusCode, third.body).toBe(200);
    expect((await wait(scrim.id, second!.token, { role: 'Top' })).statusCode).toBe(200);
    expect(await waitlistOf(scrim.id)).toEqual([
      { userId: first!.id, role: 'Mid' },
      { userId: admin.id, role: 'any' },
      { userId: second!.id, role: 'Top' },
    ]);
    await db().delete(scrimWaitlist).where(eq(scrimWaitlist.userId, admin.id));
  });

  it('409 when what one wants is free, when already in it or waiting, when it started, is over or cancelled', async () => {
    const half = await createScrim({ db: db() });
    const [a, b] = await createUsers({ db: db(), count: 2 });
    // teamOne's Mid taken, teamTwo's free.
    await addPlayers({ db: db(), scrim: half, users: [a!], slots: [{ team: 'teamOne', role: 'Mid' }] });
    const user = await createUser({ db: db() });
    const before = await state(half.id);
    expectError(
      await wait(half.id, user.token, { role: 'Mid' }),
      409,
      'SLOT_AVAILABLE',
      WAITLIST_MESSAGES.roleFree('Mid'),
    );
    expectError(await wait(half.id, user.token, { role: 'any' }), 409, 'SLOT_AVAILABLE', WAITLIST_MESSAGES.slotsFree);
    expectError(await wait(half.id, a!.token, { role: 'Top' }), 409, 'ALREADY_PLAYER');
    expect(await state(half.id)).toEqual(before);

    const { scrim, players } = await fullScrim({ isWithCasters: true, maxCastersAllowedCount: 2 });
    const caster = await addCaster({ db: db(), scrim });
    expectError(await wait(scrim.id, players[3]!.token), 409, 'ALREADY_PLAYER');
    expectError(await wait(scrim.id, caster.token), 409, 'ALREADY_CASTER');
    expect((await wait(scrim.id, b!.token)).statusCode).toBe(200);
    const waiting = await state(scrim.id);
    expectError(
      await wait(scrim.id, b!.token, { role: 'Top' }),
      409,
      'ALREADY_WAITLISTED',
      WAITLIST_MESSAGES.alreadyWaitlisted,
    );
    expect(await state(scrim.id)).toEqual(waiting);

    for (const [over, code] of [
      [{ gameStartTime: new Date(Date.now() - 60_000) }, 'ALREADY_STARTED'],
      [{ teamWon: 'teamOne' as const }, 'GAME_OVER'],
      [{ abandonedAt: new Date() }, 'SCRIM_ABANDONED'],
      [{ cancelledAt: new Date(), cancelReason: 'storm' }, 'SCRIM_CANCELLED'],
    ] as const) {
      const { scrim: done } = await fullScrim(over);
      expectError(await wait(done.id, user.token), 409, code);
      expect(await waitlistOf(done.id)).toEqual([]);
    }
  });

  it('a balanced scrim: waits only once ten are signed up; a sign-up cannot wait', async () => {
    const scrim = await createScrim({ db: db(), mode: 'balanced' });
    const ten = await createUsers({ db: db(), count: 10 });
    await db()
      .insert(scrimSignups)
      .values(
        ten.slice(0, 9).map((u) => ({
          scrimId: scrim.id,
          userId: u.id,
          primaryRole: 'Fill' as const,
          secondaryRole: 'Fill' as const,
        })),
      );
    const user = await createUser({ db: db() });
    expectError(await wait(scrim.id, user.token), 409, 'SLOT_AVAILABLE', WAITLIST_MESSAGES.signupsOpen);
    await db()
      .insert(scrimSignups)
      .values({ scrimId: scrim.id, userId: ten[9]!.id, primaryRole: 'Mid', secondaryRole: 'Fill' });
    expectError(await wait(scrim.id, ten[0]!.token), 409, 'ALREADY_SIGNED_UP');
    expect((await wait(scrim.id, user.token, { role: 'Support' })).statusCode).toBe(200);
    expect(await waitlistOf(scrim.id)).toEqual([{ userId: user.id, role: 'Support' }]);
  });
});

describe('DELETE /api/scrims/:id/waitlist', () => {
  it("401, 403 banned, 400 bad id, 409 when not waiting; another user's call leaves the entry alone", async () => {
    const { scrim } = await fullScrim();
    const [waiting] = await queue(scrim, ['any']);
    const [other, banned] = [await createUser({ db: db() }), await createBannedUser({ db: db() })];
    const before = await state(scrim.id);
    expectError(await unwait(scrim.id), 401);
    expectError(await unwait(scrim.id, banned.token), 403, 'BANNED');
    expectError(await unwait('nope', other.token), 400);
    expectError(await unwait(scrim.id, other.token), 409, 'NOT_WAITLISTED', WAITLIST_MESSAGES.notWaitlisted);
    expectError(await unwait(scrim.id, admin.token), 409, 'NOT_WAITLISTED');
    expect(await state(scrim.id)).toEqual(before);

    const res = await unwait(scrim.id, waiting!.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Scrim).waitlist).toEqual([]);
    expect(await waitlistOf(scrim.id)).toEqual([]);
  });
});

describe('promotion', () => {
  it('a leave gives the slot to the first entry of that role or any, once; it is told and the room sees it', async () => {
    const url = await listenLocally(ctx.app);
    const { scrim, players } = await fullScrim({ title: 'Promo night' });
    // players[2] is teamOne's Mid.
    const [top, any, mid] = await queue(scrim, ['Top', 'any', 'Mid']);
    const watcher = await connectClient(url, (await createUser({ db: db() })).token);
    const promoted = await connectClient(url, any!.token);
    try {
      watcher.socket.emit('join_scrim_room', scrim.id);
      await joinedRoom({ io: ctx.app.io, socketId: watcher.socket.id, room: scrimRoom(scrim.id) });
      const seen = watcher.next<Scrim>(SCRIM_UPDATED_EVENT, (s) => s._id === scrim.id && s.waitlist.length === 2);
      const told = promoted.next<Notification>(SOCKET_EVENTS.getNotification);
      const res = await api.leave(scrim.id, players[2]!.id, players[2]!.token);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as Scrim;
      expect(slotsOf(answer)['teamOne:Mid']).toBe(any!.id);
      expect(answer.waitlist.map((w) => w._user._id)).toEqual([top!.id, mid!.id]);
      expect(slotsOf(await seen)['teamOne:Mid']).toBe(any!.id);
      expect((await told).message).toBe(WAITLIST_MESSAGES.promotedNotification('Promo night', 'Mid'));
      expect(await notificationsOf(any!.id, scrim.id)).toEqual([
        expect.objectContaining({
          kind: 'scrim_alert',
          message: WAITLIST_MESSAGES.promotedNotification('Promo night', 'Mid'),
        }),
      ]);
      expect(await notificationsOf(mid!.id, scrim.id)).toEqual([]);
    } finally {
      watcher.close();
      promoted.close();
    }
  });

  it('a kick by an admin promotes too; a role entry waits for its role', async () => {
    const { scrim, players } = await fullScrim();
    const [support, top] = await queue(scrim, ['Support', 'Top']);
    // Kick teamTwo's Top (players[5]): the Support entry does not fit, the Top one does.
    const kicked = await api.leave(scrim.id, players[5]!.id, admin.token);
    expect(kicked.statusCode, kicked.body).toBe(200);
    expect(slotsOf(kicked.json())['teamTwo:Top']).toBe(top!.id);
    expect(await waitlistOf(scrim.id)).toEqual([{ userId: support!.id, role: 'Support' }]);
    // teamOne's Support (players[4]) leaves: now it fits.
    await api.leave(scrim.id, players[4]!.id, players[4]!.token);
    expect(slotsOf(await api.read(scrim.id, admin.token))['teamOne:Support']).toBe(support!.id);
    expect(await waitlistOf(scrim.id)).toEqual([]);
  });

  it('a move frees its slot for the waitlist', async () => {
    const { scrim, players } = await fullScrim();
    const [adc] = await queue(scrim, ['ADC']);
    // teamTwo's Support (players[9]) leaves without anyone to take it; teamOne's ADC (players[3]) moves there.
    await api.leave(scrim.id, players[9]!.id, players[9]!.token);
    const res = await api.move(scrim.id, players[3]!.id, { team: 'teamTwo', role: 'Support' }, players[3]!.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(slotsOf(res.json())).toMatchObject({ 'teamOne:ADC': adc!.id, 'teamTwo:Support': players[3]!.id });
    expect(await waitlistOf(scrim.id)).toEqual([]);
  });

  it('the admin tools that free a slot (assign elsewhere, drag to an empty slot) promote', async () => {
    const { scrim, players } = await fullScrim({ title: 'Tools' });
    const [top, jungle] = await queue(scrim, ['Top', 'Jungle']);
    // Two slots emptied behind the API's back (no promotion): teamTwo's Support and ADC.
    await db()
      .delete(scrimParticipants)
      .where(and(eq(scrimParticipants.scrimId, scrim.id), eq(scrimParticipants.team, 'teamTwo')));
    await addPlayers({ db: db(), scrim, users: players.slice(5, 8), slots: ALL_SLOTS.slice(5, 8) });
    const assigned = await api.assign(
      scrim.id,
      { userId: players[0]!.id, teamName: 'teamTwo', role: 'Support' },
      admin.token,
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(slotsOf(assigned.json())).toMatchObject({ 'teamOne:Top': top!.id, 'teamTwo:Support': players[0]!.id });
    const dragged = await api.swap(scrim.id, { userId: players[1]!.id, team: 'teamTwo', role: 'ADC' }, admin.token);
    expect(dragged.statusCode, dragged.body).toBe(200);
    expect(slotsOf(dragged.json())).toMatchObject({ 'teamOne:Jungle': jungle!.id, 'teamTwo:ADC': players[1]!.id });
    expect((await notificationsOf(jungle!.id, scrim.id)).map((n) => n.message)).toEqual([
      WAITLIST_MESSAGES.promotedNotification('Tools', 'Jungle'),
    ]);
    expect(await waitlistOf(scrim.id)).toEqual([]);
  });

  it('passes over users in a cooldown or banned, who keep their place', async () => {
    const { scrim, players } = await fullScrim();
    const [banned, cooling, next] = await queue(scrim, ['any', 'any', 'any']);
    await db()
      .insert(bans)
      .values({
        userId: banned!.id,
        dateFrom: new Date(Date.now() - HOUR),
        dateTo: new Date(Date.now() + HOUR),
        reason: 'x',
      });
    await db()
      .update(users)
      .set({ cooldownUntil: new Date(Date.now() + HOUR) })
      .where(eq(users.id, cooling!.id));
    await api.leave(scrim.id, players[0]!.id, players[0]!.token);
    expect(slotsOf(await api.read(scrim.id, admin.token))['teamOne:Top']).toBe(next!.id);
    expect(await waitlistOf(scrim.id)).toEqual([
      { userId: banned!.id, role: 'any' },
      { userId: cooling!.id, role: 'any' },
    ]);
  });

  it('joining a slot directly takes the user off the waitlist', async () => {
    const { scrim, players } = await fullScrim();
    const [mid] = await queue(scrim, ['Mid']);
    // Nobody fits Top; the Mid entry takes it directly.
    await api.leave(scrim.id, players[0]!.id, players[0]!.token);
    expect(await waitlistOf(scrim.id)).toEqual([{ userId: mid!.id, role: 'Mid' }]);
    const res = await api.join(scrim.id, mid!.id, { team: 'teamOne', role: 'Top' }, mid!.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Scrim).waitlist).toEqual([]);
  });

  it("a balanced scrim: a player's leave gives their seat and a sign-up; a withdrawal gives the freed seat to the next entry", async () => {
    const scrim = await createScrim({ db: db(), mode: 'balanced', title: 'Fair game' });
    const { players } = await fillScrim({ db: db(), scrim });
    await db()
      .insert(scrimSignups)
      .values(
        players.map((p) => ({
          scrimId: scrim.id,
          userId: p.id,
          primaryRole: 'Fill' as const,
          secondaryRole: 'Fill' as const,
        })),
      );
    const [seat, signup] = await queue(scrim, ['any', 'any']);
    const left = await api.leave(scrim.id, players[1]!.id, players[1]!.token);
    expect(left.statusCode, left.body).toBe(200);
    expect(slotsOf(left.json())['teamOne:Jungle']).toBe(seat!.id);
    expect((await notificationsOf(seat!.id, scrim.id)).map((n) => n.message)).toEqual([
      WAITLIST_MESSAGES.promotedNotification('Fair game', 'Jungle'),
    ]);
    const signedUp = await db().select().from(scrimSignups).where(eq(scrimSignups.scrimId, scrim.id));
    expect(signedUp.map((s) => s.userId).sort()).toEqual(
      [...players.filter((_, i) => i !== 1).map((p) => p.id), seat!.id].sort(),
    );

    // A sign-up withdraws: the nine keep their seats and the next entry takes the freed one, as a player would.
    const out = await api.call('DELETE', `/api/scrims/${scrim.id}/signup`, { token: players[0]!.token });
    expect(out.statusCode, out.body).toBe(200);
    const after = out.json() as Scrim;
    expect(after.waitlist).toEqual([]);
    expect([...after.teamOne, ...after.teamTwo].map((p) => p._user._id)).toContain(signup!.id);
    const seated = (scrim: Scrim) => new Map([...scrim.teamOne, ...scrim.teamTwo].map((p) => [p._user._id, p.role]));
    const before = seated(left.json() as Scrim);
    for (const [userId, role] of seated(after)) if (userId !== signup!.id) expect(role).toBe(before.get(userId));
    expect((await notificationsOf(signup!.id, scrim.id)).map((n) => n.message)).toEqual([
      WAITLIST_MESSAGES.promotedNotification('Fair game', seated(after).get(signup!.id)!),
    ]);
  });
});
