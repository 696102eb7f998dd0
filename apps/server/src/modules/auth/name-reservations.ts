import { MESSAGES, RIOT_NAME_RESERVATION_MS, normalizeSummonerName, type Region } from '@scrim-gym/shared';
import { conflict } from '../../lib/errors.js';
import { nameSkeleton } from '../../lib/lookalike.js';
import type { DbOrTx } from '../../db/client.js';
import {
  deleteNameReservations,
  findNameReservations,
  upsertNameReservation,
  type NameKeys,
} from './name-reservations.repository.js';

/** The keys under which two names are one (users_name_skeleton_region_uq and users_name_region_uq). */
const keysOf = (name: string): NameKeys => ({ nameSkeleton: nameSkeleton(name), nameKey: normalizeSummonerName(name) });

/**
 * Whether the name (by its look-alike key) is reserved in the region for another Riot account than `riotPuuid`:
 * a verified name stays its Riot account's for a while after an unlink (docs/riot-account-link.md).
 */
export async function isNameReservedForOther({
  db,
  name,
  region,
  riotPuuid = null,
  now = new Date(),
}: {
  db: DbOrTx;
  name: string;
  region: Region;
  riotPuuid?: string | null;
  now?: Date;
}) {
  const reservedFor = await findNameReservations({ db, keys: keysOf(name), region, now });
  return reservedFor.some((puuid) => puuid !== riotPuuid);
}

/**
 * Whoever sets or links a name reserved for another Riot account is refused with the usual name-taken conflict;
 * the Riot account `riotPuuid` itself (its owner linking again) passes.
 */
export async function assertNameNotReserved(args: Parameters<typeof isNameReservedForOther>[0]) {
  if (await isNameReservedForOther(args)) throw conflict(MESSAGES.nameTaken(args.name, args.region), 'NAME_TAKEN');
}

/** An unlinked verified name: reserved for its Riot account for RIOT_NAME_RESERVATION_MS from `now`. */
export function reserveVerifiedName({
  db,
  name,
  region,
  riotPuuid,
  now,
}: {
  db: DbOrTx;
  name: string;
  region: Region;
  riotPuuid: string;
  now: Date;
}) {
  return upsertNameReservation({
    db,
    keys: keysOf(name),
    region,
    riotPuuid,
    until: new Date(now.getTime() + RIOT_NAME_RESERVATION_MS),
  });
}

/** The Riot account is linked again: its reservations end (its owner holds the name as a verified account). */
export const releaseNameReservations = deleteNameReservations;
