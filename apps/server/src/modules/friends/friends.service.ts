import { SOCIAL_MESSAGES, SOCKET_EVENTS, type FriendStatus, type FriendshipChangedPayload } from '@scrim-gym/shared';
import type { Database, DbOrTx, Transaction } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { UserSummaryRow } from '../../db/user-summary.js';
import { toUserSummary } from '../../lib/user-summary.js';
import { userRoom, type AppServer } from '../../plugins/io.js';
import {
  insertNotificationRows,
  removeNotificationsAbout,
  type Notifier,
  type StoredNotification,
} from '../notifications/index.js';
import { linkPresence, unlinkPresence } from '../presence/index.js';
import { assertSelf } from './friends.policy.js';
import { presentFriendRequest } from './friends.presenter.js';
import {
  areFriends,
  deleteFriendRequest,
  deleteFriendship,
  findFriendRequest,
  findFriends,
  findReceivedRequests,
  findSocialUser,
  insertFriendRequest,
  insertFriendship,
  lockPair,
} from './friends.repository.js';

export interface FriendDeps {
  db: Database;
  io: AppServer;
  notifier: Notifier;
}

const userNotFound = () => notFound(SOCIAL_MESSAGES.userNotFound, 'USER_NOT_FOUND');
const alreadyFriends = () => conflict(SOCIAL_MESSAGES.friendAlreadyAdded, 'ALREADY_FRIENDS');
const requestNotFound = () => notFound(SOCIAL_MESSAGES.friendRequestNotFound, 'FRIEND_REQUEST_NOT_FOUND');

async function requireUser(db: DbOrTx, id: string) {
  const user = await findSocialUser({ db, id });
  if (!user) throw userNotFound();
  return user;
}

/** The summary of a user who still has an account (a deleted one takes no request, conversation or message). */
export async function findActiveUser({ db, id }: { db: DbOrTx; id: string }) {
  return findSocialUser({ db, id });
}

export async function areUsersFriends({ db, a, b }: { db: DbOrTx; a: string; b: string }) {
  return areFriends({ db, a, b });
}

export async function listReceivedRequests({ db, userId }: { db: DbOrTx; userId: string }) {
  return (await findReceivedRequests({ db, userId })).map(presentFriendRequest);
}

export async function listFriends({ db, userId }: { db: DbOrTx; userId: string }) {
  return (await findFriends({ db, userId })).map(toUserSummary);
}

/** GET /friends/user-friends/:userId: anyone signed in may see a user's friends (the "{name}'s Friends" dialog). */
export async function listUserFriends({ db, userId }: { db: Database; userId: string }) {
  await requireUser(db, userId);
  return listFriends({ db, userId });
}

export async function findFriendStatus({
  db,
  viewerId,
  userId,
}: {
  db: DbOrTx;
  viewerId: string;
  userId: string;
}): Promise<FriendStatus> {
  if (viewerId === userId) return 'self';
  if (await areFriends({ db, a: viewerId, b: userId })) return 'friends';
  if (await findFriendRequest({ db, fromUserId: viewerId, toUserId: userId })) return 'sent';
  if (await findFriendRequest({ db, fromUserId: userId, toUserId: viewerId })) return 'received';
  return 'none';
}

/**
 * Makes two users friends inside the caller's transaction (their pair locked): the friendship, the answered
 * request notification gone, and 'You and {name} are now friends!' for both. Null when already friends.
 */
async function befriend({
  tx,
  requester,
  accepter,
}: {
  tx: Transaction;
  requester: UserSummaryRow;
  accepter: UserSummaryRow;
}) {
  if (!(await insertFriendship({ db: tx, a: requester.id, b: accepter.id }))) return null;
  await removeNotificationsAbout({ db: tx, userId: accepter.id, kind: 'friend_request', relatedUserId: requester.id });
  return insertNotificationRows({
    db: tx,
    values: [
      {
        userId: requester.id,
        kind: 'friend_accepted',
        message: SOCIAL_MESSAGES.nowFriends(accepter.name),
        relatedUserId: accepter.id,
      },
      {
        userId: accepter.id,
        kind: 'friend_accepted',
        message: SOCIAL_MESSAGES.nowFriends(requester.name),
        relatedUserId: requester.id,
      },
    ],
  });
}

