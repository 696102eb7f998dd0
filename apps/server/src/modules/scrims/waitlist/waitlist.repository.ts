import { and, eq, gt, sql } from 'drizzle-orm';
import type { Role, TeamName } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { scrimSignups, scrimWaitlist, seriesGames, users } from '../../../db/schema/index.js';

/**
 * The free slot (team, role) goes to the first suitable waitlisted player: the SQL function scrim_promote_waitlist
 * (db/functions/scrim_promote_waitlist.sql). Call it inside a transaction that holds the scrim's row lock (changeScrim's).
 * A balanced scrim without teams: team and role null, the first entry becomes a sign-up. Returns the promoted
 * user's id, or null.
 */
export async function promoteWaitlist({
  db,
  scrimId,
  team,
  role,
}: {
  db: DbOrTx;
  scrimId: string;
  team: TeamName | null;
  role: Role | null;
}): Promise<string | null> {
  const result = await db.execute(
    sql`select scrim_promote_waitlist(${scrimId}::uuid, ${team}::team, ${role}::role) as promoted`,
  );
  const [row] = (result as unknown as { rows: { promoted: string | null }[] }).rows;
  return row?.promoted ?? null;
}

export async function findWaitlistEntry({ db, scrimId, userId }: { db: DbOrTx; scrimId: string; userId: string }) {
  const [row] = await db
    .select()
    .from(scrimWaitlist)
    .where(and(eq(scrimWaitlist.scrimId, scrimId), eq(scrimWaitlist.userId, userId)));
  return row ?? null;
}

export async function insertWaitlistEntry({ db, row }: { db: DbOrTx; row: typeof scrimWaitlist.$inferInsert }) {
  await db.insert(scrimWaitlist).values(row);
}

export async function deleteWaitlistEntry({ db, scrimId, userId }: { db: DbOrTx; scrimId: string; userId: string }) {
  const deleted = await db
    .delete(scrimWaitlist)
    .where(and(eq(scrimWaitlist.scrimId, scrimId), eq(scrimWaitlist.userId, userId)))
    .returning({ userId: scrimWaitlist.userId });
  return deleted.length > 0;
}

/** Everyone attached to a scrim who is not a participant row: its sign-ups and its waitlist. */
export async function findSignupAndWaitlistUserIds({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const signups = await db
    .select({ userId: scrimSignups.userId })
    .from(scrimSignups)
    .where(eq(scrimSignups.scrimId, scrimId));
  const waiting = await db
    .select({ userId: scrimWaitlist.userId })
    .from(scrimWaitlist)
    .where(eq(scrimWaitlist.scrimId, scrimId));
  return [...signups, ...waiting].map((r) => r.userId);
}

/** The end of the user's no-show cooldown when it is still running, else null. */
export async function findCooldownUntil({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db
    .select({ until: users.cooldownUntil })
    .from(users)
    .where(and(eq(users.id, userId), gt(users.cooldownUntil, sql`now()`)));
  return row?.until ?? null;
}

/** Whether the scrim is a game of a team series (its places are its lineups'). */
export async function isSeriesGame({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db
    .select({ scrimId: seriesGames.scrimId })
    .from(seriesGames)
    .where(eq(seriesGames.scrimId, scrimId));
  return row !== undefined;
}
