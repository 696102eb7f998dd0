import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../db/client.js';
import { friendRequests, friendships, users } from '../../db/schema/index.js';
import { userSummaryColumns, type UserSummaryRow } from '../../db/user-summary.js';
import { orderedPair } from '../../lib/ordered-pair.js';

// A friendship row stores the pair with the smaller id first (friendships_order_ck): `orderedPair`.

/**
 * Serialises every friend change of one pair of users for the rest of the transaction (send, accept, reject,
 * cancel, unfriend), so "a reverse pending request accepts instead of duplicating" holds under races too.
 */
export async function lockPair({ tx, a, b }: { tx: Transaction; a: string; b: string }) {
  const { low, high } = orderedPair(a, b);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`friends:${low}:${high}`}, 0))`);
}

export async function findSocialUser({ db, id }: { db: DbOrTx; id: string }): Promise<UserSummaryRow | null> {
  // A deleted account takes no friend request and no new conversation.
  const [user] = await db
    .select(userSummaryColumns())
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return user ?? null;
}

export async function areFriends({ db, a, b }: { db: DbOrTx; a: string; b: string }) {
  const { low, high } = orderedPair(a, b);
  const [row] = await db
    .select({ low: friendships.userLowId })
    .from(friendships)
    .where(and(eq(friendships.userLowId, low), eq(friendships.userHighId, high)));
  return Boolean(row);
}

/** Inserts the friendship; false when the two were already friends. */
export async function insertFriendship({ db, a, b }: { db: DbOrTx; a: string; b: string }) {
  const { low, high } = orderedPair(a, b);
  const rows = await db
    .insert(friendships)
    .values({ userLowId: low, userHighId: high })
    .onConflictDoNothing()
    .returning({ low: friendships.userLowId });
  return rows.length > 0;
}

/** Deletes the friendship; false when there was none. */
export async function deleteFriendship({ db, a, b }: { db: DbOrTx; a: string; b: string }) {
  const { low, high } = orderedPair(a, b);
  const rows = await db
    .delete(friendships)
    .where(and(eq(friendships.userLowId, low), eq(friendships.userHighId, high)))
    .returning({ low: friendships.userLowId });
  return rows.length > 0;
}

/** The friends of `userId`, by name. */
export function findFriends({ db, userId }: { db: DbOrTx; userId: string }): Promise<UserSummaryRow[]> {
  return db
    .select(userSummaryColumns())
    .from(friendships)
    .innerJoin(
      users,
      sql`${users.id} = case when ${friendships.userLowId} = ${userId} then ${friendships.userHighId} else ${friendships.userLowId} end`,
    )
    .where(or(eq(friendships.userLowId, userId), eq(friendships.userHighId, userId)))
    .orderBy(sql`lower(${users.name})`, asc(users.id));
}

/** A request from one user to another. */
interface RequestPair {
  db: DbOrTx;
  fromUserId: string;
  toUserId: string;
}
const requestOf = ({ fromUserId, toUserId }: RequestPair) =>
  and(eq(friendRequests.fromUserId, fromUserId), eq(friendRequests.toUserId, toUserId));

export async function findFriendRequest(pair: RequestPair) {
  const [row] = await pair.db.select().from(friendRequests).where(requestOf(pair));
  return row ?? null;
}

export async function insertFriendRequest({ db, fromUserId, toUserId }: RequestPair) {
  const [row] = await db.insert(friendRequests).values({ fromUserId, toUserId }).onConflictDoNothing().returning();
  return row ?? null;
}

/** Deletes the pending request from one user to the other; null when there was none. */
export async function deleteFriendRequest(pair: RequestPair) {
  const [row] = await pair.db.delete(friendRequests).where(requestOf(pair)).returning();
  return row ?? null;
}

/** The requests `userId` received, newest first, with their senders. */
export async function findReceivedRequests({ db, userId }: { db: DbOrTx; userId: string }) {
  return db
    .select({ id: friendRequests.id, createdAt: friendRequests.createdAt, sender: userSummaryColumns() })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.fromUserId))
    .where(eq(friendRequests.toUserId, userId))
    .orderBy(desc(friendRequests.createdAt), asc(friendRequests.id));
}
