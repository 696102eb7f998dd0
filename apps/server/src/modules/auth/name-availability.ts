import {
  MESSAGES,
  normalizeSummonerName,
  summonerNameSchema,
  type NameAvailability,
  type Region,
} from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { findNameHolders } from './auth.repository.js';
import { isNameReservedForOther } from './name-reservations.js';

/**
 * What sign-up (or a rename) would say of `name` in `region`, asked while it is typed: the field's own message
 * when it is not a valid name, taken when an account holds it (or its Riot account keeps it after an unlink),
 * a look-alike when an account's name only looks the same. It tells no more than the sign-up's refusal does:
 * never whose name it is. The caller's own account (`userId`) does not count.
 */
export async function nameAvailability({
  db,
  name: typed,
  region,
  userId,
  now = new Date(),
}: {
  db: DbOrTx;
  name: string;
  region: Region;
  userId: string | null;
  now?: Date;
}): Promise<NameAvailability> {
  const parsed = summonerNameSchema.safeParse(typed);
  if (!parsed.success) return { available: false, reason: 'invalid', message: parsed.error.issues[0]!.message };
  const name = parsed.data;
  const holders = await findNameHolders({ db, name, region, exceptUserId: userId });
  const key = normalizeSummonerName(name);
  if (
    holders.some((holder) => normalizeSummonerName(holder) === key) ||
    (await isNameReservedForOther({ db, name, region, now }))
  ) {
    return { available: false, reason: 'taken', message: MESSAGES.nameTaken(name, region) };
  }
  if (holders.length > 0)
    return { available: false, reason: 'lookalike', message: MESSAGES.nameLookalike(name, region) };
  return { available: true };
}
