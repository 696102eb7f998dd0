import { and, asc, count, eq, gt, gte, inArray, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Region, ScrimPostStatus, ScrimRequestStatus, SeriesFormat } from '@scrim-gym/shared';
import type { DbOrTx, Transaction } from '../../db/client.js';
import { scrimPosts, scrimRequests, teams, users } from '../../db/schema/index.js';

export type ScrimPostRow = typeof scrimPosts.$inferSelect;
export type ScrimRequestRow = typeof scrimRequests.$inferSelect;

/** The unique indexes that decide the board's races: one open request per team and post, one series per post. */
export const ONE_OPEN_REQUEST_CONSTRAINT = 'scrim_requests_one_open_uq';
export const ONE_SERIES_PER_POST_CONSTRAINT = 'series_post_uq';

export async function insertPost({
  db,
  post,
}: {
  db: DbOrTx;
  post: Omit<typeof scrimPosts.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;
}): Promise<ScrimPostRow> {
  const [row] = await db.insert(scrimPosts).values(post).returning();
  return row!;
}

export async function findPost({ db, id }: { db: DbOrTx; id: string }): Promise<ScrimPostRow | null> {
  const [row] = await db.select().from(scrimPosts).where(eq(scrimPosts.id, id));
  return row ?? null;
}

/**
 * The post's row, locked for the rest of the transaction: every change of a post and of its requests (ask,
 * withdraw, accept, decline, take down) takes this lock first, so they happen one at a time, on every instance.
 */
export async function lockPost({ tx, id }: { tx: Transaction; id: string }): Promise<ScrimPostRow | null> {
  const [row] = await tx.select().from(scrimPosts).where(eq(scrimPosts.id, id)).for('update');
  return row ?? null;
}

/**
 * Holds these teams' rows (FOR KEY SHARE, the lock a foreign key to them takes, in id order): a team's deletion
 * locks its row and then, by cascade, its posts, so taking the teams before the post makes the two run one after
 * the other instead of waiting on each other.
 */
export async function holdTeams({ tx, ids }: { tx: Transaction; ids: string[] }) {
  await tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, ids)).orderBy(asc(teams.id)).for('key share');
}

/**
 * Locks the team's and the captain's rows against each other's announced posts (FOR NO KEY UPDATE: the board's other
 * writers hold teams FOR KEY SHARE, which it does not block), so that two posts at once count each other.
 */
