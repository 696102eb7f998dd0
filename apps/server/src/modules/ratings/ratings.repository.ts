import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Region, Role, TeamName, UnratedReason } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  countedRankSql,
  playerRatings,
  ratedResults,
  ratingHistory,
  ratingReplays,
  scrimParticipants,
  scrims,
  seasons,
  users,
} from '../../db/schema/index.js';

export type SeasonRow = typeof seasons.$inferSelect;
export type PlayerRatingRow = typeof playerRatings.$inferSelect;
export type RatedResultRow = typeof ratedResults.$inferSelect;
export type RatingHistoryRow = typeof ratingHistory.$inferSelect;
export type NewRatingHistory = typeof ratingHistory.$inferInsert;
export type RatingReplayRow = typeof ratingReplays.$inferSelect;

/**
 * The current season's row, locked for the transaction (`SELECT … FOR UPDATE`): every rating write takes this
 * lock first, so writes from all instances run one at a time. A season ended while this waited is passed over
 * by the re-check of the locked row; the caller asks again and gets the new one.
 */
export async function lockCurrentSeason({ db }: { db: DbOrTx }): Promise<SeasonRow | null> {
  const [row] = await db.select().from(seasons).where(isNull(seasons.endedAt)).for('update');
  return row ?? null;
}

export async function findCurrentSeason({ db }: { db: DbOrTx }): Promise<SeasonRow | null> {
  const [row] = await db.select().from(seasons).where(isNull(seasons.endedAt));
  return row ?? null;
}

export async function findSeason({ db, id }: { db: DbOrTx; id: number }): Promise<SeasonRow | null> {
  const [row] = await db.select().from(seasons).where(eq(seasons.id, id));
  return row ?? null;
}

export function findSeasons({ db }: { db: DbOrTx }) {
  return db.select().from(seasons).orderBy(desc(seasons.id));
}

/** The season just before `seasonId` (the one a soft reset carried ratings over from), or null. */
export async function findPreviousSeasonId({ db, seasonId }: { db: DbOrTx; seasonId: number }) {
  const [row] = await db
    .select({ id: seasons.id })
    .from(seasons)
    .where(lt(seasons.id, seasonId))
    .orderBy(desc(seasons.id))
    .limit(1);
  return row?.id ?? null;
}

export async function endSeason({ db, id, at }: { db: DbOrTx; id: number; at: Date }) {
  await db.update(seasons).set({ endedAt: at }).where(eq(seasons.id, id));
}

export async function insertSeason({ db, name }: { db: DbOrTx; name: string }): Promise<SeasonRow> {
  const [row] = await db.insert(seasons).values({ name }).returning();
  return row!;
}

/** Every rating of a season (the soft reset carries them into the next). */
export function findSeasonRatings({ db, seasonId }: { db: DbOrTx; seasonId: number }) {
  return db.select().from(playerRatings).where(eq(playerRatings.seasonId, seasonId));
}

/**
 * What the rating of one scrim depends on: its result, whether it is private, and its players (casters are never
 * rated), each with whether their Riot account is verified; and the reason it was last left unrated.
 */
export interface ScrimForRating {
  scrimId: string;
  teamWon: TeamName | null;
  resultStatus: string | null;
  isPrivate: boolean;
  unratedReason: UnratedReason | null;
  players: { userId: string; team: TeamName; role: Role; rank: string; region: Region; verified: boolean }[];
}

export async function findScrimForRating({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [scrim] = await db
    .select({
      teamWon: scrims.teamWon,
      resultStatus: scrims.resultStatus,
      isPrivate: scrims.isPrivate,
      unratedReason: scrims.unratedReason,
    })
    .from(scrims)
    .where(eq(scrims.id, scrimId));
  if (!scrim) return null;
  const players = await db
    .select({
      userId: scrimParticipants.userId,
      team: scrimParticipants.team,
      role: scrimParticipants.role,
      rank: countedRankSql(),
      region: users.region,
      verified: sql<boolean>`${users.riotLinkedAt} is not null`,
    })
    .from(scrimParticipants)
    .innerJoin(users, eq(users.id, scrimParticipants.userId))
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.kind, 'player')))
    .orderBy(asc(scrimParticipants.team), asc(scrimParticipants.role));
  return {
    scrimId,
    teamWon: scrim.teamWon,
    resultStatus: scrim.resultStatus,
    isPrivate: scrim.isPrivate,
    unratedReason: scrim.unratedReason,
    players: players.map((p) => ({ ...p, team: p.team!, role: p.role! })),
  } satisfies ScrimForRating;
}

/** Records why the scrim's confirmed result moves no rating (null: rated, or no confirmed result). */
export async function updateUnratedReason({
  db,
  scrimId,
  reason,
}: {
  db: DbOrTx;
  scrimId: string;
  reason: UnratedReason | null;
}) {
  await db.update(scrims).set({ unratedReason: reason }).where(eq(scrims.id, scrimId));
}

