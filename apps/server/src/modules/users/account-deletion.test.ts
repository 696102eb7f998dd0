import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES, type Message, type Scrim } from '@scrim-gym/shared';
import {
  auditLog,
  authIdentities,
  bans,
  friendRequests,
  friendships,
  notifications,
  scrimParticipants,
  scrimSignups,
  scrimWaitlist,
  sessions,
  users,
} from '../../db/schema/index.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { expectError } from '../../test/scrim-api.js';
import { addPlayers, createScrim, createUsers, setLobbyHost } from '../../test/scrim-factories.js';
import { befriend, disconnection, expectStatus, useSocialApp } from '../../test/social.js';

const t = useSocialApp();
const HOUR = 3_600_000;

const deleteMe = (token: string | undefined, payload: unknown) =>
  t.call('DELETE', '/api/users/me', token, payload as object);
const session = (token: string) => t.call('GET', '/api/auth/session', token);

async function expectUntouched(user: TestUser) {
  const [row] = await t.db().select().from(users).where(eq(users.id, user.id));
  expect(row!.name).toBe(user.name);
  expect(row!.deletedAt).toBeNull();
  expect(row!.email).toBe(user.email);
  expect((await t.db().select().from(authIdentities).where(eq(authIdentities.userId, user.id))).length).toBe(1);
  expect((await session(user.token)).json().user?._id).toBe(user.id);
}

/** A player with a history: a finished scrim, an upcoming slot as lobby host, a friend, a request, a chat. */
async function playerWithHistory() {
  const db = t.db();
  const me = await createUser({ db });
  const friend = await createUser({ db });
  const stranger = await createUser({ db });
  await befriend({ db, a: me, b: friend });
  await db.insert(friendRequests).values({ fromUserId: stranger.id, toUserId: me.id });
  await db.insert(notifications).values([
    { userId: me.id, kind: 'general', message: 'a reminder' },
    {
      userId: friend.id,
      kind: 'friend_accepted',
      message: `You and ${me.name} are now friends!`,
      relatedUserId: me.id,
    },
  ]);

  // The chat: the friend starts it, I answer.
  const started = expectStatus<{ _id: string }>(
    await t.call('POST', '/api/conversations', friend.token, { receiverId: me.id, text: 'gg last night' }),
    201,
  );
  const reply = await t.call('POST', '/api/messages', me.token, {
    conversationId: started._id,
    text: 'my phone is 555-1234',
  });
  expect(reply.statusCode, reply.body).toBe(201);

  // A finished scrim I played in (teamOne won), and one coming up where I host.
  const played = await createScrim({ db, gameStartTime: new Date(Date.now() - 5 * HOUR), teamWon: 'teamOne' });
  const others = await createUsers({ db, count: 9 });
  await addPlayers({ db, scrim: played, users: [me, ...others] });
  const upcoming = await createScrim({ db, gameStartTime: new Date(Date.now() + 2 * HOUR) });
  await addPlayers({ db, scrim: upcoming, users: [me, friend] });
  await setLobbyHost({ db, scrim: upcoming, userId: me.id });
  return { me, friend, stranger, others, played, upcoming, conversationId: started._id };
}

