import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { holdsName } from '../../auth/index.js';
import { users } from '../../../db/schema/index.js';
import { lookalikeColumns } from '../../../lib/lookalike.js';

export type LinkedUserRow = typeof users.$inferSelect;

/** Whether another user holds this Riot account linked. */
export async function isPuuidLinkedElsewhere({ db, puuid, userId }: { db: DbOrTx; puuid: string; userId: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.riotPuuid, puuid), isNotNull(users.riotLinkedAt), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/** What Riot says of a linked account: its Riot ID and, when it could be read, the Solo/Duo rank. */
export interface RiotProfile {
  name: string;
  summonerTagline: string;
  /** Null when league-v4 could not be read: the rank stays as it was (not marked as Riot's). */
  rank: string | null;
}

/**
 * Links the Riot account `puuid` to the user: name and tagline become the Riot ID, the rank Riot's. Another
 * user that only had the PUUID looked up from a typed name (tournament codes) loses it: the linked owner is the
 * one a game result names. The unique indexes decide a race (a name or PUUID taken meanwhile): the caller's
 * transaction rolls back.
 */
export async function linkAccount({
  db,
  userId,
  puuid,
  profile,
  at,
}: {
  db: DbOrTx;
  userId: string;
  puuid: string;
  profile: RiotProfile;
  at: Date;
}) {
  await db
    .update(users)
    .set({ riotPuuid: null })
    .where(and(eq(users.riotPuuid, puuid), isNull(users.riotLinkedAt), ne(users.id, userId)));
  const [row] = await db
    .update(users)
    .set({
      riotPuuid: puuid,
      riotLinkedAt: at,
      name: profile.name,
      summonerTagline: profile.summonerTagline,
      ...lookalikeColumns({ name: profile.name }),
      riotIdCheckedAt: at,
      ...(profile.rank !== null
        ? { rank: profile.rank, riotRank: profile.rank, rankRefreshedAt: at }
        : { rankRefreshedAt: null }),
    })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/**
 * A refresh of a linked account: the Riot ID (unless `keepName`) and the rank, only while the user still has
 * this PUUID linked (an unlink meanwhile wins). Null when it no longer is.
 */
export async function updateLinkedProfile({
  db,
  userId,
  puuid,
  profile,
  keepName,
  at,
}: {
  db: DbOrTx;
  userId: string;
  puuid: string;
  profile: RiotProfile;
  keepName: boolean;
  at: Date;
}) {
  const [row] = await db
    .update(users)
    .set({
      ...(!keepName && {
        name: profile.name,
        summonerTagline: profile.summonerTagline,
        ...lookalikeColumns({ name: profile.name }),
      }),
      riotIdCheckedAt: at,
      ...(profile.rank !== null && { rank: profile.rank, riotRank: profile.rank, rankRefreshedAt: at }),
    })
    .where(and(eq(users.id, userId), eq(users.riotPuuid, puuid), isNotNull(users.riotLinkedAt)))
    .returning();
  return row ?? null;
}

/**
 * Unlinks: the rank stays but is self-reported again (until Riot answers for the Riot ID through the API key);
 * the PUUID stays as a look-up of the name.
 */
export async function unlinkAccount({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db
    .update(users)
    .set({ riotLinkedAt: null, rankRefreshedAt: null, riotRank: null })
    .where(and(eq(users.id, userId), isNotNull(users.riotLinkedAt)))
    .returning();
  return row ?? null;
}

/**
 * The unverified accounts (no Riot account linked) other than `userId` holding `name` or a look-alike of it in
 * the region, locked for the transaction: a verified link renames them.
 */
export function lockUnverifiedNameHolders({
  db,
  name,
  region,
  userId,
}: {
  db: DbOrTx;
  name: string;
  region: Region;
  userId: string;
}) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        holdsName(name),
        eq(users.region, region),
        isNull(users.riotLinkedAt),
        isNull(users.deletedAt),
        ne(users.id, userId),
      ),
    )
    .for('update');
}

/** Whether some account of the region holds `name` or a look-alike of it. */
export async function isNameHeld({ db, name, region }: { db: DbOrTx; name: string; region: Region }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(holdsName(name), eq(users.region, region), isNull(users.deletedAt)))
    .limit(1);
  return Boolean(row);
}
