import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BALANCE_MESSAGES,
  SOCKET_EVENTS,
  emptySlots,
  type Notification,
  type RolePreference,
  type Scrim,
} from '@scrim-gym/shared';
import {
  auditLog,
  notifications,
  playerRatings,
  scrimCommitments,
  scrimParticipants,
  scrimSignups,
  scrimWaitlist,
  scrims,
  seasons,
  users,
} from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { bearer, createAdmin, createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { startTwoInstances } from '../../../test/instances.js';
import { editBody, expectError, scrimApi } from '../../../test/scrim-api.js';
import { addCaster, createScrim, createUsers, fillScrim, type TestScrim } from '../../../test/scrim-factories.js';
import { balanceTeams, seedRating, type LobbyPlayer } from '../../ratings/index.js';
import { scrimRoom } from '../../../plugins/io.js';
import { connectClient, listenLocally } from '../../../test/socket-client.js';
import { joinedRoom } from '../../../test/waiting.js';
import { seatsOf } from './balance.js';
import { SCRIM_UPDATED_EVENT } from '../core/scrims.events.js';

/**
 * Balanced scrims: sign-ups instead of slots, the tenth sign-up making the teams under the scrim's row
 * lock, withdrawals undoing them, the lock before the start, and an admin's "Balance teams".
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
const HOUR = 3600_000;
const MINUTE = 60_000;
const ROLE_CYCLE: RolePreference[] = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'];

const signUp = (scrimId: string, token?: string, payload?: object) =>
  api.call('POST', `/api/scrims/${scrimId}/signup`, { token, payload });
const withdraw = (scrimId: string, token?: string) => api.call('DELETE', `/api/scrims/${scrimId}/signup`, { token });
const balance = (scrimId: string, token?: string) => api.call('POST', `/api/scrims/${scrimId}/balance`, { token });

const balancedScrim = (overrides: Partial<typeof scrims.$inferInsert> = {}) =>
  createScrim({ db: db(), mode: 'balanced', ...overrides });

/** Everything a refused call could have written: rows of the scrim and its sign-ups, and the scrim row. */
async function state(scrimId: string) {
  const [row] = await db().select().from(scrims).where(eq(scrims.id, scrimId));
  const participants = await db()
    .select()
    .from(scrimParticipants)
    .where(eq(scrimParticipants.scrimId, scrimId))
    .orderBy(asc(scrimParticipants.userId));
  const signups = await db()
    .select()
    .from(scrimSignups)
    .where(eq(scrimSignups.scrimId, scrimId))
    .orderBy(asc(scrimSignups.userId));
  return { row, participants, signups };
}

/** `count` users with ranks spread over the ladder and roles of their own, signed up directly. */
async function signUpDirectly(scrim: TestScrim, count: number) {
  const players = await createUsers({ db: db(), count });
  const ranks = ['Iron 2', 'Bronze 1', 'Silver 3', 'Gold 4', 'Gold 1', 'Platinum 2', 'Emerald 4', 'Diamond 1'];
  for (const [i, player] of players.entries()) {
    await db()
      .update(users)
      .set({ rank: ranks[i % ranks.length]! })
      .where(eq(users.id, player.id));
    player.rank = ranks[i % ranks.length]!;
    await db()
      .insert(scrimSignups)
      .values({
        scrimId: scrim.id,
        userId: player.id,
        primaryRole: ROLE_CYCLE[i % 5]!,
        secondaryRole: ROLE_CYCLE[(i + 2) % 5]!,
        createdAt: new Date(Date.now() - 60_000 + i),
      });
  }
  return players;
}

/** The lobby the server balances: each sign-up with its roles and its seed rating (nobody is rated here). */
async function expectedLobby(scrimId: string): Promise<LobbyPlayer[]> {
  const rows = await db()
    .select({
      userId: scrimSignups.userId,
      p: scrimSignups.primaryRole,
      s: scrimSignups.secondaryRole,
      rank: users.rank,
    })
    .from(scrimSignups)
    .innerJoin(users, eq(users.id, scrimSignups.userId))
    .where(eq(scrimSignups.scrimId, scrimId));
  return rows.map((r) => ({ userId: r.userId, rating: seedRating(r.rank), primaryRole: r.p, secondaryRole: r.s }));
}

const seatsIn = (scrim: Scrim) =>
  [
    ...scrim.teamOne.map((p) => ({ userId: p._user._id, team: 'teamOne', role: p.role })),
    ...scrim.teamTwo.map((p) => ({ userId: p._user._id, team: 'teamTwo', role: p.role })),
  ].sort((a, b) => a.userId.localeCompare(b.userId));

const sortedSeats = (seats: { userId: string; team: string; role: string }[]) =>
  [...seats].sort((a, b) => a.userId.localeCompare(b.userId));

async function notificationsAbout(scrimId: string) {
  return db().select().from(notifications).where(eq(notifications.relatedScrimId, scrimId));
}

describe('POST /api/scrims/:id/signup', () => {
  it('401 without a session, 403 for a banned user, 400 for a bad id or roles: nothing written', async () => {
    const scrim = await balancedScrim();
    const banned = await createBannedUser({ db: db() });
    const user = await createUser({ db: db() });
    const before = await state(scrim.id);
    expectError(await signUp(scrim.id), 401);
    expectError(await signUp(scrim.id, banned.token), 403, 'BANNED');
    expectError(await signUp('not-a-uuid', user.token), 400);
    expectError(await signUp(scrim.id, user.token, { primaryRole: 'Captain' }), 400, 'VALIDATION');
    expectError(await signUp(scrim.id, user.token, { secondaryRole: 7 }), 400, 'VALIDATION');
    expect(await state(scrim.id)).toEqual(before);
    expectError(await signUp('00000000-0000-4000-8000-000000000000', user.token), 404, 'SCRIM_NOT_FOUND');
  });

  it('signs up with the roles given, or else those of the settings; the scrim lists the sign-up', async () => {
    const scrim = await balancedScrim();
    const [a, b] = await createUsers({ db: db(), count: 2 });
    await db().update(users).set({ primaryRole: 'Jungle', secondaryRole: 'Support' }).where(eq(users.id, b!.id));
    const first = await signUp(scrim.id, a!.token, { primaryRole: 'Mid', secondaryRole: 'Fill' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await signUp(scrim.id, b!.token);
    expect(second.statusCode, second.body).toBe(200);
    const body = second.json() as Scrim;
    expect(body.mode).toBe('balanced');
    expect(body.signups.map((s) => [s._user._id, s.primaryRole, s.secondaryRole])).toEqual([
      [a!.id, 'Mid', 'Fill'],
      [b!.id, 'Jungle', 'Support'],
    ]);
    expect(body.signups[0]!.rating).toEqual({ rating: expect.any(Number), provisional: true });
    expect(body.teamOne).toEqual([]);
    expect(body.balance).toBeNull();
    // One role given: the other comes from the settings.
    const c = await createUser({ db: db() });
    await db().update(users).set({ secondaryRole: 'Top' }).where(eq(users.id, c.id));
    const third = (await signUp(scrim.id, c.token, { primaryRole: 'ADC' })).json() as Scrim;
    expect(third.signups.at(-1)).toMatchObject({ primaryRole: 'ADC', secondaryRole: 'Top' });
  });

  it('409 twice, as a caster, on a slot scrim, from the lock, after the start, a winner or abandoned', async () => {
    const scrim = await balancedScrim({ isWithCasters: true });
    const user = await createUser({ db: db() });
    expect((await signUp(scrim.id, user.token)).statusCode).toBe(200);
    const once = await state(scrim.id);
    expectError(await signUp(scrim.id, user.token), 409, 'ALREADY_SIGNED_UP', BALANCE_MESSAGES.alreadySignedUp);
    expect(await state(scrim.id)).toEqual(once);
    const caster = await addCaster({ db: db(), scrim });
    const before = await state(scrim.id);
    expectError(await signUp(scrim.id, caster.token), 409, 'ALREADY_CASTER', BALANCE_MESSAGES.alreadyCaster);
    expect(await state(scrim.id)).toEqual(before);

    const slots = await createScrim({ db: db() });
    expectError(await signUp(slots.id, user.token), 409, 'NOT_BALANCED', BALANCE_MESSAGES.notBalanced);

    const locked = BALANCE_MESSAGES.signupLocked(15);
    for (const gameStartTime of [new Date(Date.now() + 14 * MINUTE), new Date(Date.now() - HOUR)]) {
      const late = await balancedScrim({ gameStartTime });
      const res = expectError(await signUp(late.id, user.token), 409, 'SIGNUP_LOCKED', locked);
      expect(res.scrim?._id).toBe(late.id);
      expect(await state(late.id)).toMatchObject({ signups: [], participants: [] });
    }
    // 16 minutes before the start: still open.
    const open = await balancedScrim({ gameStartTime: new Date(Date.now() + 16 * MINUTE) });
    expect((await signUp(open.id, user.token)).statusCode).toBe(200);

    const over = await balancedScrim({ teamWon: 'teamOne' });
    expectError(await signUp(over.id, user.token), 409, 'GAME_OVER');
    const abandoned = await balancedScrim({ abandonedAt: new Date() });
    expectError(await signUp(abandoned.id, user.token), 409, 'SCRIM_ABANDONED');
  });

  it('the tenth makes the teams at once: the exact balance of the ten, a host among them, everyone told', async () => {
    const scrim = await balancedScrim({ title: 'Fair lobby' });
    const nine = await signUpDirectly(scrim, 9);
    const tenth = await createUser({ db: db(), rank: 'Master' });
    const res = await signUp(scrim.id, tenth.token, { primaryRole: 'Support', secondaryRole: 'Mid' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Scrim;

    const expected = balanceTeams(await expectedLobby(scrim.id));
    expect(seatsIn(body)).toEqual(sortedSeats(seatsOf(expected)));
    expect(body.balance).toEqual({ blueWinProbability: expected.blueWinProbability, offRole: expected.offRole });
    expect(body.signups).toHaveLength(10);
    const ten = [...nine.map((u) => u.id), tenth.id];
    expect(ten).toContain(body.lobbyHost?._id);
    const { row } = await state(scrim.id);
    expect(row!.balancedAt).toBeInstanceOf(Date);
    expect(row!.balanceBlueWinProbability).toBe(expected.blueWinProbability);

    const told = await notificationsAbout(scrim.id);
    expect(told.map((n) => n.userId).sort()).toEqual([...ten].sort());
    expect(new Set(told.map((n) => n.message))).toEqual(
      new Set([BALANCE_MESSAGES.teamsMadeNotification('Fair lobby')]),
    );

    // An eleventh is refused, nothing written.
    const late = await createUser({ db: db() });
    const before = await state(scrim.id);
    expectError(await signUp(scrim.id, late.token), 409, 'SIGNUPS_FULL', BALANCE_MESSAGES.signupsFull);
    expect(await state(scrim.id)).toEqual(before);
  });

  it('uses the current season rating when there is one, else the seed of the rank', async () => {
    const scrim = await balancedScrim();
    const nine = await signUpDirectly(scrim, 9);
    const [season] = await db().select({ id: seasons.id }).from(seasons).where(isNull(seasons.endedAt));
    await db()
      .insert(playerRatings)
      .values({ seasonId: season!.id, userId: nine[0]!.id, region: 'NA', mu: 60, sigma: 2, rating: 2000 });
    const tenth = await createUser({ db: db() });
    const body = (await signUp(scrim.id, tenth.token)).json() as Scrim;
    const lobby = (await expectedLobby(scrim.id)).map((p) =>
      p.userId === nine[0]!.id ? { ...p, rating: { mu: 60, sigma: 2 } } : p,
    );
    const expected = balanceTeams(lobby);
    expect(seatsIn(body)).toEqual(sortedSeats(seatsOf(expected)));
    expect(body.balance?.blueWinProbability).toBe(expected.blueWinProbability);
  });
});

describe('live', () => {
  it("the made teams reach the scrim's watchers, and each of the ten gets the notification on their socket", async () => {
    const url = await listenLocally(ctx.app);
    const scrim = await balancedScrim({ title: 'Live lobby' });
    const nine = await signUpDirectly(scrim, 9);
    const watcher = await connectClient(url, (await createUser({ db: db() })).token);
    const member = await connectClient(url, nine[4]!.token);
    try {
      watcher.socket.emit('join_scrim_room', scrim.id);
      await joinedRoom({ io: ctx.app.io, socketId: watcher.socket.id, room: scrimRoom(scrim.id) });
      const seen = watcher.next<Scrim>(SCRIM_UPDATED_EVENT, (s) => s._id === scrim.id && s.teamOne.length === 5);
      const told = member.next<Notification>(SOCKET_EVENTS.getNotification);
      const res = await signUp(scrim.id, (await createUser({ db: db() })).token);
      expect(res.statusCode, res.body).toBe(200);
      expect((await seen).balance).toEqual((res.json() as Scrim).balance);
      expect((await told).message).toBe(BALANCE_MESSAGES.teamsMadeNotification('Live lobby'));
    } finally {
      watcher.close();
      member.close();
    }
  });
});

describe('DELETE /api/scrims/:id/signup', () => {
  it('401, 403 banned, 409 when not signed up or on a slot scrim: nothing written', async () => {
    const scrim = await balancedScrim();
    await signUpDirectly(scrim, 3);
    const [banned, other] = [await createBannedUser({ db: db() }), await createUser({ db: db() })];
    const before = await state(scrim.id);
    expectError(await withdraw(scrim.id), 401);
    expectError(await withdraw(scrim.id, banned.token), 403, 'BANNED');
    expectError(await withdraw(scrim.id, other.token), 409, 'NOT_SIGNED_UP', BALANCE_MESSAGES.notSignedUp);
    expectError(await withdraw('nope', other.token), 400);
    expect(await state(scrim.id)).toEqual(before);
    const slots = await createScrim({ db: db() });
    expectError(await withdraw(slots.id, other.token), 409, 'NOT_BALANCED');
  });

  /** Ten signed up with the cycle's roles (nine directly, the tenth through the API): the teams are made. */
  async function madeTeams(overrides: Partial<typeof scrims.$inferInsert> = {}) {
    const scrim = await balancedScrim(overrides);
    const nine = await signUpDirectly(scrim, 9);
    const tenth = await createUser({ db: db() });
    const made = (
      await signUp(scrim.id, tenth.token, { primaryRole: 'Support', secondaryRole: 'Mid' })
    ).json() as Scrim;
    expect(made.teamOne).toHaveLength(5);
    return { scrim, ten: [...nine, tenth], made };
  }

  const seatOf = (scrim: Scrim, userId: string) => seatsIn(scrim).find((s) => s.userId === userId);

  it('from made teams, 27 minutes before: the nine keep their seats, the seat opens, a late leave is recorded', async () => {
    const { scrim, ten, made } = await madeTeams({ gameStartTime: new Date(Date.now() + 27 * MINUTE) });
    const leaver = ten[3]!;
    const res = await withdraw(scrim.id, leaver.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Scrim;
    expect(body.signups).toHaveLength(9);
    expect(seatsIn(body)).toEqual(seatsIn(made).filter((s) => s.userId !== leaver.id));
    expect(body.balance).toBeNull();
    expect(body.lobbyHost?._id).not.toBe(leaver.id);
    expect(body.lateLeaveFrom).toBe(new Date(new Date(body.gameStartTime).getTime() - 2 * HOUR).toISOString());
    const cost = await db()
      .select()
      .from(scrimCommitments)
      .where(and(eq(scrimCommitments.scrimId, scrim.id), eq(scrimCommitments.userId, leaver.id)));
    expect(cost.map((c) => c.outcome)).toEqual(['late_leave']);
  });

  it('more than two hours before, the withdrawal costs nothing', async () => {
    const scrim = await balancedScrim({ gameStartTime: new Date(Date.now() + 3 * HOUR) });
    const [user] = await signUpDirectly(scrim, 1);
    expect((await withdraw(scrim.id, user!.token)).statusCode).toBe(200);
    expect(await db().select().from(scrimCommitments).where(eq(scrimCommitments.scrimId, scrim.id))).toEqual([]);
  });

  it('the freed seat goes to the first waitlisted player whose role fits it; the nine stay', async () => {
    const { scrim, ten, made } = await madeTeams();
    const leaver = ten[2]!;
    const seat = seatOf(made, leaver.id)!;
    const [wrong, fits, later] = await createUsers({ db: db(), count: 3 });
    const otherRole = ROLE_CYCLE.find((r) => r !== seat.role)!;
    await db()
      .insert(scrimWaitlist)
      .values([
        { scrimId: scrim.id, userId: wrong!.id, role: otherRole, createdAt: new Date(Date.now() - 3000) },
        { scrimId: scrim.id, userId: fits!.id, role: seat.role, createdAt: new Date(Date.now() - 2000) },
        { scrimId: scrim.id, userId: later!.id, role: 'any', createdAt: new Date(Date.now() - 1000) },
      ]);
    const body = (await withdraw(scrim.id, leaver.token)).json() as Scrim;
    expect(seatsIn(body)).toEqual(
      sortedSeats([
        ...seatsIn(made).filter((s) => s.userId !== leaver.id),
        { userId: fits!.id, team: seat.team, role: seat.role },
      ]),
    );
    expect(body.signups).toHaveLength(10);
    expect(body.waitlist.map((w) => w._user._id)).toEqual([wrong!.id, later!.id]);
  });

  it('with nobody waiting the seat stays open: a sign-up who fits takes it; one who fits nowhere remakes the teams', async () => {
    const { scrim, ten, made } = await madeTeams();
    // The first withdrawal: a newcomer whose secondary role is the freed one takes the seat, nobody else moves.
    const first = ten[0]!;
    const seat = seatOf(made, first.id)!;
    const gone = await withdraw(scrim.id, first.token);
    expect(gone.statusCode, gone.body).toBe(200);
    const otherRole = ROLE_CYCLE.find((r) => r !== seat.role)!;
    const fits = await createUser({ db: db() });
    const joined = await signUp(scrim.id, fits.token, { primaryRole: otherRole, secondaryRole: seat.role });
    expect(joined.statusCode, joined.body.slice(0, 300)).toBe(200);
    const filled = joined.json() as Scrim;
    expect(seatsIn(filled)).toEqual(
      sortedSeats([...seatsIn(made).filter((s) => s.userId !== first.id), { ...seat, userId: fits.id }]),
    );
    expect((await notificationsAbout(scrim.id)).filter((n) => n.userId === fits.id)).toHaveLength(1);

    // The second: the newcomer plays neither the freed role nor Fill, so the ten are balanced again.
    const second = ten[1]!;
    const freed = seatOf(filled, second.id)!;
    await withdraw(scrim.id, second.token);
    const others = ROLE_CYCLE.filter((r) => r !== freed.role);
    const misfit = await createUser({ db: db() });
    const remade = (
      await signUp(scrim.id, misfit.token, { primaryRole: others[0], secondaryRole: others[1] })
    ).json() as Scrim;
    expect(remade.signups).toHaveLength(10);
    expect(seatsIn(remade)).toEqual(sortedSeats(seatsOf(balanceTeams(await expectedLobby(scrim.id)))));
    expect(remade.balance).not.toBeNull();
  });

  it('409 from the lock: the teams stay', async () => {
    const scrim = await balancedScrim({ gameStartTime: new Date(Date.now() + 10 * MINUTE) });
    const [user] = await signUpDirectly(scrim, 1);
    const before = await state(scrim.id);
    expectError(await withdraw(scrim.id, user!.token), 409, 'SIGNUP_LOCKED');
    expect(await state(scrim.id)).toEqual(before);
  });
});

describe('slot changes on a balanced scrim', () => {
  it('insert-player and move-player are refused with a clear message; nothing written', async () => {
    const scrim = await balancedScrim({ isWithCasters: true });
    const nine = await signUpDirectly(scrim, 9);
    const tenth = await createUser({ db: db() });
    await signUp(scrim.id, tenth.token);
    const outsider = await createUser({ db: db() });
    const before = await state(scrim.id);
    const join = await api.join(scrim.id, outsider.id, { team: 'teamOne', role: 'Top' }, outsider.token);
    expectError(join, 409, 'BALANCED_SCRIM', BALANCE_MESSAGES.balancedScrim);
    const move = await api.move(scrim.id, nine[0]!.id, { team: 'teamTwo', role: 'Top' }, nine[0]!.token);
    expectError(move, 409, 'BALANCED_SCRIM');
    // A signed-up player cannot cast; an admin cannot assign or fill slots.
    const signedUp = await balancedScrim({ isWithCasters: true });
    const [user] = await signUpDirectly(signedUp, 1);
    expectError(await api.joinCast(signedUp.id, user!.id, user!.token), 409, 'ALREADY_SIGNED_UP');
    const assign = await api.assign(scrim.id, { userId: outsider.id, teamName: 'teamOne', role: 'Top' }, admin.token);
    expectError(assign, 409, 'BALANCED_SCRIM');
    expectError(await api.fillRandom(signedUp.id, admin.token), 409, 'BALANCED_SCRIM');
    expect(await state(scrim.id)).toEqual(before);
  });

  it('a kick takes the sign-up too and clears the balance', async () => {
    const scrim = await balancedScrim();
    const nine = await signUpDirectly(scrim, 9);
    await signUp(scrim.id, (await createUser({ db: db() })).token);
    const res = await api.leave(scrim.id, nine[2]!.id, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const { row, signups, participants } = await state(scrim.id);
    expect(signups.map((s) => s.userId)).not.toContain(nine[2]!.id);
    expect(participants).toHaveLength(9);
    expect(row!.balancedAt).toBeNull();
    // The next tenth (Fill, by the settings) takes the open seat; the nine keep theirs.
    const kept = participants.map((p) => ({ userId: p.userId, team: p.team!, role: p.role! }));
    const freed = emptySlots(kept)[0]!;
    const newcomer = await createUser({ db: db() });
    const made = (await signUp(scrim.id, newcomer.token)).json() as Scrim;
    expect(seatsIn(made)).toEqual(sortedSeats([...kept, { userId: newcomer.id, ...freed }]));
  });
});

describe('POST /api/scrims/:id/balance', () => {
  it('401, 403 for players and banned users, 400 bad id: nothing written', async () => {
    const scrim = await createScrim({ db: db() });
    const { players } = await fillScrim({ db: db(), scrim });
    const banned = await createBannedUser({ db: db() });
    const before = await state(scrim.id);
    expectError(await balance(scrim.id), 401);
    expectError(await balance(scrim.id, players[0]!.token), 403);
    expectError(await balance(scrim.id, banned.token), 403, 'BANNED');
    expectError(await balance('x', admin.token), 400);
    expect(await state(scrim.id)).toEqual(before);
  });

  it('409 when not full, started, over or abandoned: nothing written', async () => {
    const notFull = await createScrim({ db: db() });
    expectError(await balance(notFull.id, admin.token), 409, 'TEAMS_NOT_FULL', BALANCE_MESSAGES.teamsNotFull);
    const started = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - MINUTE) });
    await fillScrim({ db: db(), scrim: started });
    const before = await state(started.id);
    expectError(await balance(started.id, admin.token), 409, 'ALREADY_STARTED', BALANCE_MESSAGES.alreadyStarted);
    expect(await state(started.id)).toEqual(before);
    const over = await createScrim({ db: db(), teamWon: 'teamTwo' });
    await fillScrim({ db: db(), scrim: over });
    expectError(await balance(over.id, admin.token), 409, 'GAME_OVER');
    const signups = await balancedScrim();
    await signUpDirectly(signups, 6);
    expectError(await balance(signups.id, admin.token), 409, 'TEAMS_NOT_FULL');
  });

  it("re-seats a full slot scrim from the players' settings and ratings, tells the ten; a swap clears it", async () => {
    const scrim = await createScrim({ db: db(), title: 'Slot lobby' });
    const { players, host } = await fillScrim({ db: db(), scrim });
    for (const [i, p] of players.entries()) {
      await db()
        .update(users)
        .set({ rank: i % 2 ? 'Diamond 2' : 'Silver 4', primaryRole: ROLE_CYCLE[(i + 1) % 5]!, secondaryRole: 'Fill' })
        .where(eq(users.id, p.id));
    }
    const res = await balance(scrim.id, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Scrim;
    const expected = balanceTeams(
      players.map((p, i) => ({
        userId: p.id,
        rating: seedRating(i % 2 ? 'Diamond 2' : 'Silver 4'),
        primaryRole: ROLE_CYCLE[(i + 1) % 5]!,
        secondaryRole: 'Fill' as const,
      })),
    );
    expect(seatsIn(body)).toEqual(sortedSeats(seatsOf(expected)));
    expect(body.balance).toEqual({ blueWinProbability: expected.blueWinProbability, offRole: expected.offRole });
    expect(body.lobbyHost?._id).toBe(host!.id);
    const told = await notificationsAbout(scrim.id);
    expect(told).toHaveLength(10);
    expect(told[0]!.message).toBe(BALANCE_MESSAGES.balancedByAdminNotification('Slot lobby'));
    expect(told[0]!.message).toMatch(/^Teams were balanced by an admin/);

    // An admin action: in the audit log by the time the answer arrives.
    const audited = await db().select().from(auditLog).where(eq(auditLog.targetScrimId, scrim.id));
    expect(audited.map((r) => [r.action, r.actorId])).toEqual([['scrim.balance-teams', admin.id]]);

    // Deterministic: balancing again gives the same teams.
    const again = (await balance(scrim.id, admin.token)).json() as Scrim;
    expect(seatsIn(again)).toEqual(seatsIn(body));

    const mover = body.teamOne[0]!;
    const swap = await api.swap(scrim.id, { userId: mover._user._id, team: 'teamTwo', role: mover.role }, admin.token);
    expect(swap.statusCode, swap.body).toBe(200);
    const { row } = await state(scrim.id);
    expect(row).toMatchObject({ balancedAt: null, balanceBlueWinProbability: null, balanceOffRole: null });
    expect((swap.json() as Scrim).balance?.offRole).toEqual([]);
  });

  it('a balanced scrim with ten sign-ups is balanced from their sign-up roles', async () => {
    const scrim = await balancedScrim();
    await signUpDirectly(scrim, 9);
    await signUp(scrim.id, (await createUser({ db: db() })).token);
    const body = (await balance(scrim.id, admin.token)).json() as Scrim;
    expect(seatsIn(body)).toEqual(sortedSeats(seatsOf(balanceTeams(await expectedLobby(scrim.id)))));
  });
});

describe('mode on create and edit', () => {
  it('creates a balanced scrim; the mode changes only while nobody is in', async () => {
    const res = await api.call('POST', '/api/scrims', {
      token: admin.token,
      payload: {
        title: 'Balanced',
        region: 'NA',
        gameStartTime: new Date(Date.now() + HOUR).toISOString(),
        mode: 'balanced',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Scrim).mode).toBe('balanced');
    const plain = await api.call('POST', '/api/scrims', {
      token: admin.token,
      payload: { title: 'Plain', region: 'NA', gameStartTime: new Date(Date.now() + HOUR).toISOString() },
    });
    expect((plain.json() as Scrim).mode).toBe('slots');
    const bad = await api.call('POST', '/api/scrims', {
      token: admin.token,
      payload: { title: 'Bad', region: 'NA', gameStartTime: new Date(Date.now() + HOUR).toISOString(), mode: 'draft' },
    });
    expectError(bad, 400, 'VALIDATION');

    const scrim = await createScrim({ db: db() });
    const put = (changes: object) =>
      api.call('PUT', `/api/scrims/${scrim.id}`, { token: admin.token, payload: editBody(scrim, changes) });
    const edited = await put({ mode: 'balanced' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as Scrim).mode).toBe('balanced');
    // Absent: kept.
    expect(((await put({})).json() as Scrim).mode).toBe('balanced');
    const user = await createUser({ db: db() });
    await signUp(scrim.id, user.token);
    const before = await state(scrim.id);
    expectError(await put({ mode: 'slots', title: 'Renamed' }), 409, 'MODE_LOCKED', BALANCE_MESSAGES.modeLocked);
    expect(await state(scrim.id)).toEqual(before);
    // Same mode with someone in: fine.
    expect((await put({ mode: 'balanced' })).statusCode).toBe(200);
  });
});

describe(`the tenth sign-up racing on two instances (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('two tenth sign-ups at once: one makes the teams, the other is refused; ten players, never eleven', async () => {
    const instances = await startTwoInstances();
    try {
      const apiA = scrimApi(instances.first.app);
      const apiB = scrimApi(instances.second.app);
      for (let round = 0; round < 4; round++) {
        const scrim = await createScrim({ db: instances.db, mode: 'balanced' });
        const nine = await createUsers({ db: instances.db, count: 9 });
        for (const u of nine) {
          expect((await apiA.call('POST', `/api/scrims/${scrim.id}/signup`, { token: u.token })).statusCode).toBe(200);
        }
        const [x, y] = await createUsers({ db: instances.db, count: 2 });
        const [ra, rb] = await Promise.all([
          apiA.call('POST', `/api/scrims/${scrim.id}/signup`, { token: x!.token }),
          apiB.call('POST', `/api/scrims/${scrim.id}/signup`, { token: y!.token }),
        ]);
        expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
        const refused = ra.statusCode === 409 ? ra : rb;
        expect(refused.json().code).toBe('SIGNUPS_FULL');
        const participants = await instances.db
          .select()
          .from(scrimParticipants)
          .where(and(eq(scrimParticipants.scrimId, scrim.id), eq(scrimParticipants.kind, 'player')));
        const signups = await instances.db.select().from(scrimSignups).where(eq(scrimSignups.scrimId, scrim.id));
        expect(participants).toHaveLength(10);
        expect(signups).toHaveLength(10);
        expect(new Set(participants.map((p) => p.userId))).toEqual(new Set(signups.map((s) => s.userId)));
        // Balanced once: one notification per player.
        const told = await instances.db.select().from(notifications).where(eq(notifications.relatedScrimId, scrim.id));
        expect(told).toHaveLength(10);
        const winner = ra.statusCode === 200 ? ra : rb;
        const read = await instances.second.app.inject({
          method: 'GET',
          url: `/api/scrims/${scrim.id}`,
          headers: bearer(nine[0]!.token),
        });
        expect((read.json() as Scrim).balance).toEqual((winner.json() as Scrim).balance);
      }
    } finally {
      await instances.close();
    }
  }, 60_000);
  it('a withdrawal and two sign-ups at once on made teams: each seat holds one player, every player signed up', async () => {
    const instances = await startTwoInstances();
    try {
      const apiA = scrimApi(instances.first.app);
      const apiB = scrimApi(instances.second.app);
      for (let round = 0; round < 3; round++) {
        const scrim = await createScrim({ db: instances.db, mode: 'balanced' });
        const ten = await createUsers({ db: instances.db, count: 10 });
        for (const u of ten) {
          expect((await apiA.call('POST', `/api/scrims/${scrim.id}/signup`, { token: u.token })).statusCode).toBe(200);
        }
        const [x, y] = await createUsers({ db: instances.db, count: 2 });
        const answers = await Promise.all([
          apiA.call('DELETE', `/api/scrims/${scrim.id}/signup`, { token: ten[0]!.token }),
          apiB.call('POST', `/api/scrims/${scrim.id}/signup`, { token: x!.token }),
          apiA.call('POST', `/api/scrims/${scrim.id}/signup`, { token: y!.token }),
        ]);
        expect(answers[0]!.statusCode).toBe(200);
        // A sign-up after the withdrawal takes the freed place, and then the other finds ten; both may also come
        // before it and find ten. Never both.
        const joined = answers.slice(1).filter((a) => a.statusCode === 200).length;
        expect(joined).toBeLessThanOrEqual(1);
        const players = await instances.db
          .select()
          .from(scrimParticipants)
          .where(and(eq(scrimParticipants.scrimId, scrim.id), eq(scrimParticipants.kind, 'player')));
        const signups = await instances.db.select().from(scrimSignups).where(eq(scrimSignups.scrimId, scrim.id));
        expect(signups).toHaveLength(9 + joined);
        expect(players).toHaveLength(9 + joined);
        // Each seat holds one player: as many seats taken as players (ten when a sign-up took the freed place, nine
        // when both came before the withdrawal).
        expect(new Set(players.map((p) => `${p.team}/${p.role}`)).size).toBe(players.length);
        expect(new Set(players.map((p) => p.userId))).toEqual(new Set(signups.map((s) => s.userId)));
      }
    } finally {
      await instances.close();
    }
  }, 60_000);
});
