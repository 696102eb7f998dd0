import { and, eq, gt, or } from 'drizzle-orm';
import type { Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { riotNameReservations } from '../../db/schema/index.js';

/** A name's two keys, as the users' name indexes compare names: the look-alike key and the normalised name. */
export interface NameKeys {
  nameSkeleton: string;
  nameKey: string;
}

/**
 * The Riot accounts (PUUIDs) a name is reserved for in the region at `now` (a name may meet one reservation by
 * its look-alike key and another by its normalised form); empty when it is free.
 */
export async function findNameReservations({
  db,
  keys,
  region,
  now,
}: {
  db: DbOrTx;
  keys: NameKeys;
  region: Region;
  now: Date;
}) {
  const rows = await db
    .select({ riotPuuid: riotNameReservations.riotPuuid })
    .from(riotNameReservations)
    .where(
      and(
        or(eq(riotNameReservations.nameSkeleton, keys.nameSkeleton), eq(riotNameReservations.nameKey, keys.nameKey)),
        eq(riotNameReservations.region, region),
        gt(riotNameReservations.until, now),
      ),
    );
  return rows.map((row) => row.riotPuuid);
}

/** Reserves the name key for the Riot account until `until`, replacing an older reservation of the key. */
export async function upsertNameReservation({
  db,
  keys,
  region,
  riotPuuid,
  until,
}: {
  db: DbOrTx;
  keys: NameKeys;
  region: Region;
  riotPuuid: string;
  until: Date;
}) {
  await db
    .insert(riotNameReservations)
    .values({ ...keys, region, riotPuuid, until })
    .onConflictDoUpdate({
      target: [riotNameReservations.nameSkeleton, riotNameReservations.region],
      set: { nameKey: keys.nameKey, riotPuuid, until },
    });
}

/** The Riot account's reservations end: its owner linked again and holds the name as a verified account. */
export async function deleteNameReservations({ db, riotPuuid }: { db: DbOrTx; riotPuuid: string }) {
  await db.delete(riotNameReservations).where(eq(riotNameReservations.riotPuuid, riotPuuid));
}
