import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { countedRankSql, playerRatings, ratingHistory, scrims, users } from '../../../db/schema/index.js';

export type PlayerRatingRow = typeof playerRatings.$inferSelect;

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
