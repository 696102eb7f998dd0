import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { riotLobbies, riotTournaments, scrims } from '../../../db/schema/index.js';

/** Stores the lobby guard's latest read of a scrim's Riot lobby (one row per scrim, replaced at each read). */
export async function storeRiotLobby({
  db,
  scrimId,
  checkedAt,
  inUserIds,
  unknown,
}: {
  db: DbOrTx;
  scrimId: string;
  checkedAt: Date;
  inUserIds: string[];
  unknown: number;
}) {
  await db
    .insert(riotLobbies)
    .values({ scrimId, checkedAt, inUserIds, unknown })
    .onConflictDoUpdate({ target: riotLobbies.scrimId, set: { checkedAt, inUserIds, unknown } });
}

/**
 * What one guard read needs of its scrim, in one light query (not the whole scrim_aggregate: 300 lobbies are 30
 * reads a second): its times and state, its code and the lobby stored last. Null when the scrim is gone.
 */
export async function findGuardedScrim({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db
    .select({
      scrim: {
        id: scrims.id,
        gameStartTime: scrims.gameStartTime,
        teamWon: scrims.teamWon,
        abandonedAt: scrims.abandonedAt,
        cancelledAt: scrims.cancelledAt,
      },
      code: riotTournaments.tournamentCode,
      lobby: { inUserIds: riotLobbies.inUserIds, unknown: riotLobbies.unknown },
    })
    .from(scrims)
    .leftJoin(riotTournaments, eq(riotTournaments.scrimId, scrims.id))
    .leftJoin(riotLobbies, eq(riotLobbies.scrimId, scrims.id))
    .where(eq(scrims.id, scrimId));
  return row ?? null;
}
