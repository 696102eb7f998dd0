import type { DbOrTx } from '../../../db/client.js';
import { riotLobbies } from '../../../db/schema/index.js';

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
