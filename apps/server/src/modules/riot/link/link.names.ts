import { RIOT_LINK_MESSAGES, SUMMONER_NAME_MAX, type Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { assertNameNotReserved, isNameReservedForOther, updateUserFields } from '../../auth/index.js';
import { insertNotificationRows, type StoredNotification } from '../../notifications/index.js';
import { isNameHeld, lockUnverifiedNameHolders } from './link.repository.js';

/** What an unverified account's new name ends with when a verified one takes its name: ' UNV1', ' UNV2', … */
const UNVERIFIED_SUFFIX = 'UNV';

/**
 * The first free `<name> UNV<n>` of the region (no account holds it or a look-alike, no Riot account has it
 * reserved), the name cut so that the whole fits SUMMONER_NAME_MAX: letters, digits and spaces, as every name.
 */
async function freeUnverifiedName({ db, name, region, now }: { db: DbOrTx; name: string; region: Region; now: Date }) {
  for (let n = 1; ; n++) {
    const suffix = ` ${UNVERIFIED_SUFFIX}${n}`;
    const base = Array.from(name)
      .slice(0, SUMMONER_NAME_MAX - suffix.length)
      .join('')
      .trimEnd();
    const candidate = `${base}${suffix}`;
    const taken =
      (await isNameHeld({ db, name: candidate, region })) ||
      (await isNameReservedForOther({ db, name: candidate, region, now }));
    if (!taken) return candidate;
  }
}

/**
 * A verified Riot account takes its Riot ID's name: every unverified account of the region holding it or a
 * look-alike of it is renamed to a free `<name> UNV<n>` and told why by a notification, inside the caller's
 * transaction (publish the notifications after commit). Everything else of theirs stays. Returns the renamed
 * users' ids and the stored notifications.
 */
export async function renameUnverifiedHolders({
  db,
  name,
  region,
  userId,
  now,
}: {
  db: DbOrTx;
  name: string;
  region: Region;
  userId: string;
  now: Date;
}): Promise<{ renamed: string[]; notifications: StoredNotification[] }> {
  const holders = await lockUnverifiedNameHolders({ db, name, region, userId });
  const notifications: StoredNotification[] = [];
  for (const holder of holders) {
    const newName = await freeUnverifiedName({ db, name: holder.name, region, now });
    await updateUserFields({ db, id: holder.id, fields: { name: newName } });
    notifications.push(
      ...(await insertNotificationRows({
        db,
        values: [
          { userId: holder.id, kind: 'general', message: RIOT_LINK_MESSAGES.renamedForVerifiedOwner(name, newName) },
        ],
      })),
    );
  }
  return { renamed: holders.map((h) => h.id), notifications };
}

/**
 * A verified Riot account takes `name`, on link and on every refresh of its Riot ID, inside the caller's
 * transaction: a name reserved for another Riot account is a 409, and the unverified holders of it or a look-alike
 * are renamed (renameUnverifiedHolders).
 */
export async function takeVerifiedName({
  db,
  name,
  region,
  userId,
  riotPuuid,
  now,
}: {
  db: DbOrTx;
  name: string;
  region: Region;
  userId: string;
  riotPuuid: string;
  now: Date;
}) {
  await assertNameNotReserved({ db, name, region, riotPuuid, now });
  return renameUnverifiedHolders({ db, name, region, userId, now });
}
