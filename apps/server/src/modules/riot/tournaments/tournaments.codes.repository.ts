import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { riotProviders, riotTournaments, riotTournamentSeries, scrims } from '../../../db/schema/index.js';

// Making a code: the region's provider and tournament (registered with Riot once, then stored), and the code.

/** The region's stored provider, or null. */
export async function findProvider({ db, region }: { db: DbOrTx; region: Region }) {
  const [row] = await db.select().from(riotProviders).where(eq(riotProviders.region, region));
  return row ?? null;
}

/** Stores the region's provider unless one is stored already (then null: the first stored one wins a race). */
export async function insertProvider({ db, values }: { db: DbOrTx; values: typeof riotProviders.$inferInsert }) {
  const [inserted] = await db.insert(riotProviders).values(values).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** The region's tournament of a season, or null. */
export async function findTournamentSeries({ db, region, season }: { db: DbOrTx; region: Region; season: string }) {
  const where = and(eq(riotTournamentSeries.region, region), eq(riotTournamentSeries.season, season));
  const [row] = await db.select().from(riotTournamentSeries).where(where);
  return row ?? null;
}

/** Stores the region's tournament of a season unless one is stored already (then null). */
export async function insertTournamentSeries({
  db,
  values,
}: {
  db: DbOrTx;
  values: typeof riotTournamentSeries.$inferInsert;
}) {
  const [inserted] = await db.insert(riotTournamentSeries).values(values).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** Why the scrim has no code: stored on its tournament row, created when there is none yet. */
export async function upsertTournamentError({
  db,
  scrimId,
  lastError,
}: {
  db: DbOrTx;
  scrimId: string;
  lastError: string;
}) {
  await db
    .insert(riotTournaments)
    .values({ scrimId, lastError })
    .onConflictDoUpdate({ target: riotTournaments.scrimId, set: { lastError, updatedAt: sql`now()` } });
}

/**
 * Stores the scrim's new code. Without `replace`, a code stored meanwhile (another run) is kept; with it
 * (regenerate), the new code replaces the old one.
 */
export async function storeTournamentCode({
  db,
  scrimId,
  values,
  replace,
}: {
  db: DbOrTx;
  scrimId: string;
  values: Omit<typeof riotTournaments.$inferInsert, 'scrimId'>;
  replace: boolean;
}) {
  await db
    .insert(riotTournaments)
    .values({ scrimId, ...values })
    .onConflictDoUpdate({
      target: riotTournaments.scrimId,
      set: values,
      ...(!replace && { setWhere: isNull(riotTournaments.tournamentCode) }),
    });
}

/**
 * A roster change of a scrim with a code: Riot's list must follow. The counter moves, so a job run that sent an
 * older roster never marks this one current. Returns the new counter, or null when the scrim has no code.
 */
export async function markParticipantsPending({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db
    .update(riotTournaments)
    .set({ participantsState: 'pending', participantsVersion: sql`${riotTournaments.participantsVersion} + 1` })
    .where(and(eq(riotTournaments.scrimId, scrimId), isNotNull(riotTournaments.tournamentCode)))
    .returning({ version: riotTournaments.participantsVersion });
  return row ?? null;
}

/**
 * What a participants job learned, written only while no roster change came after the one it sent (`version`):
 * Riot accepted the list ('current', with the roster and who cannot be on it), or refused it. Returns whether it
 * was written.
 */
export async function settleParticipants({
  db,
  scrimId,
  version,
  values,
}: {
  db: DbOrTx;
  scrimId: string;
  version: number;
  values: Pick<
    typeof riotTournaments.$inferInsert,
    'participantsState' | 'participantsRoster' | 'participantsCannotJoin' | 'participantsUpdatedAt'
  >;
}) {
  const rows = await db
    .update(riotTournaments)
    .set(values)
    .where(and(eq(riotTournaments.scrimId, scrimId), eq(riotTournaments.participantsVersion, version)))
    .returning({ scrimId: riotTournaments.scrimId });
  return rows.length > 0;
}

/** The live scrims whose code could not list `userId` (their PUUID was unknown when it was last sent). */
export async function findCodesWithout({ db, userId }: { db: DbOrTx; userId: string }) {
  return db
    .select({ scrimId: riotTournaments.scrimId })
    .from(riotTournaments)
    .innerJoin(scrims, eq(scrims.id, riotTournaments.scrimId))
    .where(
      and(
        isNotNull(riotTournaments.tournamentCode),
        sql`${userId}::uuid = ANY(${riotTournaments.participantsCannotJoin})`,
        isNull(scrims.teamWon),
        isNull(scrims.cancelledAt),
        isNull(scrims.abandonedAt),
      ),
    );
}
