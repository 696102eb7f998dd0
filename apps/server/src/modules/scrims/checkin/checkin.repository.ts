import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Role, TeamName, WaitlistRole } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import {
  jobs,
  scrimCheckIns,
  scrimParticipants,
  scrimSignups,
  scrimWaitlist,
  scrims,
} from '../../../db/schema/index.js';

/** A player checks in; checking in again changes nothing. */
export async function insertCheckIn({ db, scrimId, userId }: { db: DbOrTx; scrimId: string; userId: string }) {
  await db.insert(scrimCheckIns).values({ scrimId, userId }).onConflictDoNothing();
}

/** The ids of the scrim's players who checked in. */
export async function findCheckedIn({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const rows = await db
    .select({ userId: scrimCheckIns.userId })
    .from(scrimCheckIns)
    .where(eq(scrimCheckIns.scrimId, scrimId));
  return new Set(rows.map((r) => r.userId));
}

/** Check-ins of the scrim go: all of them (a new start time), or `userIds`' (players who left the scrim). */
export async function deleteCheckIns({ db, scrimId, userIds }: { db: DbOrTx; scrimId: string; userIds?: string[] }) {
  if (userIds?.length === 0) return;
  await db
    .delete(scrimCheckIns)
    .where(and(eq(scrimCheckIns.scrimId, scrimId), userIds ? inArray(scrimCheckIns.userId, userIds) : undefined));
}

/**
 * Takes players out of the scrim as a leave does (scrim_slot_change): their slot, their sign-up of a balanced
 * scrim, their check-in. The caller holds the scrim's lock and settles the lobby host afterwards.
 */
export async function removePlayers({ db, scrimId, userIds }: { db: DbOrTx; scrimId: string; userIds: string[] }) {
  if (userIds.length === 0) return;
  await db
    .delete(scrimParticipants)
    .where(and(eq(scrimParticipants.scrimId, scrimId), inArray(scrimParticipants.userId, userIds)));
  await db.delete(scrimSignups).where(and(eq(scrimSignups.scrimId, scrimId), inArray(scrimSignups.userId, userIds)));
  await deleteCheckIns({ db, scrimId, userIds });
}

/** The scrim's waitlist, first come first (the order promotion follows). */
export function findWaitlist({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  return db
    .select({ userId: scrimWaitlist.userId, role: sql<WaitlistRole>`${scrimWaitlist.role}` })
    .from(scrimWaitlist)
    .where(eq(scrimWaitlist.scrimId, scrimId))
    .orderBy(asc(scrimWaitlist.createdAt), asc(scrimWaitlist.userId));
}

/**
 * The first suitable waitlisted player takes the free slot (team, role): scrim_promote_waitlist
 * (db/functions/scrim_promote_waitlist.sql), called with the scrim locked. Returns who was promoted, or null.
 */
export async function promoteFromWaitlist({
  db,
  scrimId,
  team,
  role,
}: {
  db: DbOrTx;
  scrimId: string;
  team: TeamName;
  role: Role;
}): Promise<string | null> {
  const result = await db.execute(
    sql`select scrim_promote_waitlist(${scrimId}::uuid, ${team}::team, ${role}::role) as promoted`,
  );
  const [row] = (result as unknown as { rows: { promoted: string | null }[] }).rows;
  return row?.promoted ?? null;
}

/**
 * Gives every scrim that may still need them its check-in jobs: the scrims created before check-in existed,
 * whose close is still ahead (a step whose time has passed only when `evenIfPast`). One statement per step; a scrim that has a job of that step (pending or
 * done) keeps it, so running this at every start changes nothing the second time. Returns how many were
 * scheduled.
 */
export async function scheduleMissingCheckIns({
  db,
  now,
  steps,
}: {
  db: DbOrTx;
  now: Date;
  steps: { kind: string; keyPrefix: string; minutesBefore: number; evenIfPast: boolean }[];
}) {
  let scheduled = 0;
  const [close] = [...steps].sort((a, b) => a.minutesBefore - b.minutesBefore);
  if (!close) return 0;
  for (const step of steps) {
    const before = sql`make_interval(mins => ${step.minutesBefore})`;
    const result = await db.execute(sql`
      insert into ${jobs} (kind, dedupe_key, payload, run_at)
      select ${step.kind}, ${step.keyPrefix} || s.id, jsonb_build_object('scrimId', s.id), s.game_start_time - ${before}
      from ${scrims} s
      where s.cancelled_at is null and s.abandoned_at is null and s.team_won is null
        and s.check_in_closed_at is null
        and s.game_start_time - make_interval(mins => ${close.minutesBefore}) > ${now}
        and (${step.evenIfPast} or s.game_start_time - ${before} > ${now})
      on conflict (dedupe_key) do nothing
      returning id`);
    scheduled += (result as unknown as { rows: unknown[] }).rows.length;
  }
  return scheduled;
}
