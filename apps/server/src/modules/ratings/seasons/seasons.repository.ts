import { desc, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { playerRatings, seasons } from '../../../db/schema/index.js';

export type SeasonRow = typeof seasons.$inferSelect;

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
