import { and, desc, eq, gte, inArray, isNotNull, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REGIONS } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { auditLog, bans, countedRankSql, scrims, users } from '../../../db/schema/index.js';
import { userSummaryColumns } from '../../../db/user-summary.js';

/**
 * The dashboard's figures in a few aggregate queries, each at most one
 * scan of its table; the service runs them concurrently. Days and months are UTC.
 *
 * The instants they compare with (a week ago, today's midnight) come in as parameters: an expression such as
 * `date_trunc('day', now(), 'UTC')` in a filter is evaluated again for every row of a sequential scan, which made
 * the figures several times slower on 50,000 scrims.
 */

const count = sql<number>`count(*)::int`;
const countWhere = (condition: SQL | undefined) => sql<number>`(count(*) filter (where ${condition}))::int`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instants the figures are counted from: a week before `now`, and today's UTC midnight. */
export function dashboardInstants(now = new Date()) {
  const startOfToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { weekAgo: new Date(now.getTime() - 7 * DAY_MS), startOfToday };
}
export type DashboardInstants = ReturnType<typeof dashboardInstants>;

/** totalUsers, weeklyNewUsers, activeToday (last sign-in or session verify today). */
export async function countUsers({ db, at }: { db: DbOrTx; at: DashboardInstants }) {
  const [row] = await db
    .select({
      total: count,
      weekly: countWhere(gte(users.createdAt, at.weekAgo)),
      activeToday: countWhere(gte(users.lastActiveAt, at.startOfToday)),
    })
    .from(users);
  return row!;
}

/** New users per calendar month, oldest first (months without any are absent). */
export function countUsersByMonth({ db }: { db: DbOrTx }) {
  const month = sql`date_trunc('month', ${users.createdAt} at time zone 'UTC')`;
  return db
    .select({
      year: sql<number>`extract(year from ${month})::int`,
      month: sql<number>`extract(month from ${month})::int`,
      count,
    })
    .from(users)
    .groupBy(month)
    .orderBy(month);
}

/** Users per (region, first word of the rank): both distributions from one scan. */
export function countUsersByRegionAndTier({ db }: { db: DbOrTx }) {
  const tier = sql<string>`split_part(btrim(${countedRankSql()}), ' ', 1)`;
  return db.select({ region: users.region, tier, count }).from(users).groupBy(users.region, tier);
}

/**
 * totalScrims, weeklyNewScrims. Two counts rather than one scan with a FILTER: a plain count(*) never reads into
 * the rows, and the week's count is a range of the created_at index; together several times cheaper.
 */
export async function countScrims({ db, at }: { db: DbOrTx; at: DashboardInstants }) {
  const [[total], [weekly]] = await Promise.all([
    db.select({ n: count }).from(scrims),
    db.select({ n: count }).from(scrims).where(gte(scrims.createdAt, at.weekAgo)),
  ]);
  return { total: total!.n, weekly: weekly!.n };
}

/**
 * Scrims starting on each day (UTC, 'YYYY-MM-DD') from 6 days ago to today; days without any are absent. The
 * region condition is always true (every scrim has one of them) but lets the (region, game_start_time) index
 * serve the range: a few index pages instead of a scan of every scrim.
 */
export function countScrimsByDay({ db, at }: { db: DbOrTx; at: DashboardInstants }) {
  const day = sql<string>`to_char(${scrims.gameStartTime} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, scrims: count })
    .from(scrims)
    .where(
      and(
        inArray(scrims.region, [...REGIONS]),
        gte(scrims.gameStartTime, new Date(at.startOfToday.getTime() - 6 * DAY_MS)),
        lt(scrims.gameStartTime, new Date(at.startOfToday.getTime() + DAY_MS)),
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

/**
 * The newest scrims created, or (`completed`) the scrims with a winner by their last change: the winner is set by
 * the last change of a finished scrim.
 */
export function findNewestScrims({ db, limit, completed = false }: { db: DbOrTx; limit: number; completed?: boolean }) {
  return db
    .select({
      id: scrims.id,
      title: scrims.title,
      region: scrims.region,
      teamWon: scrims.teamWon,
      resultStatus: scrims.resultStatus,
      abandonedAt: scrims.abandonedAt,
      createdAt: scrims.createdAt,
      updatedAt: scrims.updatedAt,
      creatorName: creator.name,
      hostedBy: scrims.hostedBy,
    })
    .from(scrims)
    .leftJoin(creator, eq(creator.id, scrims.createdBy))
    .where(completed ? isNotNull(scrims.teamWon) : undefined)
    .orderBy(desc(completed ? scrims.updatedAt : scrims.createdAt))
    .limit(limit);
}

export function findNewestUsers({ db, limit }: { db: DbOrTx; limit: number }) {
  return db
    .select({ ...userSummaryColumns(), createdAt: users.createdAt })
    .from(users)
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

// The banned user's summary, its id as `userId` (`id` is the ban's).
const { id: bannedUserId, ...bannedUserSummary } = userSummaryColumns();
const bannedUserColumns = { userId: bannedUserId, ...bannedUserSummary };

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
      targetUserRank: countedRankSql(targetUser),
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
