import { and, desc, eq, gte, isNotNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, bans, scrims, users } from '../../db/schema/index.js';

/**
 * The dashboard's figures (reference facts, Admin dashboard figures) in six aggregate queries, each one scan
 * of its table at most; the service runs them concurrently. Days and months are UTC.
 */

const count = sql<number>`count(*)::int`;
const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
const startOfTodayUtc = sql`date_trunc('day', now(), 'UTC')`;
const lastSevenDays = (column: AnyPgColumn) => sql`${column} >= now() - interval '7 days'`;

/** totalUsers, weeklyNewUsers, activeToday (last sign-in or session verify today). */
export async function countUsers({ db }: { db: DbOrTx }) {
  const [row] = await db
    .select({
      total: count,
      weekly: countWhere(lastSevenDays(users.createdAt)),
      activeToday: countWhere(sql`${users.lastActiveAt} >= ${startOfTodayUtc}`),
    })
    .from(users);
  return row!;
}

/** New users per calendar month, oldest first (months without any are absent). */
export function countUsersByMonth({ db }: { db: DbOrTx }) {
  const year = sql<number>`extract(year from ${users.createdAt} at time zone 'UTC')::int`;
  const month = sql<number>`extract(month from ${users.createdAt} at time zone 'UTC')::int`;
  return db.select({ year, month, count }).from(users).groupBy(year, month).orderBy(year, month);
}

/** Users per (region, first word of the rank): both distributions from one scan. */
export function countUsersByRegionAndTier({ db }: { db: DbOrTx }) {
  const tier = sql<string>`split_part(btrim(${users.rank}), ' ', 1)`;
  return db.select({ region: users.region, tier, count }).from(users).groupBy(users.region, tier);
}

/** totalScrims, weeklyNewScrims (created in the last 7 days). */
export async function countScrims({ db }: { db: DbOrTx }) {
  const [row] = await db.select({ total: count, weekly: countWhere(lastSevenDays(scrims.createdAt)) }).from(scrims);
  return row!;
}

/** Scrims starting on each day (UTC, 'YYYY-MM-DD') from 6 days ago to today; days without any are absent. */
export function countScrimsByDay({ db }: { db: DbOrTx }) {
  const day = sql<string>`to_char(${scrims.gameStartTime} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, scrims: count })
    .from(scrims)
    .where(
      and(
        gte(scrims.gameStartTime, sql`${startOfTodayUtc} - interval '6 days'`),
        lt(scrims.gameStartTime, sql`${startOfTodayUtc} + interval '1 day'`),
      ),
    )
    .groupBy(day);
}

/** activeBans, expiredBans (flagged active, dateTo passed), totalBannedUsers (ever banned), totalBans. */
export async function countBans({ db }: { db: DbOrTx }) {
  const [row] = await db
    .select({
      activeBans: countWhere(sql`${bans.isActive} and ${bans.dateTo} > now()`),
      expiredBans: countWhere(sql`${bans.isActive} and ${bans.dateTo} <= now()`),
      totalBannedUsers: sql<number>`count(distinct ${bans.userId})::int`,
      totalBans: count,
    })
    .from(bans);
  return row!;
}

// --- Recent activity: the newest rows of each kind; the service merges them by time.

const creator = alias(users, 'creator');

export function findNewestScrims({ db, limit }: { db: DbOrTx; limit: number }) {
  return db
    .select({
      id: scrims.id,
      title: scrims.title,
      region: scrims.region,
      teamWon: scrims.teamWon,
      createdAt: scrims.createdAt,
      creatorName: creator.name,
    })
    .from(scrims)
    .leftJoin(creator, eq(creator.id, scrims.createdBy))
    .orderBy(desc(scrims.createdAt))
    .limit(limit);
}

/** Scrims with a winner, by their last change (the winner is set by the last change of a finished scrim). */
export function findNewestCompletedScrims({ db, limit }: { db: DbOrTx; limit: number }) {
  return db
    .select({
      id: scrims.id,
      title: scrims.title,
      region: scrims.region,
      teamWon: scrims.teamWon,
      updatedAt: scrims.updatedAt,
      creatorName: creator.name,
    })
    .from(scrims)
    .leftJoin(creator, eq(creator.id, scrims.createdBy))
    .where(isNotNull(scrims.teamWon))
    .orderBy(desc(scrims.updatedAt))
    .limit(limit);
}

export function findNewestUsers({ db, limit }: { db: DbOrTx; limit: number }) {
  return db
    .select({
      id: users.id,
      name: users.name,
      summonerTagline: users.summonerTagline,
      region: users.region,
      rank: users.rank,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

const bannedUserColumns = {
  userId: users.id,
  name: users.name,
  summonerTagline: users.summonerTagline,
  region: users.region,
  rank: users.rank,
};

export function findNewestBans({ db, limit }: { db: DbOrTx; limit: number }) {
  return db
    .select({ id: bans.id, reason: bans.reason, dateTo: bans.dateTo, at: bans.createdAt, ...bannedUserColumns })
    .from(bans)
    .innerJoin(users, eq(users.id, bans.userId))
    .orderBy(desc(bans.createdAt))
    .limit(limit);
}

export function findNewestLifts({ db, limit }: { db: DbOrTx; limit: number }) {
  return db
    .select({
      id: bans.id,
      reason: bans.reason,
      liftedBy: bans.liftedBy,
      at: sql<Date>`${bans.liftedAt}`.mapWith(bans.liftedAt),
      ...bannedUserColumns,
    })
    .from(bans)
    .innerJoin(users, eq(users.id, bans.userId))
    .where(isNotNull(bans.liftedAt))
    .orderBy(desc(bans.liftedAt))
    .limit(limit);
}

const actor = alias(users, 'actor');
const targetUser = alias(users, 'target_user');

/** Admin actions other than bans (those come from the bans table), with the names they concern. */
export function findNewestAuditEntries({
  db,
  limit,
  excludeActions,
}: {
  db: DbOrTx;
  limit: number;
  excludeActions: readonly string[];
}) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      details: auditLog.details,
      at: auditLog.createdAt,
      actorName: actor.name,
      targetUserId: targetUser.id,
      targetUserName: targetUser.name,
      targetUserTagline: targetUser.summonerTagline,
      targetUserRegion: targetUser.region,
      targetUserRank: targetUser.rank,
      scrimId: scrims.id,
      scrimTitle: scrims.title,
      scrimRegion: scrims.region,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(targetUser, eq(targetUser.id, auditLog.targetUserId))
    .leftJoin(scrims, eq(scrims.id, auditLog.targetScrimId))
    .where(excludeActions.length ? notInArray(auditLog.action, [...excludeActions]) : undefined)
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}