describe('DELETE /api/users/me: who may call', () => {
  it('no session: 401', async () => {
    expectError(await deleteMe(undefined, { confirmation: 'anything' }), 401, 'UNAUTHORIZED');
  });

  it('a banned user: 403 with the ban text, nothing changed (a ban is not escaped by deleting the account)', async () => {
    const banned = await createBannedUser({ db: t.db() });
    expectError(await deleteMe(banned.token, { confirmation: banned.name }), 403, 'BANNED');
    const [row] = await t.db().select().from(users).where(eq(users.id, banned.id));
    expect(row!.deletedAt).toBeNull();
    expect(row!.name).toBe(banned.name);
  });

  it("another user's account cannot be targeted: no :id route, and their name is not a confirmation", async () => {
    const me = await createUser({ db: t.db() });
    const other = await createUser({ db: t.db() });
    const admin = await createAdmin({ db: t.db() });
    expectError(await t.call('DELETE', `/api/users/${other.id}`, me.token, { confirmation: other.name }), 404);
    expectError(await t.call('DELETE', `/api/users/${other.id}`, admin.token, { confirmation: other.name }), 404);
    expectError(await deleteMe(me.token, { confirmation: other.name }), 400, 'CONFIRMATION_MISMATCH');
    // An id in the body is ignored: the account is the session's.
    expectError(await deleteMe(me.token, { confirmation: other.name, userId: other.id }), 400);
    await expectUntouched(me);
    await expectUntouched(other);
  });

  it('a bad confirmation is a 400 with a clear message and changes nothing', async () => {
    const me = await createUser({ db: t.db() });
    for (const body of [{}, { confirmation: '' }, { confirmation: '   ' }, { confirmation: 42 }, null]) {
      const res = await deleteMe(me.token, body);
      expect(res.statusCode, res.body).toBe(400);
    }
    const wrong = expectError(await deleteMe(me.token, { confirmation: `${me.name}x` }), 400, 'CONFIRMATION_MISMATCH');
    expect(wrong.error).toBe(ACCOUNT_DELETION_MESSAGES.confirmationMismatch);
    expectError(await deleteMe(me.token, { confirmation: 'x'.repeat(65) }), 400, 'VALIDATION');
    await expectUntouched(me);
  });

  it('an admin may delete their own account: it loses the admin flag with everything else', async () => {
    const admin = await createAdmin({ db: t.db() });
    const res = await deleteMe(admin.token, { confirmation: ` ${admin.name.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db().select().from(users).where(eq(users.id, admin.id));
    expect(row!.isAdmin).toBe(false);
    expect(row!.deletedAt).not.toBeNull();
    expectError(await t.call('GET', '/api/admin/dashboard-stats', admin.token), 401);
  });
});

describe('DELETE /api/users/me: the account is gone', () => {
  it('anonymises the account in one go, ends every session and socket, keeps scrim history and frees the name', async () => {
    const db = t.db();
    const { me, friend, stranger, others, played, upcoming, conversationId } = await playerWithHistory();
    const admin = await createAdmin({ db });
    await db.insert(auditLog).values({ actorId: admin.id, action: 'user.update', targetUserId: me.id });
    await db.insert(bans).values({
      userId: me.id,
      bannedBy: admin.id,
      dateFrom: new Date(Date.now() - 10 * HOUR),
      dateTo: new Date(Date.now() - 9 * HOUR),
      reason: 'old ban',
      isActive: false,
      liftedAt: new Date(Date.now() - 9 * HOUR),
    });
    const secondTab = await t.call('POST', '/api/auth/dev-login', undefined, { email: me.email });
    const secondToken = secondTab.json<{ token: string }>().token;
    const socket = await t.client(me.token);
    const gone = disconnection(socket);
    const statsBefore = (await t.call('GET', `/api/users/${others[0]!.id}/scrims`, others[0]!.token)).json().stats;

    const res = await deleteMe(me.token, { confirmation: me.name });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_DELETION_MESSAGES.deleted });
    expect(res.headers['set-cookie']).toMatch(/sg_session=;/);

    // Sessions (both tabs) and sockets end.
    await gone;
    for (const token of [me.token, secondToken]) expect((await session(token)).json().user).toBeNull();
    expectError(await t.call('GET', '/api/notifications/user-notifications', me.token), 401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);

    // The row: anonymised, nothing that names or reaches the person.
    const [row] = await db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({
      name: ACCOUNT_DELETION_MESSAGES.deletedName,
      summonerTagline: '',
      discord: '',
      email: null,
      rank: 'Unranked',
      riotPuuid: null,
      nameSkeleton: null,
      discordSkeleton: null,
    });
    expect(row!.uid).not.toContain(me.email!);
    expect(await db.select().from(authIdentities).where(eq(authIdentities.userId, me.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(friendships)
        .where(or(eq(friendships.userLowId, me.id), eq(friendships.userHighId, me.id))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(friendRequests)
        .where(or(eq(friendRequests.fromUserId, me.id), eq(friendRequests.toUserId, me.id))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(notifications)
        .where(or(eq(notifications.userId, me.id), eq(notifications.relatedUserId, me.id))),
    ).toEqual([]);

    // Admin records keep their reference.
    expect((await db.select().from(auditLog).where(eq(auditLog.targetUserId, me.id))).length).toBe(1);
    expect((await db.select().from(bans).where(eq(bans.userId, me.id))).length).toBe(1);

    // Others' view stays coherent: the chat is still there, my text replaced, the friend's intact.
    const chat = expectStatus<Message[]>(await t.call('GET', `/api/messages/${conversationId}`, friend.token), 200);
    expect(chat.map((m) => m.text)).toEqual(['gg last night', ACCOUNT_DELETION_MESSAGES.deletedMessage]);
    expect(JSON.stringify(chat)).not.toContain('555-1234');
    expect(JSON.stringify(chat)).not.toContain(me.name);
    expectError(
      await t.call('POST', '/api/messages', friend.token, { conversationId, text: 'are you there?' }),
      409,
      'RECEIVER_DELETED',
      ACCOUNT_DELETION_MESSAGES.receiverDeleted,
    );
    const friends = expectStatus<unknown[]>(
      await t.call('GET', `/api/friends/user-friends/${friend.id}`, friend.token),
      200,
    );
    expect(JSON.stringify(friends)).not.toContain(me.id);

    // Scrim history: the finished scrim keeps ten players, me as 'Deleted player'; others' stats do not move.
    const playedNow = expectStatus<Scrim>(await t.call('GET', `/api/scrims/${played.id}`, others[0]!.token), 200);
    const players = [...playedNow.teamOne, ...playedNow.teamTwo];
    expect(players).toHaveLength(10);
    expect(players.find((p) => p._user._id === me.id)?._user).toMatchObject({
      name: ACCOUNT_DELETION_MESSAGES.deletedName,
      discord: '',
    });
    expect((await t.call('GET', `/api/users/${others[0]!.id}/scrims`, others[0]!.token)).json().stats).toEqual(
      statsBefore,
    );
    // The upcoming scrim gave my slot and the hosting back.
    const upcomingNow = expectStatus<Scrim>(await t.call('GET', `/api/scrims/${upcoming.id}`, friend.token), 200);
    expect([...upcomingNow.teamOne, ...upcomingNow.teamTwo].map((p) => p._user._id)).toEqual([friend.id]);
    expect(upcomingNow.lobbyHost).toBeNull();

    // The profile is gone and nobody finds it; no friend request or new scrim slot reaches it.
    expectError(await t.call('GET', `/api/users/by-id/${me.id}`, friend.token), 404);
    expectError(await t.call('GET', `/api/users/${encodeURIComponent(me.name)}?region=NA`, friend.token), 404);
    const search = await t.call(
      'GET',
      `/api/users/search?q=${encodeURIComponent(ACCOUNT_DELETION_MESSAGES.deletedName)}`,
      friend.token,
    );
    expect(JSON.stringify(search.json())).not.toContain(me.id);
    expectError(
      await t.call('POST', `/api/friend-requests/send-friend-request/${me.id}/${stranger.id}`, stranger.token),
      404,
    );
    const next = await createScrim({ db });
    const assign = { userId: me.id, teamName: 'teamOne', role: 'Top' };
    expectError(await t.call('PATCH', `/api/scrims/${next.id}/admin-assign-player`, admin.token, assign), 404);

    // The name and discord are free at once; the same sign-in starts over without an account.
    const renamed = await t.call('PUT', '/api/auth/update-user', stranger.token, {
      name: me.name,
      discord: me.discord,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const again = await t.call('POST', '/api/auth/dev-login', undefined, { email: me.email });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user).toBeNull();
  });

  it('a second deletion of the same account (a replay) finds no session: 401, nothing more changes', async () => {
    const me = await createUser({ db: t.db() });
    expect((await deleteMe(me.token, { confirmation: me.name })).statusCode).toBe(200);
    expectError(await deleteMe(me.token, { confirmation: me.name }), 401);
  });
});

describe('DELETE /api/users/me: nothing of the account acts afterwards', () => {
  const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;

  /** `users` signed up to the balanced scrim, in this order (one role each, spread over the five). */
  async function signUpAll(scrimId: string, signers: TestUser[]) {
    for (const [i, user] of signers.entries()) {
      const role = ROLES[i % ROLES.length]!;
      const res = await t.call('POST', `/api/scrims/${scrimId}/signup`, user.token, {
        primaryRole: role,
        secondaryRole: 'Fill',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  const seated = async (scrimId: string) =>
    (await t.db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrimId))).map((p) => p.userId);
  const signedUp = async (scrimId: string) =>
    (await t.db().select().from(scrimSignups).where(eq(scrimSignups.scrimId, scrimId))).map((s) => s.userId);

  it('a balanced sign-up goes: the deleted player is not counted toward the ten, and not seated when ten sign up', async () => {
    const db = t.db();
    const me = await createUser({ db });
    const others = await createUsers({ db, count: 9 });
    const scrim = await createScrim({ db, mode: 'balanced', gameStartTime: new Date(Date.now() + 5 * HOUR) });
    await signUpAll(scrim.id, [me, ...others.slice(0, 8)]);
    expect(await signedUp(scrim.id)).toHaveLength(9);

    expect((await deleteMe(me.token, { confirmation: me.name })).statusCode).toBe(200);
    expect(await signedUp(scrim.id)).not.toContain(me.id);
    expect(await signedUp(scrim.id)).toHaveLength(8);

    // The ninth and tenth live sign-ups make the teams, without the deleted player.
    await signUpAll(scrim.id, [others[8]!, await createUser({ db })]);
    const players = await seated(scrim.id);
    expect(players).toHaveLength(10);
    expect(players).not.toContain(me.id);
  });

  it('teams already made are undone and made again with the first waitlisted player in its place', async () => {
    const db = t.db();
    const me = await createUser({ db });
    const others = await createUsers({ db, count: 9 });
    const waiting = await createUser({ db });
    const scrim = await createScrim({ db, mode: 'balanced', gameStartTime: new Date(Date.now() + 5 * HOUR) });
    await signUpAll(scrim.id, [me, ...others]);
    expect(await seated(scrim.id)).toContain(me.id);
    await db.insert(scrimWaitlist).values({ scrimId: scrim.id, userId: waiting.id, role: 'any' });

    expect((await deleteMe(me.token, { confirmation: me.name })).statusCode).toBe(200);
    const players = await seated(scrim.id);
    expect(players.sort()).toEqual([...others.map((o) => o.id), waiting.id].sort());
    expect(await signedUp(scrim.id)).not.toContain(me.id);
    const view = expectStatus<Scrim>(await t.call('GET', `/api/scrims/${scrim.id}`, waiting.token), 200);
    expect(JSON.stringify(view)).not.toContain(ACCOUNT_DELETION_MESSAGES.deletedName);
  });

  it('its waitlist entries go: it is never promoted into a freed slot', async () => {
    const db = t.db();
    const me = await createUser({ db });
    const scrim = await createScrim({ db, gameStartTime: new Date(Date.now() + 5 * HOUR) });
    const ten = await createUsers({ db, count: 10 });
    await addPlayers({ db, scrim, users: ten });
    await db.insert(scrimWaitlist).values({ scrimId: scrim.id, userId: me.id, role: 'any' });

    expect((await deleteMe(me.token, { confirmation: me.name })).statusCode).toBe(200);
    expect(await db.select().from(scrimWaitlist).where(eq(scrimWaitlist.userId, me.id))).toEqual([]);
    const leave = await t.call('PATCH', `/api/scrims/${scrim.id}/remove-player/${ten[0]!.id}`, ten[0]!.token);
    expect(leave.statusCode, leave.body).toBe(200);
    expect(await seated(scrim.id)).not.toContain(me.id);
  });

  it('its calendar feed URL answers 404', async () => {
    const me = await createUser({ db: t.db() });
    const { url } = expectStatus<{ url: string }>(await t.call('GET', '/api/calendar', me.token), 200);
    const path = new URL(url).pathname;
    expect((await t.call('GET', path)).statusCode).toBe(200);
    expect((await deleteMe(me.token, { confirmation: me.name })).statusCode).toBe(200);
    expectError(await t.call('GET', path), 404, 'CALENDAR_NOT_FOUND');
  });
});