/**
 * After a change of the pair commits: each of the two users' tabs (and only theirs) learns where it now stands with
 * the other (`friendshipChanged`), so an open profile, friends list or requests dialog follows without a reload.
 */
function publishFriendshipChange({
  io,
  a,
  b,
  statusForA,
  statusForB = statusForA,
}: {
  io: AppServer;
  a: string;
  b: string;
  statusForA: FriendStatus;
  statusForB?: FriendStatus;
}) {
  io.to(userRoom(a)).emit(SOCKET_EVENTS.friendshipChanged, {
    userId: b,
    status: statusForA,
  } satisfies FriendshipChangedPayload);
  io.to(userRoom(b)).emit(SOCKET_EVENTS.friendshipChanged, {
    userId: a,
    status: statusForB,
  } satisfies FriendshipChangedPayload);
}

/** After a friendship commits: push both notifications, tell both tabs, and let each see the other's presence. */
async function publishFriendship({
  deps,
  stored,
  a,
  b,
}: {
  deps: FriendDeps;
  stored: StoredNotification[];
  a: string;
  b: string;
}) {
  deps.notifier.publish(stored);
  publishFriendshipChange({ io: deps.io, a, b, statusForA: 'friends' });
  await linkPresence({ deps, a, b });
}

/**
 * send-friend-request/:userId/:currentUserId. The sender is the session user (403 if currentUserId differs).
 * A request the other user already sent us is accepted instead of duplicated; friends get 'Friend already
 * added!'; a second request is a 409. The receiver gets a notification.
 */
export async function sendFriendRequest({
  deps,
  viewerId,
  userId,
  currentUserId,
}: {
  deps: FriendDeps;
  viewerId: string;
  userId: string;
  currentUserId: string;
}) {
  assertSelf(viewerId, currentUserId);
  if (userId === viewerId) throw badRequest(SOCIAL_MESSAGES.cannotFriendSelf, 'SELF_FRIEND_REQUEST');
  const outcome = await deps.db.transaction(async (tx) => {
    await lockPair({ tx, a: viewerId, b: userId });
    const [sender, receiver] = [await requireUser(tx, viewerId), await requireUser(tx, userId)];
    if (await areFriends({ db: tx, a: sender.id, b: receiver.id })) throw alreadyFriends();
    if (await deleteFriendRequest({ db: tx, fromUserId: receiver.id, toUserId: sender.id })) {
      const stored = (await befriend({ tx, requester: receiver, accepter: sender }))!;
      return { kind: 'accepted' as const, stored };
    }
    const request = await insertFriendRequest({ db: tx, fromUserId: sender.id, toUserId: receiver.id });
    if (!request) throw conflict(SOCIAL_MESSAGES.friendRequestAlreadySent, 'FRIEND_REQUEST_EXISTS');
    const stored = await insertNotificationRows({
      db: tx,
      values: [
        {
          userId: receiver.id,
          kind: 'friend_request',
          message: SOCIAL_MESSAGES.friendRequestNotification(sender.name),
          relatedUserId: sender.id,
        },
      ],
    });
    return { kind: 'sent' as const, stored, request: presentFriendRequest({ ...request, sender }) };
  });

  if (outcome.kind === 'accepted') {
    await publishFriendship({ deps, stored: outcome.stored, a: viewerId, b: userId });
    const forReceiver = outcome.stored.find((s) => s.userId === userId)!;
    return { newFriendRequest: null, newNotification: forReceiver.notification, status: 'friends' as const };
  }
  deps.notifier.publish(outcome.stored);
  publishFriendshipChange({ io: deps.io, a: viewerId, b: userId, statusForA: 'sent', statusForB: 'received' });
  return {
    newFriendRequest: outcome.request,
    newNotification: outcome.stored[0]!.notification,
    status: 'sent' as const,
  };
}

