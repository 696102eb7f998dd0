import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Region, RolePreference } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { playerRatings, ratingHistory, seasons, users } from '../../db/schema/index.js';
import { userSummaryColumns, type UserSummaryRow } from '../../db/user-summary.js';

/** Where a row sits on a board: rating descending, then user id ascending (the two board indexes' order). */
export interface BoardPosition {
  rating: number;
  userId: string;
}

/**
 * Which board: a season's, of every region or of one (the region a player was last rated in); of verified
 * accounts only when Riot Sign On is configured (see ratingRulesFor).
 */
export interface Board {
  seasonId: number;
  region: Region | null;
  verifiedOnly: boolean;
}

export interface BoardRow extends BoardPosition {
  user: UserSummaryRow;
  verified: boolean;
  gamesRated: number;
  wins: number;
  mainRole: RolePreference;
}

/** A season by id, or the current one (endedAt null) without an id; null when there is no such season. */
export async function findSeason({ db, id }: { db: DbOrTx; id: number | null }) {
  const [row] = await db
    .select({ id: seasons.id })
    .from(seasons)
    .where(id === null ? isNull(seasons.endedAt) : eq(seasons.id, id));
  return row ?? null;
}

/**
 * The rows of a board: rated in the season (and region), not deleted (and verified, on a verified board). A
 * deleted account's row stays in the table (its games rated others) but leaves the board; a banned player stays
 * on it.
 */
const onBoard = ({ seasonId, region, verifiedOnly }: Board, ...more: (SQL | undefined)[]) =>
  and(
    eq(playerRatings.seasonId, seasonId),
    region ? eq(playerRatings.region, region) : undefined,
    isNull(users.deletedAt),
    verifiedOnly ? isNotNull(users.riotLinkedAt) : undefined,
    ...more,
  );

/** `desc nulls last`, as the board indexes are built: a bare `desc` (nulls first) could not read them in order. */
const boardOrder = sql`${playerRatings.rating} desc nulls last`;

/** Rows after `position` in board order (keyset; the index reads from `rating <= position.rating`). */
const after = ({ rating, userId }: BoardPosition) =>
  sql`${playerRatings.rating} <= ${rating} and (${playerRatings.rating} < ${rating} or ${playerRatings.userId} > ${userId}::uuid)`;

/** Rows before `position` in board order, and the row at it when `through` (the index reads from the top). */
const upTo = ({ rating, userId }: BoardPosition, through: boolean) =>
  sql`${playerRatings.rating} >= ${rating} and (${playerRatings.rating} > ${rating} or ${playerRatings.userId} ${sql.raw(through ? '<=' : '<')} ${userId}::uuid)`;

/**
 * The role the player played most in the season's rated games (ties: the earlier of Top, Jungle, Mid, ADC,
 * Support), else their primary role setting. Reads rating_history through its (user, season, seq) index.
 */
const mainRole = sql<RolePreference>`coalesce((
  select ${ratingHistory.role}::text from ${ratingHistory}
  where ${ratingHistory.userId} = ${playerRatings.userId} and ${ratingHistory.seasonId} = ${playerRatings.seasonId}
  group by ${ratingHistory.role} order by count(*) desc, ${ratingHistory.role} limit 1
), ${users.primaryRole}::text)`;

const boardColumns = {
  userId: playerRatings.userId,
  rating: playerRatings.rating,
  gamesRated: playerRatings.gamesRated,
  wins: playerRatings.wins,
  verified: sql<boolean>`${users.riotLinkedAt} is not null`,
  mainRole,
  user: userSummaryColumns(),
};

/** Up to `limit` rows of the board from the top, or after `from`. */
export function findBoardPage({
  db,
  board,
  from,
  limit,
}: {
  db: DbOrTx;
  board: Board;
  from: BoardPosition | null;
  limit: number;
}): Promise<BoardRow[]> {
  return db
    .select(boardColumns)
    .from(playerRatings)
    .innerJoin(users, eq(users.id, playerRatings.userId))
    .where(onBoard(board, from ? after(from) : undefined))
    .orderBy(boardOrder, asc(playerRatings.userId))
    .limit(limit);
}

/** One user's row on the board, or null when they are not on it. */
export async function findBoardRow({
  db,
  board,
  userId,
}: {
  db: DbOrTx;
  board: Board;
  userId: string;
}): Promise<BoardRow | null> {
  const [row] = await db
    .select(boardColumns)
    .from(playerRatings)
    .innerJoin(users, eq(users.id, playerRatings.userId))
    .where(onBoard(board, eq(playerRatings.userId, userId)));
  return row ?? null;
}

/**
 * How many rows of the board come before `position` (a row's rank is that + 1), or up to it and including it
 * when `through` (the rank of a cursor's last row, which need not exist any more). Two counts: the board index's
 * range alone (an index-only scan, no join), less the deleted accounts in it (found through their partial index,
 * users_deleted_idx: a handful of rows), instead of joining every row of the range to users.
 */
export async function countBefore({
  db,
  board,
  position,
  through = false,
}: {
  db: DbOrTx;
  board: Board;
  position: BoardPosition;
  through?: boolean;
}): Promise<number> {
  const range = and(
    eq(playerRatings.seasonId, board.seasonId),
    board.region ? eq(playerRatings.region, board.region) : undefined,
    upTo(position, through),
  );
  const count = sql<number>`count(*)::int`;
  // A verified board leaves out every unverified account: one join, counted on the board's own condition.
  if (board.verifiedOnly) {
    const [row] = await db
      .select({ count })
      .from(playerRatings)
      .innerJoin(users, eq(users.id, playerRatings.userId))
      .where(onBoard(board, upTo(position, through)));
    return Number(row?.count ?? 0);
  }
  const [[all], [deleted]] = await Promise.all([
    db.select({ count }).from(playerRatings).where(range),
    db
      .select({ count })
      .from(users)
      .innerJoin(playerRatings, and(eq(playerRatings.userId, users.id), range))
      .where(isNotNull(users.deletedAt)),
  ]);
  return Number(all?.count ?? 0) - Number(deleted?.count ?? 0);
}

/** Whether the user exists (deleted accounts included: their rows stay). */
export async function userExists({ db, id }: { db: DbOrTx; id: string }) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

/** The user's rated games and wins per role in the season (roles never played are absent). */
export function countRoles({ db, userId, seasonId }: { db: DbOrTx; userId: string; seasonId: number }) {
  return db
    .select({
      role: ratingHistory.role,
      games: sql<number>`count(*)::int`,
      wins: sql<number>`(count(*) filter (where ${ratingHistory.won}))::int`,
    })
    .from(ratingHistory)
    .where(and(eq(ratingHistory.userId, userId), eq(ratingHistory.seasonId, seasonId)))
    .groupBy(ratingHistory.role);
}
