import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLACED_MESSAGES, CHECK_IN_MESSAGES, type FillRandomResponse, type Scrim } from '@scrim-gym/shared';
import { notifications, scrimParticipants, users } from '../../../db/schema/index.js';
import { addToWaitlist, alertTexts, commitmentsOf } from '../../../test/check-in-factories.js';
import { createAdmin, createSession, createUser, type TestUser } from '../../../test/factories.js';
import { makeHost } from '../../../test/hosts.js';
import { expectError, playerData } from '../../../test/scrim-api.js';
import { ALL_SLOTS, addPlayers, createScrim, createUsers, type TestScrim } from '../../../test/scrim-factories.js';
import { expectNoSession, expectStatus, useSocialApp } from '../../../test/social.js';
import { closeCheckIn } from '../checkin/checkin.js';
import { checkInStepTime } from '../core/scrims.schedule.js';

/*
 * Nobody is penalised for a scrim they never chose: a player a host or admin placed carries no commitment (no
 * no-show, no late leave, no cooldown) until they check in or confirm the place, and is told who placed them.
 */

const MINUTE = 60_000;
const t = useSocialApp();
const db = () => t.db();
const deps = () => ({ db: t.db(), io: t.app().io, notifier: t.app().notifier, listCache: t.app().scrimLists });

const LAST_SLOT = ALL_SLOTS[9]!;
const assign = (scrim: TestScrim, user: TestUser, by: TestUser) =>
  t.call('PATCH', `/api/scrims/${scrim.id}/admin-assign-player`, by.token, {
    userId: user.id,
    teamName: LAST_SLOT.team,
    role: LAST_SLOT.role,
  });
const confirmPlace = (scrimId: string, token?: string) => t.call('POST', `/api/scrims/${scrimId}/confirm-place`, token);
const substitute = (scrimId: string, outUserId: string, inUserId: string, token: string) =>
  t.call('POST', `/api/scrims/${scrimId}/substitute`, token, { outUserId, inUserId });
const leave = (scrimId: string, user: TestUser) =>
  t.call('PATCH', `/api/scrims/${scrimId}/remove-player/${user.id}`, user.token, {});
const checkIn = (scrimId: string, user: TestUser) => t.call('POST', `/api/scrims/${scrimId}/check-in`, user.token);

/** A scrim starting in `minutes` minutes with nine players who took their slots (the last slot is free). */
async function nineIn(minutes: number, overrides: Partial<TestScrim> = {}) {
  const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() + minutes * MINUTE), ...overrides });
  const nine = await createUsers({ db: db(), count: 9 });
  await addPlayers({ db: db(), scrim, users: nine });
  return { scrim, nine };
}

/** The nine check in, so the close is only about the tenth. */
async function nineCheckIn(scrim: TestScrim, nine: TestUser[]) {
  for (const player of nine) expectStatus(await checkIn(scrim.id, player), 200);
}

const closeAt = (scrim: TestScrim) =>
  closeCheckIn({
    deps: deps(),
    scrimId: scrim.id,
    now: checkInStepTime('close', scrim.gameStartTime).getTime() + 1000,
  });

async function standingOf(userId: string) {
  const [row] = await db()
    .select({ reliability: users.reliabilityScore, strikes: users.noShowStrikes, cooldownUntil: users.cooldownUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}
const untouched = { reliability: null, strikes: 0, cooldownUntil: null };

async function placedTexts(userId: string, scrimId: string) {
  const rows = await db()
    .select({ message: notifications.message, relatedUserId: notifications.relatedUserId })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.relatedScrimId, scrimId),
        eq(notifications.kind, 'scrim_placed'),
      ),
    );
  return rows;
}

async function placedFlag(scrimId: string, userId: string) {
  const [row] = await db()
    .select({ placed: scrimParticipants.placed })
    .from(scrimParticipants)
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.userId, userId)));
  return row?.placed;
}

