import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pushSubscriptions, serverSecrets, sessions } from '../../db/schema/index.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a browser's subscription for `userId`, made in the session `sessionTokenHash`; an endpoint already
 * stored (the same browser, signed in as someone else before, or keys renewed) now belongs to this user and
 * session with these keys.
 */
export async function upsertSubscription({
  db,
  userId,
  sessionTokenHash,
  endpoint,
  p256dh,
  auth,
}: {
  db: DbOrTx;
  userId: string;
  sessionTokenHash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, sessionTokenHash, endpoint, p256dh, auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, sessionTokenHash, p256dh, auth, createdAt: sql`now()`, lastSuccessAt: null },
    });
}

/** A subscription counts while its session is still signed in (an expired session's row may linger). */
const signedIn = sql`exists (select 1 from ${sessions} where ${sessions.tokenHash} = ${pushSubscriptions.sessionTokenHash} and ${sessions.expiresAt} > now())`;

/** Keeps the user's `keep` newest subscriptions and deletes the others. */
export async function trimUserSubscriptions({ db, userId, keep }: { db: DbOrTx; userId: string; keep: number }) {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** Deletes `userId`'s subscription with this endpoint (someone else's is left alone). */
export async function deleteUserSubscription({
  db,
  userId,
  endpoint,
}: {
  db: DbOrTx;
  userId: string;
  endpoint: string;
}) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Which of `userIds` have at least one subscription of a session still signed in. */
export async function usersWithSubscriptions({ db, userIds }: { db: DbOrTx; userIds: string[] }): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(and(inArray(pushSubscriptions.userId, userIds), signedIn));
  return rows.map((r) => r.userId);
}

/** The subscriptions of `userIds` whose sessions are still signed in: where their pushes go. */
export function findSubscriptionsOf({ db, userIds }: { db: DbOrTx; userIds: string[] }) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(inArray(pushSubscriptions.userId, userIds), signedIn));
}

/** The push service said the subscription is gone (404/410): this row goes, unless it was renewed meanwhile. */
export async function deleteStaleSubscription({ db, subscription }: { db: DbOrTx; subscription: PushSubscriptionRow }) {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.id, subscription.id),
        eq(pushSubscriptions.endpoint, subscription.endpoint),
        eq(pushSubscriptions.p256dh, subscription.p256dh),
      ),
    );
}

export async function markDelivered({ db, id }: { db: DbOrTx; id: string }) {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

/**
 * The server secret `name`: `generate()`'s value stored by whoever comes first (insert … on conflict do
 * nothing), then read back, so instances starting together all end up with the same one.
 */
export async function secretOnce({ db, name, generate }: { db: DbOrTx; name: string; generate: () => string }) {
  const [existing] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (existing) return existing.value;
  await db.insert(serverSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [stored] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return stored!.value;
}
