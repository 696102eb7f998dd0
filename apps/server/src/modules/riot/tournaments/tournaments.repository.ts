import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Region, TeamName } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import {
  riotProviders,
  riotTournaments,
  scrimParticipants,
  seriesGames,
  seriesLineups,
  users,
} from '../../../db/schema/index.js';

export interface PlayerAccount {
  userId: string;
  team: TeamName;
  name: string;
  summonerTagline: string;
  region: Region;
  riotPuuid: string | null;
  /** Set when the user linked the account through Riot Sign On: riotPuuid is then Riot's own answer. */
  riotLinkedAt: Date | null;
}

/** A user's Riot account data, as a tournament code and a result need it. */
const accountColumns = {
  userId: users.id,
  name: users.name,
  summonerTagline: users.summonerTagline,
  region: users.region,
  riotPuuid: users.riotPuuid,
  riotLinkedAt: users.riotLinkedAt,
};

/** The scrim's players (not casters) with the Riot account data a tournament code and a result need. */
export async function findPlayerAccounts({ db, scrimId }: { db: DbOrTx; scrimId: string }): Promise<PlayerAccount[]> {
  const rows = await db
    .select({ ...accountColumns, team: scrimParticipants.team })
    .from(scrimParticipants)
    .innerJoin(users, eq(users.id, scrimParticipants.userId))
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.kind, 'player')));
  return rows.filter((row): row is PlayerAccount => row.team !== null);
}

/**
 * A series game's lineup players who are not seated in it (the subs, and a starter benched since), on their team's
 * side of this game: a substitution after the code is made brings one of them in. Empty for any other scrim.
 */
export async function findBenchAccounts({ db, scrimId }: { db: DbOrTx; scrimId: string }): Promise<PlayerAccount[]> {
  return db
    .select({
      ...accountColumns,
      team: sql<TeamName>`CASE WHEN ${seriesLineups.teamId} = ${seriesGames.blueTeamId} THEN 'teamOne' ELSE 'teamTwo' END`,
    })
    .from(seriesGames)
    .innerJoin(seriesLineups, eq(seriesLineups.seriesId, seriesGames.seriesId))
    .innerJoin(users, eq(users.id, seriesLineups.userId))
    .where(
      and(
        eq(seriesGames.scrimId, scrimId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(scrimParticipants)
            .where(
              and(
                eq(scrimParticipants.scrimId, scrimId),
                eq(scrimParticipants.userId, seriesLineups.userId),
                eq(scrimParticipants.kind, 'player'),
              ),
            ),
        ),
      ),
    );
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