export async function findRatedResult({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db.select().from(ratedResults).where(eq(ratedResults.scrimId, scrimId));
  return row ?? null;
}

export async function insertRatedResult({
  db,
  scrimId,
  seasonId,
  teamWon,
}: {
  db: DbOrTx;
  scrimId: string;
  seasonId: number;
  teamWon: TeamName;
}): Promise<RatedResultRow> {
  const [row] = await db.insert(ratedResults).values({ scrimId, seasonId, teamWon }).returning();
  return row!;
}

/** Removes a rated result; its history rows go with it (cascade). */
export async function deleteRatedResult({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await db.delete(ratedResults).where(eq(ratedResults.scrimId, scrimId));
}

/** The ratings of `userIds` in a season. */
export function findPlayerRatings({ db, seasonId, userIds }: { db: DbOrTx; seasonId: number; userIds: string[] }) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(playerRatings)
    .where(and(eq(playerRatings.seasonId, seasonId), inArray(playerRatings.userId, userIds)));
}

export async function findPlayerRating({ db, seasonId, userId }: { db: DbOrTx; seasonId: number; userId: string }) {
  const [row] = await findPlayerRatings({ db, seasonId, userIds: [userId] });
  return row ?? null;
}

export type PlayerRatingValues = Pick<
  PlayerRatingRow,
  'userId' | 'region' | 'mu' | 'sigma' | 'rating' | 'gamesRated' | 'wins'
>;

export async function upsertPlayerRatings({
  db,
  seasonId,
  rows,
}: {
  db: DbOrTx;
  seasonId: number;
  rows: PlayerRatingValues[];
}) {
  if (rows.length === 0) return;
  await db
    .insert(playerRatings)
    .values(rows.map((row) => ({ ...row, seasonId })))
    .onConflictDoUpdate({
      target: [playerRatings.seasonId, playerRatings.userId],
      set: {
        region: sql`excluded.region`,
        mu: sql`excluded.mu`,
        sigma: sql`excluded.sigma`,
        rating: sql`excluded.rating`,
        gamesRated: sql`excluded.games_rated`,
        wins: sql`excluded.wins`,
        updatedAt: sql`now()`,
      },
    });
}

export async function deletePlayerRatings({
  db,
  seasonId,
  userIds,
}: {
  db: DbOrTx;
  seasonId: number;
  userIds: string[];
}) {
  if (userIds.length === 0) return;
  await db
    .delete(playerRatings)
    .where(and(eq(playerRatings.seasonId, seasonId), inArray(playerRatings.userId, userIds)));
}

/** The regions of users (player_ratings keeps the user's region when last rated). */
export async function findUserRegions({ db, userIds }: { db: DbOrTx; userIds: string[] }) {
  if (userIds.length === 0) return new Map<string, Region>();
  const rows = await db.select({ id: users.id, region: users.region }).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((r) => [r.id, r.region]));
}

/** The rated results of a season after `seq`, in rating order. */
export function findRatedResultsAfter({ db, seasonId, seq }: { db: DbOrTx; seasonId: number; seq: number }) {
  return db
    .select()
    .from(ratedResults)
    .where(and(eq(ratedResults.seasonId, seasonId), gt(ratedResults.seq, seq)))
    .orderBy(asc(ratedResults.seq));
}

export async function insertHistory({ db, rows }: { db: DbOrTx; rows: NewRatingHistory[] }) {
  if (rows.length > 0) await db.insert(ratingHistory).values(rows);
}

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

/** A user's history in a season, in rating order (the profile's chart). */
/** A user's rating history in a season, oldest first; games of private scrims only when `includePrivate`. */
export function findUserHistory({
  db,
  seasonId,
  userId,
  includePrivate,
}: {
  db: DbOrTx;
  seasonId: number;
  userId: string;
  includePrivate: boolean;
}) {
  return db
    .select({
      scrimId: ratingHistory.scrimId,
      before: ratingHistory.ratingBefore,
      after: ratingHistory.ratingAfter,
      at: ratingHistory.at,
    })
    .from(ratingHistory)
    .innerJoin(scrims, eq(scrims.id, ratingHistory.scrimId))
    .where(
      and(
        eq(ratingHistory.userId, userId),
        eq(ratingHistory.seasonId, seasonId),
        includePrivate ? undefined : eq(scrims.isPrivate, false),
      ),
    )
    .orderBy(asc(ratingHistory.seq));
}

export async function findUserRank({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db.select({ rank: countedRankSql() }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

// --- Replays (see replayRatingsChunk in ratings.service.ts)

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

/** The ids of the seasons with a replay pending. */
export async function findReplaySeasons({ db }: { db: DbOrTx }) {
  return (await db.select({ seasonId: ratingReplays.seasonId }).from(ratingReplays)).map((r) => r.seasonId);
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

/** Each player's rating before and after a rated scrim (none when the scrim moved no rating). */
export function findScrimHistory({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  return db
    .select({ userId: ratingHistory.userId, before: ratingHistory.ratingBefore, after: ratingHistory.ratingAfter })
    .from(ratingHistory)
    .where(eq(ratingHistory.scrimId, scrimId));
}
