import { and, count, eq, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  SOCIAL_MESSAGES,
  type AcceptFriendRequestResponse,
  type FriendRequest,
  type FriendStatusResponse,
  type Notification,
  type NotificationsResponse,
  type SendFriendRequestResponse,
  type UserFriendsResponse,
} from '@scrim-gym/shared';
import { friendRequests, friendships, notifications } from '../../db/schema/index.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { friendApi } from '../../test/friend-api.js';
import { expectError } from '../../test/scrim-api.js';
import {
  befriend,
  expectBanned,
  expectNoSession,
  expectStatus,
  expectValidation,
  type TestClient,
  useSocialApp,
} from '../../test/social.js';

const { call, client, db } = useSocialApp();
const users = (n: number) => Promise.all(Array.from({ length: n }, () => createUser({ db: db() })));
const NIL = '00000000-0000-4000-8000-000000000000';

const { send, accept, reject, cancel } = friendApi(call);
const statusOf = async (me: TestUser, other: TestUser) =>
  expectStatus<FriendStatusResponse>(
    await call('GET', `/api/friend-requests/check-friend-request-sent/${other.id}`, me.token),
    200,
  ).status;
const friendsOf = async (user: TestUser, token: string) =>
  expectStatus<UserFriendsResponse>(await call('GET', `/api/friends/user-friends/${user.id}`, token), 200).friends.map(
    (f) => f._id,
  );
const notificationsOf = async (user: TestUser) =>
  expectStatus<NotificationsResponse>(await call('GET', '/api/notifications/user-notifications', user.token), 200)
    .notifications;

/** Every row the friend endpoints write, for the pair: what a refused call must leave untouched. */
async function pairRows(a: TestUser, b: TestUser) {
  const pair = (x: AnyPgColumn, y: AnyPgColumn) => or(and(eq(x, a.id), eq(y, b.id)), and(eq(x, b.id), eq(y, a.id)));
  const [requests] = await db()
    .select({ n: count() })
    .from(friendRequests)
    .where(pair(friendRequests.fromUserId, friendRequests.toUserId));
  const [friends] = await db()
    .select({ n: count() })
    .from(friendships)
    .where(pair(friendships.userLowId, friendships.userHighId));
  const [notes] = await db()
    .select({ n: count() })
    .from(notifications)
    .where(or(eq(notifications.userId, a.id), eq(notifications.userId, b.id)));
  return { requests: requests!.n, friends: friends!.n, notifications: notes!.n };
}

describe('every friend endpoint: no session 401, banned 403 with the ban text, bad ids 400', () => {
  const endpoints = (a: string, b: string): [string, string, object?][] => [
    ['GET', '/api/friend-requests'],
    ['GET', `/api/friend-requests/check-friend-request-sent/${b}`],
    ['POST', `/api/friend-requests/send-friend-request/${b}/${a}`],
    ['POST', `/api/friend-requests/accept-request/${a}`, { newFriendUserId: b }],
    ['POST', `/api/friend-requests/${a}/reject-friend-request/${b}`],
    ['POST', `/api/friend-requests/cancel-friend-request/${b}`],
    ['GET', `/api/friends/user-friends/${b}`],
    ['POST', '/api/friends/unfriend-user', { friendUserId: b }],
  ];

  it('refuses visitors and banned users before reading the input', async () => {
    const [banned, other] = [await createBannedUser({ db: db() }), await createUser({ db: db() })];
    for (const [method, path, body] of [...endpoints(banned.id, other.id), ...endpoints('bad', 'bad')]) {
      expectNoSession(await call(method as 'GET', path, undefined, body));
      expectBanned(await call(method as 'GET', path, banned.token, body));
    }
    expect(await pairRows(banned, other)).toEqual({ requests: 0, friends: 0, notifications: 0 });
  });

  it('answers 400 to ids that are not uuids, writing nothing', async () => {
    const [me] = await users(1);
    for (const [method, path, body] of endpoints(me!.id, 'not-a-uuid').filter(([, p]) => p.includes('not-a-uuid'))) {
      expectValidation(await call(method as 'GET', path, me!.token, body));
    }
    expectValidation(await call('POST', '/api/friends/unfriend-user', me!.token, { friendUserId: 42 }));
    expectValidation(await call('POST', `/api/friend-requests/accept-request/${me!.id}`, me!.token, {}));
    expect(await notificationsOf(me!)).toEqual([]);
  });
});

