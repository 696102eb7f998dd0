import { and, eq, gt } from 'drizzle-orm';
import type { Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { riotNameReservations } from '../../db/schema/index.js';

/** The Riot account (PUUID) a name key is reserved for in the region at `now`, or null when it is free. */
export async function findNameReservation({
  db,
  nameSkeleton,
  region,
  now,
}: {
  db: DbOrTx;
  nameSkeleton: string;
  region: Region;
  now: Date;
}) {
  const [row] = await db
    .select({ riotPuuid: riotNameReservations.riotPuuid })
    .from(riotNameReservations)
    .where(
      and(
        eq(riotNameReservations.nameSkeleton, nameSkeleton),
        eq(riotNameReservations.region, region),
        gt(riotNameReservations.until, now),
      ),
    );
  return row?.riotPuuid ?? null;
}

/** Reserves the name key for the Riot account until `until`, replacing an older reservation of the key. */
export async function upsertNameReservation({
  db,
  nameSkeleton,
  region,
  riotPuuid,
  until,
}: {
  db: DbOrTx;
  nameSkeleton: string;
  region: Region;
  riotPuuid: string;
  until: Date;
}) {
  await db
    .insert(riotNameReservations)
    .values({ nameSkeleton, region, riotPuuid, until })
    .onConflictDoUpdate({
      target: [riotNameReservations.nameSkeleton, riotNameReservations.region],
      set: { riotPuuid, until },
    });
}

/** The Riot account's reservations end: its owner linked again and holds the name as a verified account. */
export async function deleteNameReservations({ db, riotPuuid }: { db: DbOrTx; riotPuuid: string }) {
  await db.delete(riotNameReservations).where(eq(riotNameReservations.riotPuuid, riotPuuid));
}