describe('a player an admin or host placed', () => {
  it('an admin assigns a stranger and check-in closes on them: dropped, told, no no-show, reliability and cooldown untouched', async () => {
    const admin = await createAdmin({ db: db() });
    const stranger = await createUser({ db: db(), region: 'EUW' });
    const { scrim, nine } = await nineIn(20);

    const body = expectStatus<Scrim>(await assign(scrim, stranger, admin), 200);
    expect(body.placed).toEqual([stranger.id]);
    const [told] = await placedTexts(stranger.id, scrim.id);
    expect(told?.relatedUserId).toBe(admin.id);
    expect(told?.message).toBe(
      PLACED_MESSAGES.placedNotification(admin.name, scrim.title, 'Team Two (Red Side) Support'),
    );
    // Seen as any scrim notification: its click opens the scrim page.
    const list = expectStatus<{ notifications: { kind: string; isScrimAlert: boolean }[] }>(
      await t.call('GET', '/api/notifications/user-notifications', stranger.token),
      200,
    );
    expect(list.notifications.find((n) => n.kind === 'scrim_placed')?.isScrimAlert).toBe(true);

    await nineCheckIn(scrim, nine);
    const closed = await closeAt(scrim);
    expect(closed?.dropped).toEqual([stranger.id]);
    expect((await commitmentsOf({ db: db(), scrimId: scrim.id }))[stranger.id]).toBeUndefined();
    expect(await standingOf(stranger.id)).toEqual(untouched);
    expect(await alertTexts({ db: db(), userId: stranger.id, scrimId: scrim.id })).toEqual([
      PLACED_MESSAGES.droppedNotification(scrim.title),
    ]);
    // The stranger can join scrims at once.
    const next = await createScrim({ db: db(), region: 'EUW' });
    expectStatus(
      await t.call(
        'PATCH',
        `/api/scrims/${next.id}/insert-player/${stranger.id}`,
        stranger.token,
        playerData(ALL_SLOTS[0]!),
      ),
      200,
    );
  });

  it('a host places a waitlisted player and substitutes them after the start: no no-show, no strike; the substitute is placed', async () => {
    const admin = await createAdmin({ db: db() });
    const host = await createUser({ db: db() });
    await makeHost(t.app(), admin.token, host.id, 'NA');
    const { scrim } = await nineIn(-10, { hostedBy: host.id, checkInEnabled: false });
    const [waiting, sub] = await createUsers({ db: db(), count: 2 });
    // A host brings in only players who wait for the scrim.
    await addToWaitlist({
      db: db(),
      scrim,
      entries: [
        { user: waiting!, role: 'any' },
        { user: sub!, role: 'any' },
      ],
    });

    expectStatus(await assign(scrim, waiting!, host), 200);
    expect(await placedFlag(scrim.id, waiting!.id)).toBe(true);
    const body = expectStatus<Scrim>(await substitute(scrim.id, waiting!.id, sub!.id, host.token), 200);

    expect((await commitmentsOf({ db: db(), scrimId: scrim.id }))[waiting!.id]).toBeUndefined();
    expect(await standingOf(waiting!.id)).toEqual(untouched);
    expect(body.placed).toEqual([sub!.id]);
    expect((await placedTexts(sub!.id, scrim.id)).map((n) => n.message)).toEqual([
      PLACED_MESSAGES.substituteNotification(host.name, scrim.title, 'Team Two (Red Side) Support'),
    ]);

    // The placed substitute is replaced in turn: still no penalty.
    const third = await createUser({ db: db() });
    await addToWaitlist({ db: db(), scrim, entries: [{ user: third, role: 'any' }] });
    expectStatus(await substitute(scrim.id, sub!.id, third.id, host.token), 200);
    expect(await standingOf(sub!.id)).toEqual(untouched);
  });

  it('a placed player leaves after the start: no late leave; a filled-at-random player too', async () => {
    const admin = await createAdmin({ db: db() });
    const stranger = await createUser({ db: db() });
    const { scrim } = await nineIn(-5, { checkInEnabled: false });
    expectStatus(await assign(scrim, stranger, admin), 200);
    expectStatus(await leave(scrim.id, stranger), 200);
    expect(await commitmentsOf({ db: db(), scrimId: scrim.id })).toEqual({});
    expect(await standingOf(stranger.id)).toEqual(untouched);

    // Fill at random, an hour before the start (a self-chosen leave then would be late).
    const empty = await createScrim({ db: db(), gameStartTime: new Date(Date.now() + 60 * MINUTE) });
    await createUsers({ db: db(), count: 10 });
    const filled = expectStatus<FillRandomResponse>(
      await t.call('PATCH', `/api/scrims/${empty.id}/admin-fill-random`, admin.token, {}),
      200,
    );
    expect(filled.filledPositions).toBe(10);
    const picked = [...filled.scrim.teamOne, ...filled.scrim.teamTwo].map((p) => p._user._id);
    // Everyone drawn is placed but the admin, who may draw themselves and so chose the scrim.
    const others = picked.filter((id) => id !== admin.id);
    expect([...filled.scrim.placed].sort()).toEqual([...others].sort());
    expect(await placedTexts(others[0]!, empty.id)).toHaveLength(1);
    // The picked user leaves with a session of their own, as a sign-in would give.
    const [row] = await db().select().from(users).where(eq(users.id, others[0]!));
    const token = await createSession({ db: db(), userId: row!.id, email: `${row!.id}@placed.test` });
    expectStatus(await leave(empty.id, { ...row!, token }), 200);
    expect(await commitmentsOf({ db: db(), scrimId: empty.id })).toEqual({});
  });

  it('a placed player who confirmed and then does not check in is a no-show, as today', async () => {
    const admin = await createAdmin({ db: db() });
    const stranger = await createUser({ db: db() });
    const { scrim, nine } = await nineIn(20);
    expectStatus(await assign(scrim, stranger, admin), 200);

    const confirmed = expectStatus<Scrim>(await confirmPlace(scrim.id, stranger.token), 200);
    expect(confirmed.placed).toEqual([]);
    expect(await placedFlag(scrim.id, stranger.id)).toBe(false);

    await nineCheckIn(scrim, nine);
    expect((await closeAt(scrim))?.dropped).toEqual([stranger.id]);
    expect((await commitmentsOf({ db: db(), scrimId: scrim.id }))[stranger.id]).toBe('no_show');
    expect(await standingOf(stranger.id)).toMatchObject({ reliability: 0, strikes: 1 });
    expect(await alertTexts({ db: db(), userId: stranger.id, scrimId: scrim.id })).toContain(
      CHECK_IN_MESSAGES.droppedNotification(scrim.title),
    );
  });

  it('a player who took the slot themselves and does not check in is a no-show, as today', async () => {
    const self = await createUser({ db: db() });
    const { scrim, nine } = await nineIn(20);
    expectStatus(
      await t.call('PATCH', `/api/scrims/${scrim.id}/insert-player/${self.id}`, self.token, playerData(LAST_SLOT)),
      200,
    );
    expect(await placedFlag(scrim.id, self.id)).toBe(false);
    await nineCheckIn(scrim, nine);
    expect((await closeAt(scrim))?.dropped).toEqual([self.id]);
    expect((await commitmentsOf({ db: db(), scrimId: scrim.id }))[self.id]).toBe('no_show');
    expect(await standingOf(self.id)).toMatchObject({ reliability: 0, strikes: 1 });
  });

  it('checking in or moving to another slot themselves makes the place their own', async () => {
    const admin = await createAdmin({ db: db() });
    const [a, b] = await createUsers({ db: db(), count: 2 });
    const { scrim } = await nineIn(20);
    expectStatus(await assign(scrim, a!, admin), 200);
    expectStatus(await checkIn(scrim.id, a!), 200);
    expect(await placedFlag(scrim.id, a!.id)).toBe(false);

    const other = await createScrim({ db: db() });
    await addPlayers({ db: db(), scrim: other, users: await createUsers({ db: db(), count: 8 }) });
    expectStatus(
      await t.call('PATCH', `/api/scrims/${other.id}/admin-assign-player`, admin.token, {
        userId: b!.id,
        teamName: 'teamTwo',
        role: 'ADC',
      }),
      200,
    );
    expect(await placedFlag(other.id, b!.id)).toBe(true);
    expectStatus(
      await t.call('PATCH', `/api/scrims/${other.id}/move-player/${b!.id}`, b!.token, playerData(LAST_SLOT)),
      200,
    );
    expect(await placedFlag(other.id, b!.id)).toBe(false);
  });
});