describe('send-friend-request', () => {
  it('sends a request, notifies the receiver live, and the button states follow', async () => {
    const [a, b] = await users(2);
    const live: TestClient = await client(b!.token);
    try {
      expect(await statusOf(a!, b!)).toBe('none');
      const body = expectStatus<SendFriendRequestResponse>(await send(b!, a!), 201);
      expect(body.status).toBe('sent');
      expect(body.newFriendRequest?._user).toMatchObject({ _id: a!.id, name: a!.name });
      expect(body.newNotification).toMatchObject({
        kind: 'friend_request',
        isFriendRequest: true,
        message: SOCIAL_MESSAGES.friendRequestNotification(a!.name),
        _relatedUser: { _id: a!.id },
      });
      const pushed = await live.next<Notification>('getNotification');
      expect(pushed).toEqual(body.newNotification);

      expect(await statusOf(a!, b!)).toBe('sent');
      expect(await statusOf(b!, a!)).toBe('received');
      const check = expectStatus<FriendStatusResponse>(
        await call('GET', `/api/friend-requests/check-friend-request-sent/${b!.id}`, a!.token),
        200,
      );
      expect(check).toEqual({ status: 'sent', friendRequestSent: true });
      const received = expectStatus<FriendRequest[]>(await call('GET', '/api/friend-requests', b!.token), 200);
      expect(received.map((r) => r._user._id)).toEqual([a!.id]);
      expect(expectStatus<FriendRequest[]>(await call('GET', '/api/friend-requests', a!.token), 200)).toEqual([]);
    } finally {
      live.close();
    }
  });

  it('refuses a forged sender (currentUserId is not the session user), for admins too', async () => {
    const [a, b, mallory] = await users(3);
    const admin = await createAdmin({ db: db() });
    expectError(await send(b!, a!, mallory!.token), 403, 'NOT_YOURSELF', SOCIAL_MESSAGES.onlySelf);
    expectError(await send(b!, a!, admin.token), 403, 'NOT_YOURSELF');
    expect(await pairRows(a!, b!)).toEqual({ requests: 0, friends: 0, notifications: 0 });
  });

  it('an admin sends their own requests like anyone', async () => {
    const [b] = await users(1);
    const admin = await createAdmin({ db: db() });
    expect(expectStatus<SendFriendRequestResponse>(await send(b!, admin), 201).status).toBe('sent');
  });

  it('refuses yourself (400), an unknown user (404), a second request (409) and friends (409 Friend already added!)', async () => {
    const [a, b, c] = await users(3);
    expectError(await send(a!, a!), 400, 'SELF_FRIEND_REQUEST');
    expectError(
      await call('POST', `/api/friend-requests/send-friend-request/${NIL}/${a!.id}`, a!.token),
      404,
      'USER_NOT_FOUND',
    );
    expectStatus(await send(b!, a!), 201);
    expectError(await send(b!, a!), 409, 'FRIEND_REQUEST_EXISTS', SOCIAL_MESSAGES.friendRequestAlreadySent);
    expect(await pairRows(a!, b!)).toMatchObject({ requests: 1, notifications: 1 });
    await befriend({ db: db(), a: a!, b: c! });
    expectError(await send(c!, a!), 409, 'ALREADY_FRIENDS', SOCIAL_MESSAGES.friendAlreadyAdded);
  });

  it('a reverse pending request is accepted instead of duplicated: both are friends and both are told', async () => {
    const [a, b] = await users(2);
    const liveA = await client(a!.token);
    try {
      expectStatus(await send(b!, a!), 201);
      const body = expectStatus<SendFriendRequestResponse>(await send(a!, b!), 201);
      expect(body).toMatchObject({ status: 'friends', newFriendRequest: null });
      expect(body.newNotification?.message).toBe(SOCIAL_MESSAGES.nowFriends(b!.name));
      expect(await pairRows(a!, b!)).toMatchObject({ requests: 0, friends: 1 });
      const forA = await liveA.next<Notification>('getNotification', (n) => n.kind === 'friend_accepted');
      expect(forA.message).toBe(SOCIAL_MESSAGES.nowFriends(b!.name));
      // B's 'sent you a friend request' notification is gone; B has 'You and A are now friends!'.
      expect((await notificationsOf(b!)).map((n) => n.message)).toEqual([SOCIAL_MESSAGES.nowFriends(a!.name)]);
      expect(await statusOf(a!, b!)).toBe('friends');
    } finally {
      liveA.close();
    }
  });

  it('two users asking each other at the same moment end as one friendship, never two crossed requests', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await users(2);
      const results = await Promise.all([send(b!, a!), send(a!, b!)]);
      expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(await pairRows(a!, b!)).toMatchObject({ requests: 0, friends: 1 });
    }
  });
});

