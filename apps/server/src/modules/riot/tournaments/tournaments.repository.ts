import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Region, TeamName } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import {
  riotProviders,
  riotTournaments,
  riotTournamentSeries,
  scrimParticipants,
  users,
} from '../../../db/schema/index.js';

export interface PlayerAccount {
  userId: string;
  team: TeamName;
  name: string;
  summonerTagline: string;
  region: Region;
  riotPuuid: string | null;
}

/** The scrim's players (not casters) with the Riot account data a tournament code and a result need. */
export async function findPlayerAccounts({ db, scrimId }: { db: DbOrTx; scrimId: string }): Promise<PlayerAccount[]> {
  const rows = await db
    .select({
      userId: users.id,
      team: scrimParticipants.team,
      name: users.name,
      summonerTagline: users.summonerTagline,
      region: users.region,
      riotPuuid: users.riotPuuid,
    })
    .from(scrimParticipants)
    .innerJoin(users, eq(users.id, scrimParticipants.userId))
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.kind, 'player')));
  return rows.filter((row): row is PlayerAccount => row.team !== null);
}

/** Stores what account-v1 answered for each player (null: Riot knows no account with that Riot ID). */
export async function storePuuids({ db, puuids }: { db: DbOrTx; puuids: Map<string, string | null> }) {
  for (const [userId, riotPuuid] of puuids) {
    await db.update(users).set({ riotPuuid }).where(eq(users.id, userId));
  }
}

/** Every provider's callback secret, to compare in constant time (one row per region). */
export function findProviderSecrets({ db }: { db: DbOrTx }) {
  return db
    .select({
      region: riotProviders.region,
      providerId: riotProviders.providerId,
      secret: riotProviders.callbackSecret,
    })
    .from(riotProviders);
}

export async function findTournamentByCode({ db, code }: { db: DbOrTx; code: string }) {
  const [row] = await db.select().from(riotTournaments).where(eq(riotTournaments.tournamentCode, code));
  return row ?? null;
}

export async function recordTournamentError({
  db,
  scrimId,
  lastError,
}: {
  db: DbOrTx;
  scrimId: string;
  lastError: string | null;
}) {
  await db
    .update(riotTournaments)
    .set({ lastError, updatedAt: new Date() })
    .where(eq(riotTournaments.scrimId, scrimId));
}

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
