import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { bans, scrimSubstitutions, scrimWaitlist } from '../../../db/schema/index.js';

/** Whether a ban is in force for the user now (active, begun, not over). */
export async function isBanned({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(bans)
    .where(
      and(
        eq(bans.userId, userId),
        eq(bans.isActive, true),
        sql`${bans.dateFrom} <= now()`,
        sql`${bans.dateTo} > now()`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The user leaves the scrim's waitlist (they came in another way). */
export async function deleteWaitlistEntry({ db, scrimId, userId }: { db: DbOrTx; scrimId: string; userId: string }) {
  await db.delete(scrimWaitlist).where(and(eq(scrimWaitlist.scrimId, scrimId), eq(scrimWaitlist.userId, userId)));
}

export async function insertSubstitution({ db, row }: { db: DbOrTx; row: typeof scrimSubstitutions.$inferInsert }) {
  await db.insert(scrimSubstitutions).values(row);
}