describe('accept-request', () => {
  it('makes both friends, removes the request, and tells both "You and {name} are now friends!"', async () => {
    const [a, b] = await users(2);
    expectStatus(await send(b!, a!), 201);
    const [liveA, liveB] = [await client(a!.token), await client(b!.token)];
    try {
      const body = expectStatus<AcceptFriendRequestResponse>(await accept(b!, a!), 200);
      expect(body.updatedUserFriends.map((f) => f._id)).toEqual([a!.id]);
      expect(body.friendRequests).toEqual([]);
      expect((await liveA.next<Notification>('getNotification')).message).toBe(SOCIAL_MESSAGES.nowFriends(b!.name));
      expect((await liveB.next<Notification>('getNotification')).message).toBe(SOCIAL_MESSAGES.nowFriends(a!.name));
      expect(await friendsOf(a!, a!.token)).toEqual([b!.id]);
      // The receiver's friend request notification was answered: only the new one is left.
      expect((await notificationsOf(b!)).map((n) => n.kind)).toEqual(['friend_accepted']);
    } finally {
      liveA.close();
      liveB.close();
    }
  });

  it('stores the friendship with the smaller id first', async () => {
    const [a, b] = await users(2);
    expectStatus(await send(b!, a!), 201);
    expectStatus(await accept(b!, a!), 200);
    const [row] = await db()
      .select()
      .from(friendships)
      .where(or(eq(friendships.userLowId, a!.id), eq(friendships.userHighId, a!.id)));
    expect(row!.userLowId < row!.userHighId).toBe(true);
    expect([row!.userLowId, row!.userHighId].sort()).toEqual([a!.id, b!.id].sort());
  });

  it('refuses accepting for someone else (403), and a request that does not exist (404)', async () => {
    const [a, b, mallory] = await users(3);
    const admin = await createAdmin({ db: db() });
    expectStatus(await send(b!, a!), 201);
    const before = await pairRows(a!, b!);
    expectError(await accept(b!, a!, mallory!.token), 403, 'NOT_YOURSELF');
    expectError(await accept(b!, a!, admin.token), 403, 'NOT_YOURSELF');
    expectError(await accept(a!, b!), 404, 'FRIEND_REQUEST_NOT_FOUND');
    // Mallory cannot accept a request that was sent to B by pretending to be B's sender either.
    expectError(await accept(mallory!, a!), 404, 'FRIEND_REQUEST_NOT_FOUND');
    expect(await pairRows(a!, b!)).toEqual(before);
  });

  it("'Friend already added!' when already friends, and the request is still removed", async () => {
    const [a, b] = await users(2);
    await db().insert(friendRequests).values({ fromUserId: a!.id, toUserId: b!.id });
    await befriend({ db: db(), a: a!, b: b! });
    expectError(await accept(b!, a!), 409, 'ALREADY_FRIENDS', SOCIAL_MESSAGES.friendAlreadyAdded);
    expect(await pairRows(a!, b!)).toMatchObject({ requests: 0, friends: 1 });
    expectError(await accept(b!, a!), 409, 'ALREADY_FRIENDS');
  });
});

