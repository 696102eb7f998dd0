import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeSummonerName, type Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { normalizedNameSql, users } from '../../../db/schema/index.js';

/** An unlinked, undeleted account that still holds this Riot ID (names compare as the name index does). */
const holdsRiotId = ({ name, tagline, region }: { name: string; tagline: string; region: Region }) =>
  and(
    eq(normalizedNameSql(users.name), normalizeSummonerName(name)),
    eq(sql`lower(${users.summonerTagline})`, tagline.trim().toLowerCase()),
    eq(users.region, region),
    isNull(users.riotLinkedAt),
    isNull(users.deletedAt),
  );

/**
 * Writes what Riot answered for the Riot ID the account holds: its PUUID, that it exists, and its Solo/Duo rank
 * (which then counts over the typed one). Only while the account still holds that Riot ID and is unlinked (a
 * linked account's rank comes from its own refresh). A null rank (league-v4 unreadable) keeps the last one.
 * Returns the ids written.
 */
export async function recordRiotIdAnswer({
  db,
  riotId,
  userId,
  puuid,
  rank,
  at,
}: {
  db: DbOrTx;
  riotId: { name: string; tagline: string; region: Region };
  /** Only this account (a sign-up's or a job's check); without it every holder (a profile's look-up). */
  userId?: string;
  puuid: string;
  rank: string | null;
  at: Date;
}): Promise<string[]> {
  const rows = await db
    .update(users)
    .set({ riotPuuid: puuid, riotIdCheckedAt: at, ...(rank !== null && { riotRank: rank }) })
    .where(and(holdsRiotId(riotId), userId === undefined ? undefined : eq(users.id, userId)))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}
