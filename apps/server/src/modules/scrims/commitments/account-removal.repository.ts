import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { scrimParticipants, scrimSignups, scrimWaitlist, scrims } from '../../../db/schema/index.js';

/**
 * The scrims that have not started (no winner yet) in which `userId` has a place of any kind: a slot or a cast, a
 * sign-up, a waitlist entry, the lobby host's role. Locked in id order (the lock every change of a scrim takes),
 * so a tenth sign-up racing with the deletion runs before or after it, never with the deleted account counted.
 */
export async function lockUpcomingScrimsOf({ db, userId }: { db: DbOrTx; userId: string }) {
  const inScrim = (table: typeof scrimParticipants | typeof scrimSignups | typeof scrimWaitlist) =>
    inArray(scrims.id, db.select({ id: table.scrimId }).from(table).where(eq(table.userId, userId)));
  return db
    .select()
    .from(scrims)
    .where(
      and(
        gt(scrims.gameStartTime, sql`now()`),
        isNull(scrims.teamWon),
        or(inScrim(scrimParticipants), inScrim(scrimSignups), inScrim(scrimWaitlist), eq(scrims.lobbyHostId, userId)),
      ),
    )
    .orderBy(asc(scrims.id))
    .for('update');
}

/** Every place `userId` has in the scrim: its waitlist entry, sign-up and slot or cast; returns what went. */
export async function deletePlacesOf({ db, scrimId, userId }: { db: DbOrTx; scrimId: string; userId: string }) {
  await db.delete(scrimWaitlist).where(and(eq(scrimWaitlist.scrimId, scrimId), eq(scrimWaitlist.userId, userId)));
  const signups = await db
    .delete(scrimSignups)
    .where(and(eq(scrimSignups.scrimId, scrimId), eq(scrimSignups.userId, userId)))
    .returning({ userId: scrimSignups.userId });
  const places = await db
    .delete(scrimParticipants)
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.userId, userId)))
    .returning({ kind: scrimParticipants.kind, team: scrimParticipants.team, role: scrimParticipants.role });
  return { signedUp: signups.length > 0, places };
}