describe('reject-friend-request and cancel', () => {
  it('rejecting removes the request and its notification; the sender may ask again', async () => {
    const [a, b] = await users(2);
    expectStatus(await send(b!, a!), 201);
    const body = expectStatus<{ friendRequests: FriendRequest[] }>(await reject(b!, a!), 200);
    expect(body.friendRequests).toEqual([]);
    expect(await pairRows(a!, b!)).toEqual({ requests: 0, friends: 0, notifications: 0 });
    expect(await statusOf(a!, b!)).toBe('none');
    expectStatus(await send(b!, a!), 201);
  });

  it('refuses rejecting for someone else (403) and a missing request (404)', async () => {
    const [a, b, mallory] = await users(3);
    const admin = await createAdmin({ db: db() });
    expectStatus(await send(b!, a!), 201);
    const before = await pairRows(a!, b!);
    expectError(await reject(b!, a!, mallory!.token), 403, 'NOT_YOURSELF');
    expectError(await reject(b!, a!, admin.token), 403, 'NOT_YOURSELF');
    expectError(await reject(a!, b!), 404, 'FRIEND_REQUEST_NOT_FOUND');
    expect(await pairRows(a!, b!)).toEqual(before);
  });

  it('the sender cancels their request (and the receiver loses its notification); nobody else can', async () => {
    const [a, b, mallory] = await users(3);
    expectStatus(await send(b!, a!), 201);
    // Mallory has no request to B: nothing to cancel, A's request stays.
    expectError(await cancel(b!, mallory!.token), 404, 'FRIEND_REQUEST_NOT_FOUND');
    // B cannot "cancel" A's request: B has sent none (B rejects instead).
    expectError(await cancel(a!, b!.token), 404, 'FRIEND_REQUEST_NOT_FOUND');
    expect(await pairRows(a!, b!)).toMatchObject({ requests: 1, notifications: 1 });
    expect(expectStatus<{ status: string }>(await cancel(b!, a!.token), 200)).toEqual({ status: 'none' });
    expect(await pairRows(a!, b!)).toEqual({ requests: 0, friends: 0, notifications: 0 });
  });
});

describe('friends lists and unfriend', () => {
  it("anyone signed in reads a user's friends, sorted by name; an unknown user is 404", async () => {
    const [owner, zed, amy, reader] = await Promise.all([
      createUser({ db: db() }),
      createUser({ db: db(), name: `Zed ${Date.now() % 1e6}` }),
      createUser({ db: db(), name: `Amy ${Date.now() % 1e6}` }),
      createUser({ db: db() }),
    ]);
    await befriend({ db: db(), a: owner, b: zed });
    await befriend({ db: db(), a: amy, b: owner });
    expect(await friendsOf(owner, reader.token)).toEqual([amy.id, zed.id]);
    const admin = await createAdmin({ db: db() });
    expect(await friendsOf(owner, admin.token)).toEqual([amy.id, zed.id]);
    expectError(await call('GET', `/api/friends/user-friends/${NIL}`, reader.token), 404, 'USER_NOT_FOUND');
    const body = expectStatus<UserFriendsResponse>(
      await call('GET', `/api/friends/user-friends/${owner.id}`, reader.token),
      200,
    );
    // Only what a friends row shows: no discord, no email.
    expect(Object.keys(body.friends[0]!).sort()).toEqual(['_id', 'name', 'rank', 'region', 'summonerTagline']);
  });

  it('unfriend ends the friendship for both; not friends is 404; it only ever removes your own', async () => {
    const [a, b, c] = await users(3);
    await befriend({ db: db(), a: a!, b: b! });
    await befriend({ db: db(), a: b!, b: c! });
    // C cannot end A and B's friendship: C can only unfriend C's own friends.
    expectError(
      await call('POST', '/api/friends/unfriend-user', c!.token, { friendUserId: a!.id }),
      404,
      'NOT_FRIENDS',
    );
    expect(await pairRows(a!, b!)).toMatchObject({ friends: 1 });
    const body = expectStatus<{ userFriends: unknown[] }>(
      await call('POST', '/api/friends/unfriend-user', a!.token, { friendUserId: b!.id }),
      200,
    );
    expect(body.userFriends).toEqual([]);
    expect(await friendsOf(b!, b!.token)).toEqual([c!.id]);
    expectError(
      await call('POST', '/api/friends/unfriend-user', a!.token, { friendUserId: b!.id }),
      404,
      'NOT_FRIENDS',
    );
  });

  it("check-friend-request-sent on yourself is 'self'; ids in upper case are the same ids", async () => {
    const [a, b] = await users(2);
    expect(await statusOf(a!, a!)).toBe('self');
    const res = await call(
      'POST',
      `/api/friend-requests/send-friend-request/${b!.id.toUpperCase()}/${a!.id.toUpperCase()}`,
      a!.token,
    );
    expectStatus(res, 201);
    expect(await statusOf(a!, b!)).toBe('sent');
  });
});
