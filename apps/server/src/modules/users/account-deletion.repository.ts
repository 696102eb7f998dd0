import { and, eq, isNull, or } from 'drizzle-orm';
import { ACCOUNT_DELETION_MESSAGES } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  authIdentities,
  conversationMembers,
  friendRequests,
  friendships,
  messageSeen,
  messages,
  notifications,
  sessions,
  users,
} from '../../db/schema/index.js';

/**
 * The account row, locked for the deletion (two deletions of one account at once: one runs, one finds it gone).
 * 'no key update': rows that reference the account (a sign-up inserted under a scrim's lock) are not held up by
 * it, so the deletion waiting for that scrim's lock never waits in a circle.
 */
export async function lockLiveUser({ db, id }: { db: DbOrTx; id: string }) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('no key update');
  return user ?? null;
}

/**
 * The account keeps its id (scrim history, bans and audit rows point at it) but nothing that names or reaches
 * the person: 'Deleted player', no tagline, discord, email, rank, Riot id, sign-in identity or flags. The unique
 * name and discord indexes skip deleted rows, so both are free at once; `uid` takes a value no sign-in produces.
 */
export async function anonymiseUser({ db, id }: { db: DbOrTx; id: string }) {
  await db
    .update(users)
    .set({
      uid: `deleted|${id}`,
      email: null,
      name: ACCOUNT_DELETION_MESSAGES.deletedName,
      summonerTagline: '',
      discord: '',
      rank: 'Unranked',
      canSendEmailsToUser: false,
      isAdmin: false,
      isDonator: false,
      profileBackgroundImg: 'Summoners Rift',
      profileBackgroundBlur: '20',
      lastLoggedIn: null,
      lastActiveAt: null,
      lastSeenAt: null,
      riotPuuid: null,
      riotLinkedAt: null,
      rankRefreshedAt: null,
      nameSkeleton: null,
      discordSkeleton: null,
      deletedAt: new Date(),
    })
    .where(eq(users.id, id));
}

/** Every way to sign in as the account, and every session it had. */
export async function deleteSignIns({ db, userId }: { db: DbOrTx; userId: string }) {
  await db.delete(authIdentities).where(eq(authIdentities.userId, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * The account's social ties: friendships and friend requests both ways, its notifications, and the others'
 * notifications about it (they quote its name: 'X sent you a friend request'). Returns the users it was tied to.
 */
export async function deleteSocialTies({ db, userId }: { db: DbOrTx; userId: string }) {
  const friends = await db
    .delete(friendships)
    .where(or(eq(friendships.userLowId, userId), eq(friendships.userHighId, userId)))
    .returning();
  const requests = await db
    .delete(friendRequests)
    .where(or(eq(friendRequests.fromUserId, userId), eq(friendRequests.toUserId, userId)))
    .returning();
  await db.delete(notifications).where(or(eq(notifications.userId, userId), eq(notifications.relatedUserId, userId)));
  const others = new Set<string>();
  for (const f of friends) others.add(f.userLowId === userId ? f.userHighId : f.userLowId);
  for (const r of requests) others.add(r.fromUserId === userId ? r.toUserId : r.fromUserId);
  return [...others];
}

/**
 * Its messages: the text of each one it sent is replaced by a notice, so the people it talked to keep a
 * coherent chat (their own messages, and where the deleted player's were, from 'Deleted player'); its seen marks
 * go. It stays a member of its conversations, so theirs still list the chat.
 */
export async function blankMessages({ db, userId }: { db: DbOrTx; userId: string }) {
  await db
    .update(messages)
    .set({ text: ACCOUNT_DELETION_MESSAGES.deletedMessage })
    .where(eq(messages.senderId, userId));
  await db.delete(messageSeen).where(eq(messageSeen.userId, userId));
}

/** The direct conversations the account was in (their other members get them live with 'Deleted player'). */
export async function findConversationIds({ db, userId }: { db: DbOrTx; userId: string }) {
  const rows = await db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(eq(conversationMembers.userId, userId));
  return rows.map((r) => r.id);
}
