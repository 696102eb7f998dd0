import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

export type JobRow = typeof jobs.$inferSelect;
export type JobPayload = Record<string, unknown>;

/** A job as returned by a claim: `(id, claimedBy, claimedAt)` is the claim's fencing token. */
export type ClaimedJob = JobRow & { claimedAt: Date; claimedBy: string };
/** What the fenced writes (complete, fail, extend) need to prove they still hold the claim. */
export type JobClaim = Pick<ClaimedJob, 'id' | 'claimedBy' | 'claimedAt'>;

/**
 * Derived state (the table has no status column):
 * - `pending`: waiting for its runAt (or for a retry);
 * - `claimed`: taken by a worker (running, or its worker crashed and the lease has not expired yet);
 * - `done`: completed successfully (`completedAt` set, `lastError` null);
 * - `dead`: given up (`completedAt` set, `lastError` says why).
 */
export type JobStatus = 'pending' | 'claimed' | 'done' | 'dead';

export function jobStatus(job: Pick<JobRow, 'completedAt' | 'lastError' | 'claimedAt'>): JobStatus {
  if (job.completedAt) return job.lastError === null ? 'done' : 'dead';
  return job.claimedAt ? 'claimed' : 'pending';
}

/** Longest `lastError` stored; a stack trace is for the log, not the row. */
const MAX_ERROR_LENGTH = 2000;

export interface ScheduleJobInput {
  db: DbOrTx;
  kind: string;
  /** When the job becomes due; defaults to the database's now(). */
  runAt?: Date;
  payload?: JobPayload;
  /** One live job per key; see scheduleJob for what a second schedule does. */
  dedupeKey?: string | null;
  /**
   * What a schedule does to a job with the same key that is already done or dead: `replace` (default) re-arms
   * it as a new pending schedule; `keep` leaves it completed ("schedule this unless it already fired").
   */
  ifCompleted?: 'replace' | 'keep';
}

/**
 * Schedules a job, in one atomic INSERT … ON CONFLICT (dedupe_key). Pass a transaction as `db` to schedule
 * atomically with the change that calls for it, then `wake()` the runner after the commit.
 *
 * Without a dedupeKey every call inserts a new job. With one, the key names ONE row:
 * - none yet: a pending job is inserted;
 * - a pending job (waiting, in retry backoff, or running) with the same kind, runAt and payload: unchanged,
 *   so calling scheduleJob again with the same arguments is a no-op (it does not disturb a running job);
 * - a pending job with a different kind, runAt or payload: it is rescheduled in place (same id): new kind,
 *   runAt and payload, attempts 0, lastError cleared, claim released. A run in flight is superseded: its
 *   completion or failure no longer matches the claim and is discarded, and the job runs again at the new runAt;
 * - a done or dead job: re-armed the same way (`ifCompleted: 'replace'`, the default), or left as it is
 *   (`ifCompleted: 'keep'`).
 * Returns the row as it stands afterwards.
 */
export async function scheduleJob({
  db,
  kind,
  runAt,
  payload = {},
  dedupeKey = null,
  ifCompleted = 'replace',
}: ScheduleJobInput): Promise<JobRow> {
  const values = { kind, payload, dedupeKey, runAt: runAt ?? sql`now()` };
  if (dedupeKey === null) {
    const [row] = await db.insert(jobs).values(values).returning();
    return row!;
  }
  const changed = sql`(${jobs.kind}, ${jobs.runAt}, ${jobs.payload}) is distinct from (excluded.kind, excluded.run_at, excluded.payload)`;
  const setWhere =
    ifCompleted === 'replace'
      ? sql`${jobs.completedAt} is not null or ${changed}`
      : sql`${jobs.completedAt} is null and ${changed}`;
  // Two rounds at most: the no-op branch reads the row back, and a concurrent cancel may delete it in between.
  for (let round = 0; round < 2; round++) {
    const [row] = await db
      .insert(jobs)
      .values(values)
      .onConflictDoUpdate({
        target: jobs.dedupeKey,
        set: {
          kind: sql`excluded.kind`,
          payload: sql`excluded.payload`,
          runAt: sql`excluded.run_at`,
          claimedAt: null,
          claimedBy: null,
          attempts: 0,
          lastError: null,
          completedAt: null,
        },
        setWhere,
      })
      .returning();
    if (row) return row;
    const [existing] = await db.select().from(jobs).where(eq(jobs.dedupeKey, dedupeKey));
    if (existing) return existing;
  }
  throw new Error(`Could not schedule job "${dedupeKey}": it was deleted concurrently twice`);
}

/**
 * Deletes the pending job with this key (waiting, in backoff, or running: a running handler is not interrupted
 * but its completion is discarded). Done and dead jobs stay as history. Returns whether a job was cancelled.
 */
export async function cancelJob({ db, dedupeKey }: { db: DbOrTx; dedupeKey: string }): Promise<boolean> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.dedupeKey, dedupeKey), isNull(jobs.completedAt)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Milliseconds until the earliest unclaimed pending job is due (0 when one is due already), or null when none
 * waits. Lets an idle runner wake right at a job's runAt instead of at its next poll.
 */
