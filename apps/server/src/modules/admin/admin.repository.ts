import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { bans, users } from '../../db/schema/index.js';
import type { BanRow } from '../auth/index.js';

/**
 * The user row, locked for the rest of the transaction: bans and unbans of one user run one at a time, so two
 * admins banning the same player at once cannot both create a ban.
 */
export async function lockUser({ db, id }: { db: DbOrTx; id: string }) {
  const [user] = await db
    .select({ id: users.id, isAdmin: users.isAdmin, name: users.name })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return user ?? null;
}

/** The user's bans still flagged active (in force, upcoming, or expired but not lifted). */
export function findFlaggedBans({ db, userId }: { db: DbOrTx; userId: string }) {
  return db
    .select()
    .from(bans)
    .where(and(eq(bans.userId, userId), eq(bans.isActive, true)));
}

export async function insertBan({ db, ban }: { db: DbOrTx; ban: typeof bans.$inferInsert }): Promise<BanRow> {
  const [row] = await db.insert(bans).values(ban).returning();
  return row!;
}

export async function findBanById({ db, id }: { db: DbOrTx; id: string }): Promise<BanRow | null> {
  const [row] = await db.select().from(bans).where(eq(bans.id, id));
  return row ?? null;
}

const lift = (liftedBy: string | null) => ({ isActive: false, liftedAt: sql`now()`, liftedBy });
const isExpired = sql`${bans.dateTo} <= now()`;

/** Lifts every flagged ban of a user (unban). Returns the lifted bans. */
export function liftBansOfUser({ db, userId, liftedBy }: { db: DbOrTx; userId: string; liftedBy: string }) {
  return db
    .update(bans)
    .set(lift(liftedBy))
    .where(and(eq(bans.userId, userId), eq(bans.isActive, true)))
    .returning();
}

/**
 * Lifts the expired bans that are still flagged active: all of them, or one user's, or one ban. The condition
 * is re-checked by the UPDATE itself, so of two concurrent lifts of one ban exactly one gets it back.
 */
export function liftExpiredBans({
  db,
  liftedBy = null,
  userId,
  banId,
}: {
  db: DbOrTx;
  liftedBy?: string | null;
  userId?: string;
  banId?: string;
}) {
  return db
    .update(bans)
    .set(lift(liftedBy))
    .where(
      and(
        eq(bans.isActive, true),
        isExpired,
        userId ? eq(bans.userId, userId) : undefined,
        banId ? eq(bans.id, banId) : undefined,
      ),
    )
    .returning();
}

const bannedUser = alias(users, 'banned_user');
const banningAdmin = alias(users, 'banning_admin');

/** Every ban with its user and the admin who banned, newest first: the ban an admin just made is on page one. */
export function findBanHistory({ db }: { db: DbOrTx }) {
  return db
    .select({
      ban: bans,
      user: {
        id: bannedUser.id,
        name: bannedUser.name,
        summonerTagline: bannedUser.summonerTagline,
        region: bannedUser.region,
      },
      bannedBy: {
        id: banningAdmin.id,
        name: banningAdmin.name,
        summonerTagline: banningAdmin.summonerTagline,
        region: banningAdmin.region,
      },
      expired: sql<boolean>`${isExpired}`,
    })
    .from(bans)
    .innerJoin(bannedUser, eq(bannedUser.id, bans.userId))
    .leftJoin(banningAdmin, eq(banningAdmin.id, bans.bannedBy))
    .orderBy(desc(bans.createdAt), desc(bans.id));
}
export type BanHistoryRow = Awaited<ReturnType<typeof findBanHistory>>[number];

/** The ban, when it is in force now: flagged active, started, not yet over (the ban start job). */
export async function findBanInForce({ db, banId }: { db: DbOrTx; banId: string }): Promise<BanRow | null> {
  const [row] = await db
    .select()
    .from(bans)
    .where(
      and(eq(bans.id, banId), eq(bans.isActive, true), lte(bans.dateFrom, sql`now()`), sql`${bans.dateTo} > now()`),
    );
  return row ?? null;
}