export async function lockAnnouncers({ tx, teamId, userId }: { tx: Transaction; teamId: string; userId: string }) {
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * The announced posts that count against a new one: the team's open ones not started yet, and those of the team or
 * of the captain created since `since`, whatever became of them.
 */
export async function countAnnouncedPosts({
  db,
  teamId,
  userId,
  since,
  now,
}: {
  db: DbOrTx;
  teamId: string;
  userId: string;
  since: Date;
  now: Date;
}) {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${scrimPosts.teamId} = ${teamId} and ${scrimPosts.status} = 'open' and ${scrimPosts.startsAt} > ${now})`.mapWith(
        Number,
      ),
      recent: sql<number>`count(*) filter (where ${scrimPosts.createdAt} >= ${since})`.mapWith(Number),
    })
    .from(scrimPosts)
    .where(and(eq(scrimPosts.announce, true), or(eq(scrimPosts.teamId, teamId), eq(scrimPosts.createdBy, userId))));
  return { open: row?.open ?? 0, recent: row?.recent ?? 0 };
}

export async function setPostStatus({ db, id, status }: { db: DbOrTx; id: string; status: ScrimPostStatus }) {
  await db
    .update(scrimPosts)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(scrimPosts.id, id));
}

export async function insertRequest({
  db,
  request,
}: {
  db: DbOrTx;
  request: { postId: string; teamId: string; note: string | null; createdBy: string };
}): Promise<ScrimRequestRow> {
  const [row] = await db.insert(scrimRequests).values(request).returning();
  return row!;
}

export async function findRequest({ db, id }: { db: DbOrTx; id: string }): Promise<ScrimRequestRow | null> {
  const [row] = await db.select().from(scrimRequests).where(eq(scrimRequests.id, id));
  return row ?? null;
}

/** A request's row, locked (after its post's: the one order every writer takes them in). */
export async function lockRequest({ tx, id }: { tx: Transaction; id: string }): Promise<ScrimRequestRow | null> {
  const [row] = await tx.select().from(scrimRequests).where(eq(scrimRequests.id, id)).for('update');
  return row ?? null;
}

export async function setRequestStatus({
  db,
  id,
  status,
}: {
  db: DbOrTx;
  id: string;
  status: ScrimRequestStatus;
}): Promise<ScrimRequestRow> {
  const [row] = await db
    .update(scrimRequests)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(scrimRequests.id, id))
    .returning();
  return row!;
}

/** Declines every open request of the post (but `exceptId`): the teams that asked, for their captains' notice. */
export async function declineOpenRequests({
  db,
  postId,
  exceptId = null,
}: {
  db: DbOrTx;
  postId: string;
  exceptId?: string | null;
}): Promise<string[]> {
  const rows = await db
    .update(scrimRequests)
    .set({ status: 'declined', updatedAt: sql`now()` })
    .where(
      and(
        eq(scrimRequests.postId, postId),
        eq(scrimRequests.status, 'open'),
        exceptId ? ne(scrimRequests.id, exceptId) : undefined,
      ),
    )
    .returning({ teamId: scrimRequests.teamId });
  return rows.map((row) => row.teamId);
}

/** The post's requests, oldest first. */
export function findRequestsOfPost({ db, postId }: { db: DbOrTx; postId: string }) {
  return db
    .select()
    .from(scrimRequests)
    .where(eq(scrimRequests.postId, postId))
    .orderBy(asc(scrimRequests.createdAt), asc(scrimRequests.id));
}

/** How many open requests each post of `postIds` has (posts without any are absent). */
export async function countOpenRequests({ db, postIds }: { db: DbOrTx; postIds: readonly string[] }) {
  if (postIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ postId: scrimRequests.postId, n: count() })
    .from(scrimRequests)
    .where(and(inArray(scrimRequests.postId, [...postIds]), eq(scrimRequests.status, 'open')))
    .groupBy(scrimRequests.postId);
  return new Map(rows.map((row) => [row.postId, row.n]));
}

/** What the board is filtered by: rank bounds as ladder steps; `from` is never before now. */
export interface BoardFilters {
  region: Region | null;
  from: Date;
  to: Date | null;
  format: SeriesFormat | null;
  rankMin: number | null;
  rankMax: number | null;
}

/** Where a page starts: after this post in (starts_at, id) order. */
export interface BoardPosition {
  startsAt: Date;
  id: string;
}

/**
 * A page of open posts in (starts_at, id) order, through the partial board indexes: the posts of `teamIds` only
 * (`mine`), or those of every other team. A post's wanted ranks meet [rankMin, rankMax] when the two ranges
 * overlap; a missing bound on either side is open.
 */
export function findBoardPage({
  db,
  filters,
  teamIds,
  mine,
  after,
  limit,
}: {
  db: DbOrTx;
  filters: BoardFilters;
  teamIds: readonly string[];
  mine: boolean;
  after: BoardPosition | null;
  limit: number;
}): Promise<ScrimPostRow[]> {
  const { region, from, to, format, rankMin, rankMax } = filters;
  const where: (SQL | undefined)[] = [
    eq(scrimPosts.status, 'open'),
    region ? eq(scrimPosts.region, region) : undefined,
    mine ? inArray(scrimPosts.teamId, [...teamIds]) : undefined,
    !mine && teamIds.length > 0 ? notInArray(scrimPosts.teamId, [...teamIds]) : undefined,
    gte(scrimPosts.startsAt, from),
    to ? lte(scrimPosts.startsAt, to) : undefined,
    format ? eq(scrimPosts.format, format) : undefined,
    rankMax !== null ? sql`coalesce(${scrimPosts.rankMin}, 0) <= ${rankMax}` : undefined,
    rankMin !== null ? sql`coalesce(${scrimPosts.rankMax}, 32767) >= ${rankMin}` : undefined,
    after
      ? or(
          gt(scrimPosts.startsAt, after.startsAt),
          and(eq(scrimPosts.startsAt, after.startsAt), gt(scrimPosts.id, after.id)),
        )
      : undefined,
  ];
  return db
    .select()
    .from(scrimPosts)
    .where(and(...where))
    .orderBy(asc(scrimPosts.startsAt), asc(scrimPosts.id))
    .limit(limit);
}
