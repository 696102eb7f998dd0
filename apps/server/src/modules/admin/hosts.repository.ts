import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { communityHosts, users } from '../../db/schema/index.js';
import { userSummaryColumns } from '../../db/user-summary.js';

/** The columns a community host is shown with (a scrim user: name, tagline, discord, rank, badge, reliability). */
const hostUserColumns = {
  ...userSummaryColumns(),
  discord: users.discord,
  riotLinkedAt: users.riotLinkedAt,
  reliabilityScore: users.reliabilityScore,
  reliabilityCommitments: users.reliabilityCommitments,
};

/**
 * The account a region is granted to or revoked from, locked for the transaction (grants and revokes of one user
 * run one at a time), with whether a ban is in force now; null when there is no such account or it was deleted.
 */
export async function lockHostCandidate({ db, id }: { db: DbOrTx; id: string }) {
  const [user] = await db
    .select({
      ...hostUserColumns,
      banned: sql<boolean>`ban_in_force(${users.id})`,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update', { of: users });
  return user ?? null;
}
export type HostUserRow = Omit<NonNullable<Awaited<ReturnType<typeof lockHostCandidate>>>, 'banned'>;

/** Grants a region; false when the user hosts it already (the primary key decides). */
export async function insertHost({
  db,
  userId,
  region,
  grantedBy,
}: {
  db: DbOrTx;
  userId: string;
  region: Region;
  grantedBy: string;
}) {
  const rows = await db
    .insert(communityHosts)
    .values({ userId, region, grantedBy })
    .onConflictDoNothing()
    .returning({ region: communityHosts.region });
  return rows.length > 0;
}

/** Revokes one region of a user, or all of them; returns the regions revoked. */
export async function deleteHosts({ db, userId, region }: { db: DbOrTx; userId: string; region?: Region }) {
  const rows = await db
    .delete(communityHosts)
    .where(and(eq(communityHosts.userId, userId), region ? eq(communityHosts.region, region) : undefined))
    .returning({ region: communityHosts.region });
  return rows.map((row) => row.region);
}

/** Every host region of every live account, by name then region (the service groups them per user). */
export function findAllHosts({ db }: { db: DbOrTx }) {
  return db
    .select({ user: hostUserColumns, region: communityHosts.region })
    .from(communityHosts)
    .innerJoin(users, eq(users.id, communityHosts.userId))
    .where(isNull(users.deletedAt))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id), asc(communityHosts.region));
}