/**
 * accept-request/:userId {newFriendUserId}: userId is the session user, newFriendUserId the sender. If the two
 * are already friends the request is still removed and the answer is 'Friend already added!'.
 */
export async function acceptFriendRequest({
  deps,
  viewerId,
  userId,
  newFriendUserId,
}: {
  deps: FriendDeps;
  viewerId: string;
  userId: string;
  newFriendUserId: string;
}) {
  assertSelf(viewerId, userId);
  const stored = await deps.db.transaction(async (tx) => {
    await lockPair({ tx, a: viewerId, b: newFriendUserId });
    const request = await deleteFriendRequest({ db: tx, fromUserId: newFriendUserId, toUserId: viewerId });
    if (!request) {
      if (await areFriends({ db: tx, a: viewerId, b: newFriendUserId })) throw alreadyFriends();
      throw requestNotFound();
    }
    const [requester, accepter] = [await requireUser(tx, newFriendUserId), await requireUser(tx, viewerId)];
    // Null: already friends. The request's removal still commits; the 409 is thrown after.
    return befriend({ tx, requester, accepter });
  });
  if (!stored) throw alreadyFriends();
  await publishFriendship({ deps, stored, a: viewerId, b: newFriendUserId });
  return {
    updatedUserFriends: await listFriends({ db: deps.db, userId: viewerId }),
    friendRequests: await listReceivedRequests({ db: deps.db, userId: viewerId }),
  };
}

/** :userId/reject-friend-request/:senderId: the session user (userId) turns down senderId's request. */
export async function rejectFriendRequest({
  deps,
  viewerId,
  userId,
  senderId,
}: {
  deps: FriendDeps;
  viewerId: string;
  userId: string;
  senderId: string;
}) {
  assertSelf(viewerId, userId);
  await deps.db.transaction(async (tx) => {
    await lockPair({ tx, a: viewerId, b: senderId });
    if (!(await deleteFriendRequest({ db: tx, fromUserId: senderId, toUserId: viewerId }))) throw requestNotFound();
    await removeNotificationsAbout({ db: tx, userId: viewerId, kind: 'friend_request', relatedUserId: senderId });
  });
  publishFriendshipChange({ io: deps.io, a: viewerId, b: senderId, statusForA: 'none' });
  return listReceivedRequests({ db: deps.db, userId: viewerId });
}

/** cancel-friend-request/:userId: the session user takes back the request they sent to userId. */
export async function cancelFriendRequest({
  deps,
  viewerId,
  userId,
}: {
  deps: FriendDeps;
  viewerId: string;
  userId: string;
}) {
  await deps.db.transaction(async (tx) => {
    await lockPair({ tx, a: viewerId, b: userId });
    if (!(await deleteFriendRequest({ db: tx, fromUserId: viewerId, toUserId: userId }))) throw requestNotFound();
    await removeNotificationsAbout({ db: tx, userId, kind: 'friend_request', relatedUserId: viewerId });
  });
  publishFriendshipChange({ io: deps.io, a: viewerId, b: userId, statusForA: 'none' });
  return findFriendStatus({ db: deps.db, viewerId, userId });
}

/** unfriend-user {friendUserId}: ends the friendship (404 when there is none); conversations stay. */
export async function unfriend({
  deps,
  viewerId,
  friendUserId,
}: {
  deps: FriendDeps;
  viewerId: string;
  friendUserId: string;
}) {
  const removed = await deps.db.transaction(async (tx) => {
    await lockPair({ tx, a: viewerId, b: friendUserId });
    return deleteFriendship({ db: tx, a: viewerId, b: friendUserId });
  });
  if (!removed) throw notFound(SOCIAL_MESSAGES.notFriends, 'NOT_FRIENDS');
  publishFriendshipChange({ io: deps.io, a: viewerId, b: friendUserId, statusForA: 'none' });
  // Conversation partners still see each other's presence (presence checks).
  await unlinkPresence({ deps, a: viewerId, b: friendUserId });
  return listFriends({ db: deps.db, userId: viewerId });
}
