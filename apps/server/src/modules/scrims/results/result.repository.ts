import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DisputeOutcome } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { resultDisputes, scrims, users } from '../../../db/schema/index.js';

/** A player of the other team disputes a captain's report (one open dispute per scrim: a unique index). */
export async function insertDispute({
  db,
  scrimId,
  userId,
  reason,
}: {
  db: DbOrTx;
  scrimId: string;
  userId: string;
  reason: string;
}) {
  await db.insert(resultDisputes).values({ scrimId, userId, reason });
}

/**
 * Closes the scrim's open dispute, if any (an admin set or cleared the result, or Riot's result came in); an
 * admin's answer from the dashboard also keeps its outcome and reason.
 */
export async function resolveOpenDispute({
  db,
  scrimId,
  by,
  decision,
}: {
  db: DbOrTx;
  scrimId: string;
  by: string | null;
  decision?: { outcome: DisputeOutcome; reason: string };
}) {
  await db
    .update(resultDisputes)
    .set({ resolvedAt: new Date(), resolvedBy: by, outcome: decision?.outcome, resolutionReason: decision?.reason })
    .where(and(eq(resultDisputes.scrimId, scrimId), isNull(resultDisputes.resolvedAt)));
}

/** The open disputes with their scrim, reporter and disputer, oldest first (the admins' queue). */
export function findOpenDisputes({ db }: { db: DbOrTx }) {
  const reporter = alias(users, 'reporter');
  const disputer = alias(users, 'disputer');
  return db
    .select({
      id: resultDisputes.id,
      scrimId: resultDisputes.scrimId,
      scrimTitle: scrims.title,
      teamWon: scrims.teamWon,
      reporterId: reporter.id,
      reporterName: reporter.name,
      disputerId: disputer.id,
      disputerName: disputer.name,
      reason: resultDisputes.reason,
      createdAt: resultDisputes.createdAt,
    })
    .from(resultDisputes)
    .innerJoin(scrims, eq(scrims.id, resultDisputes.scrimId))
    .leftJoin(reporter, eq(reporter.id, scrims.resultReportedBy))
    .leftJoin(disputer, eq(disputer.id, resultDisputes.userId))
    .where(isNull(resultDisputes.resolvedAt))
    .orderBy(asc(resultDisputes.createdAt), asc(resultDisputes.id));
}

/** Every admin's id (a disputed result is for them to decide). */
export async function findAdminIds({ db }: { db: DbOrTx }) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
  return rows.map((r) => r.id);
}
