// The pending replays' storage and the reads and writes a replay step makes (see replayRatingsChunk in
// replay.service.ts).
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { playerRatings, ratedResults, ratingHistory, ratingReplays, users } from '../../../db/schema/index.js';

export type RatingHistoryRow = typeof ratingHistory.$inferSelect;
export type RatingReplayRow = typeof ratingReplays.$inferSelect;

export type HistoryRewrite = Pick<
  RatingHistoryRow,
  'scrimId' | 'userId' | 'muBefore' | 'sigmaBefore' | 'muAfter' | 'sigmaAfter' | 'ratingBefore' | 'ratingAfter'
>;

/**
 * Rewrites the before and after of history rows (a replay after an earlier result changed) in one statement. The
 * rows come as arrays (eight parameters however many rows) and the match on the rows' scrims lets the planner
 * probe the primary key instead of hashing the whole season's history.
 */
export async function updateHistories({ db, rows }: { db: DbOrTx; rows: HistoryRewrite[] }) {
  if (rows.length === 0) return;
  const column = <T>(pick: (r: HistoryRewrite) => T) => sql.param(rows.map(pick));
  const scrimIds = [...new Set(rows.map((r) => r.scrimId))];
  await db.execute(sql`
    update ${ratingHistory} h set mu_before = v.mu_before, sigma_before = v.sigma_before, mu_after = v.mu_after,
      sigma_after = v.sigma_after, rating_before = v.rating_before, rating_after = v.rating_after
    from unnest(${column((r) => r.scrimId)}::uuid[], ${column((r) => r.userId)}::uuid[],
      ${column((r) => r.muBefore)}::float8[], ${column((r) => r.sigmaBefore)}::float8[],
      ${column((r) => r.muAfter)}::float8[], ${column((r) => r.sigmaAfter)}::float8[],
      ${column((r) => r.ratingBefore)}::int[], ${column((r) => r.ratingAfter)}::int[])
      as v(scrim_id, user_id, mu_before, sigma_before, mu_after, sigma_after, rating_before, rating_after)
    where h.scrim_id = any(${sql.param(scrimIds)}::uuid[]) and h.scrim_id = v.scrim_id and h.user_id = v.user_id`);
}

/**
 * Sets the replayed ratings of players already rated in the season (a player without a row is left out), with
 * the user's current region, in one statement.
 */
export async function updateReplayedRatings({
  db,
  seasonId,
  rows,
}: {
  db: DbOrTx;
  seasonId: number;
  rows: { userId: string; mu: number; sigma: number; rating: number }[];
}) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${playerRatings} p set mu = v.mu, sigma = v.sigma, rating = v.rating, region = u.region, updated_at = now()
    from unnest(${sql.param(rows.map((r) => r.userId))}::uuid[], ${sql.param(rows.map((r) => r.mu))}::float8[],
      ${sql.param(rows.map((r) => r.sigma))}::float8[], ${sql.param(rows.map((r) => r.rating))}::int[])
      as v(user_id, mu, sigma, rating)
    join ${users} u on u.id = v.user_id
    where p.season_id = ${seasonId} and p.user_id = v.user_id`);
}

export async function findReplay({ db, seasonId }: { db: DbOrTx; seasonId: number }) {
  const [row] = await db.select().from(ratingReplays).where(eq(ratingReplays.seasonId, seasonId));
  return row ?? null;
}

export async function saveReplay({ db, row }: { db: DbOrTx; row: RatingReplayRow }) {
  await db
    .insert(ratingReplays)
    .values(row)
    .onConflictDoUpdate({
      target: ratingReplays.seasonId,
      set: { cursorSeq: row.cursorSeq, seeds: row.seeds, players: row.players },
    });
}

export async function deleteReplay({ db, seasonId }: { db: DbOrTx; seasonId: number }) {
  await db.delete(ratingReplays).where(eq(ratingReplays.seasonId, seasonId));
}

/** The history rows of the first `games` rated results of a season from `seq` on (inclusive), in rating order. */
export function findHistoryChunk({
  db,
  seasonId,
  seq,
  games,
}: {
  db: DbOrTx;
  seasonId: number;
  seq: number;
  games: number;
}) {
  const results = db
    .select({ scrimId: ratedResults.scrimId })
    .from(ratedResults)
    .where(and(eq(ratedResults.seasonId, seasonId), gte(ratedResults.seq, seq)))
    .orderBy(asc(ratedResults.seq))
    .limit(games);
  // `= any(array(…))`: the chunk's scrims are probed in the primary key (`in (…)` hashes the whole history).
  return db
    .select()
    .from(ratingHistory)
    .where(sql`${ratingHistory.scrimId} = any(array(${results}))`)
    .orderBy(asc(ratingHistory.seq), asc(ratingHistory.team), asc(ratingHistory.role));
}

/** Each of `userIds`' rating after their last game of the season before `seq` (players without one are left out). */
export async function findStatesBefore({
  db,
  seasonId,
  userIds,
  seq,
}: {
  db: DbOrTx;
  seasonId: number;
  userIds: string[];
  seq: number;
}) {
  if (userIds.length === 0) return new Map<string, { mu: number; sigma: number }>();
  // One index probe per player (rating_history_user_idx, newest first), however long the season is.
  const result = await db.execute(sql`
    select u.id as user_id, h.mu_after as mu, h.sigma_after as sigma
    from unnest(${sql.param(userIds)}::uuid[]) as u(id)
    cross join lateral (
      select mu_after, sigma_after from ${ratingHistory}
      where user_id = u.id and season_id = ${seasonId} and seq < ${seq}
      order by seq desc limit 1
    ) h`);
  const { rows } = result as unknown as { rows: { user_id: string; mu: number; sigma: number }[] };
  return new Map(rows.map((r) => [r.user_id, { mu: Number(r.mu), sigma: Number(r.sigma) }]));
}

/** Each of `userIds`' games and wins in a season and their rating after the last one (players without games left out). */
export async function findSeasonTotals({ db, seasonId, userIds }: { db: DbOrTx; seasonId: number; userIds: string[] }) {
  if (userIds.length === 0) return new Map<string, { games: number; wins: number; mu: number; sigma: number }>();
  const rows = await db
    .select({
      userId: ratingHistory.userId,
      games: sql<number>`count(*)::int`,
      wins: sql<number>`(count(*) filter (where ${ratingHistory.won}))::int`,
      mu: sql<number>`(array_agg(${ratingHistory.muAfter} order by ${ratingHistory.seq} desc))[1]`,
      sigma: sql<number>`(array_agg(${ratingHistory.sigmaAfter} order by ${ratingHistory.seq} desc))[1]`,
    })
    .from(ratingHistory)
    .where(and(inArray(ratingHistory.userId, userIds), eq(ratingHistory.seasonId, seasonId)))
    .groupBy(ratingHistory.userId);
  return new Map(rows.map((r) => [r.userId, { ...r, mu: Number(r.mu), sigma: Number(r.sigma) }]));
}