export async function msUntilNextDue({ db }: { db: DbOrTx }): Promise<number | null> {
  const [row] = await db
    .select({ ms: sql<number | null>`extract(epoch from (min(${jobs.runAt}) - now())) * 1000` })
    .from(jobs)
    .where(and(isNull(jobs.completedAt), isNull(jobs.claimedAt)));
  const ms = row?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Number(ms));
}

/** `now() - leaseMs`, computed by the database so every instance shares one clock. */
const leaseCutoff = (leaseMs: number) => sql`now() - ${leaseMs}::double precision * interval '1 millisecond'`;
/** Milliseconds, so the token read back as a JS Date matches the stored value exactly. */
const claimInstant = sql`date_trunc('milliseconds', now())`;

/**
 * Claims up to `limit` due jobs for `workerId` in ONE atomic statement:
 *
 *   UPDATE jobs SET claimed_at = now(), claimed_by = $worker, attempts = attempts + 1
 *   WHERE id IN (SELECT id FROM jobs WHERE completed_at IS NULL AND run_at <= now()
 *                AND (claimed_at IS NULL OR claimed_at < now() - $lease)
 *                ORDER BY run_at LIMIT $n FOR UPDATE SKIP LOCKED)
 *   RETURNING *
 *
 * SKIP LOCKED lets concurrent claimers pass over each other's rows instead of queueing behind them; a row
 * claimed and committed by another worker meanwhile fails the re-checked WHERE, so no job is claimed twice.
 * A claim older than the lease counts as abandoned (crashed worker) and the job is claimed again.
 * Returns the claimed jobs in runAt order.
 */
export async function claimDueJobs({
  db,
  workerId,
  limit,
  leaseMs,
}: {
  db: DbOrTx;
  workerId: string;
  limit: number;
  leaseMs: number;
}): Promise<ClaimedJob[]> {
  if (limit <= 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.completedAt),
        lte(jobs.runAt, sql`now()`),
        or(isNull(jobs.claimedAt), lt(jobs.claimedAt, leaseCutoff(leaseMs))),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(jobs)
    .set({ claimedAt: claimInstant, claimedBy: workerId, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning();
  return (rows as ClaimedJob[]).sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
}

/** The claim still held: same job, same worker, same claim instant, not completed. */
const holds = (claim: JobClaim): SQL =>
  and(
    eq(jobs.id, claim.id),
    eq(jobs.claimedBy, claim.claimedBy),
    eq(jobs.claimedAt, claim.claimedAt),
    isNull(jobs.completedAt),
  )!;

/**
 * Marks a claimed job done. Fenced by the claim: returns false (and changes nothing) when the claim was lost
 * meanwhile (lease expired and re-claimed, rescheduled, cancelled), so a schedule completes at most once.
 */
export async function completeJob({ db, job }: { db: DbOrTx; job: JobClaim }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ completedAt: sql`now()`, lastError: null })
    .where(holds(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Records a failed run, fenced by the claim like completeJob. With a `retryAt`, the claim is released and the
 * job becomes due again at retryAt (the caller computes the backoff); with `retryAt: null` the job is dead:
 * completed, with `lastError` saying why. Returns false when the claim was lost meanwhile.
 */
export async function failJob({
  db,
  job,
  error,
  retryAt,
}: {
  db: DbOrTx;
  job: JobClaim;
  error: string;
  retryAt: Date | null;
}): Promise<boolean> {
  const lastError = error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error;
  const set =
    retryAt === null
      ? { completedAt: sql`now()`, lastError }
      : { runAt: retryAt, claimedAt: null, claimedBy: null, lastError };
  const rows = await db.update(jobs).set(set).where(holds(job)).returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Renews a claim's lease (heartbeat for a handler that runs long). Returns the new claim token, or null when
 * the claim was lost. The old token stops matching: use only the returned one afterwards.
 */
export async function extendClaim({ db, job }: { db: DbOrTx; job: JobClaim }): Promise<JobClaim | null> {
  const [row] = await db
    .update(jobs)
    .set({ claimedAt: claimInstant })
    .where(holds(job))
    .returning({ id: jobs.id, claimedBy: jobs.claimedBy, claimedAt: jobs.claimedAt });
  return row ? (row as JobClaim) : null;
}

/** Jobs by kind, key or id, oldest first (tests, admin tools). */
export async function findJobs({
  db,
  kind,
  dedupeKey,
  ids,
}: {
  db: DbOrTx;
  kind?: string;
  dedupeKey?: string;
  ids?: string[];
}): Promise<JobRow[]> {
  const conditions: SQL[] = [];
  if (kind !== undefined) conditions.push(eq(jobs.kind, kind));
  if (dedupeKey !== undefined) conditions.push(eq(jobs.dedupeKey, dedupeKey));
  if (ids !== undefined) {
    if (ids.length === 0) return [];
    conditions.push(inArray(jobs.id, ids));
  }
  return db
    .select()
    .from(jobs)
    .where(and(...conditions))
    .orderBy(asc(jobs.createdAt), asc(jobs.id));
}