describe('POST /api/scrims/:id/confirm-place', () => {
  it('401 without a session, 404 for no scrim, 403 for a user not in it, 409 for a player who chose the place', async () => {
    const { scrim, nine } = await nineIn(60);
    const outsider = await createUser({ db: db() });
    expectNoSession(await confirmPlace(scrim.id));
    expectError(await confirmPlace('00000000-0000-4000-8000-000000000000', outsider.token), 404, 'SCRIM_NOT_FOUND');
    expectError(await confirmPlace(scrim.id, outsider.token), 403, 'NOT_A_PLAYER', PLACED_MESSAGES.notAPlayer);
    expectError(await confirmPlace(scrim.id, nine[0]!.token), 409, 'NOT_PLACED', PLACED_MESSAGES.notPlaced);
  });

  it('the placed player confirms (once: a second time is a 409); nobody else can confirm for them', async () => {
    const admin = await createAdmin({ db: db() });
    const stranger = await createUser({ db: db() });
    const { scrim, nine } = await nineIn(60);
    expectStatus(await assign(scrim, stranger, admin), 200);
    // Another player of the scrim confirms only their own place (theirs is already theirs).
    expectError(await confirmPlace(scrim.id, nine[1]!.token), 409, 'NOT_PLACED');
    expectError(await confirmPlace(scrim.id, admin.token), 403, 'NOT_A_PLAYER');
    expect(await placedFlag(scrim.id, stranger.id)).toBe(true);

    const body = expectStatus<Scrim>(await confirmPlace(scrim.id, stranger.token), 200);
    expect(body.placed).toEqual([]);
    expectError(await confirmPlace(scrim.id, stranger.token), 409, 'NOT_PLACED');
  });
});
