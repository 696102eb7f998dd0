import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { RELIABILITY_WINDOW, type CommitmentOutcome } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { scrimCommitments, scrims, users } from '../../../db/schema/index.js';

export interface CommitmentEntry {
  userId: string;
  outcome: CommitmentOutcome;
}

/**
 * Records what each player did with the scrim (one row per scrim and user: a later outcome replaces an earlier
 * one, e.g. checked in, then substituted out as a no-show), then recomputes their reliability score from their
 * last commitments. Returns the users whose row is now a no-show that was not one before.
 */
export async function upsertCommitments({
  db,
  scrimId,
  entries,
}: {
  db: DbOrTx;
  scrimId: string;
  entries: CommitmentEntry[];
}): Promise<string[]> {
  if (entries.length === 0) return [];
  const userIds = entries.map((e) => e.userId);
  const before = await db
    .select({ userId: scrimCommitments.userId, outcome: scrimCommitments.outcome })
    .from(scrimCommitments)
    .where(and(eq(scrimCommitments.scrimId, scrimId), inArray(scrimCommitments.userId, userIds)));
  const wasNoShow = new Set(before.filter((r) => r.outcome === 'no_show').map((r) => r.userId));
  await db
    .insert(scrimCommitments)
    .values(entries.map((e) => ({ scrimId, userId: e.userId, outcome: e.outcome })))
    .onConflictDoUpdate({
      target: [scrimCommitments.scrimId, scrimCommitments.userId],
      set: { outcome: sql`excluded.outcome`, recordedAt: sql`now()` },
    });
  await refreshReliability({ db, userIds });
  return entries.filter((e) => e.outcome === 'no_show' && !wasNoShow.has(e.userId)).map((e) => e.userId);
}

/**
 * users.reliability_score := the share (0–100, rounded) kept of each user's last commitments (null without any),
 * and users.reliability_commitments := how many it counts, so cards tell a new player from a rated one without
 * counting.
 */
export async function refreshReliability({ db, userIds }: { db: DbOrTx; userIds: string[] }) {
  if (userIds.length === 0) return;
  await db.execute(sql`
    UPDATE ${users} u SET (reliability_score, reliability_commitments) = (
      SELECT round(100.0 * count(*) FILTER (WHERE last.outcome IN ('played', 'checked_in')) / nullif(count(*), 0))::smallint,
             count(*)::smallint
      FROM (SELECT c.outcome FROM ${scrimCommitments} c WHERE c.user_id = u.id
            ORDER BY c.recorded_at DESC, c.scrim_id LIMIT ${RELIABILITY_WINDOW}) last)
    WHERE u.id IN (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
}

/**
 * A user's last commitments, newest first, with the scrim each was for (the reliability endpoint's counts and its
 * list of broken ones); a deleted scrim takes its commitments with it.
 */
export function findRecentCommitments({ db, userId }: { db: DbOrTx; userId: string }) {
  return db
    .select({
      scrimId: scrimCommitments.scrimId,
      outcome: scrimCommitments.outcome,
      recordedAt: scrimCommitments.recordedAt,
      scrimTitle: scrims.title,
      gameStartTime: scrims.gameStartTime,
      isPrivate: scrims.isPrivate,
    })
    .from(scrimCommitments)
    .innerJoin(scrims, eq(scrims.id, scrimCommitments.scrimId))
    .where(eq(scrimCommitments.userId, userId))
    .orderBy(sql`${scrimCommitments.recordedAt} desc`, scrimCommitments.scrimId)
    .limit(RELIABILITY_WINDOW);
}

/** The next step of a no-show's escalation: strikes + 1, and the cooldown it brings (null: a warning only). */
export async function addNoShowStrike({
  db,
  userId,
  hoursByStrike,
}: {
  db: DbOrTx;
  userId: string;
  hoursByStrike: readonly number[];
}) {
  const [row] = await db
    .update(users)
    .set({ noShowStrikes: sql`${users.noShowStrikes} + 1` })
    .where(eq(users.id, userId))
    .returning({ strikes: users.noShowStrikes });
  if (!row) return null;
  const hours = hoursByStrike[Math.min(row.strikes, hoursByStrike.length) - 1]!;
  if (hours === 0) return { strikes: row.strikes, cooldownUntil: null };
  const [updated] = await db
    .update(users)
    .set({
      cooldownUntil: sql`greatest(coalesce(${users.cooldownUntil}, now()), now() + ${`${hours} hours`}::interval)`,
    })
    .where(eq(users.id, userId))
    .returning({ cooldownUntil: users.cooldownUntil });
  return { strikes: row.strikes, cooldownUntil: updated?.cooldownUntil ?? null };
}

/** What the reliability endpoint shows of a user (null: no such account, or a deleted one). */
export async function findReliabilityOf({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db
    .select({ reliabilityScore: users.reliabilityScore, cooldownUntil: users.cooldownUntil })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}

/**
 * The user's cooldown and strikes back to none, the row locked first so the values before (returned, for the
 * audit) are the ones replaced. Null: no such account.
 */
export async function resetCooldown({ db, userId }: { db: DbOrTx; userId: string }) {
  const [before] = await db
    .select({ cooldownUntil: users.cooldownUntil, noShowStrikes: users.noShowStrikes })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!before) return null;
  await db.update(users).set({ cooldownUntil: null, noShowStrikes: 0 }).where(eq(users.id, userId));
  return before;
}
