/**
 * Scheduled work (scrim start, late fill, result polling, ban expiry), stored in the `jobs` table.
 *
 * The database is the only source of truth: a job is a row with a `runAt`; no in-memory timer decides whether
 * it runs. Every instance runs a poller (plus `wake()` for jobs due now) that claims due rows, so a restart or a
 * crash loses nothing and any number of instances share the work.
 *
 * - Claim with a lease. A worker claims a job by stamping `claimed_at`/`claimed_by` in one atomic
 *   UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING. Without a lease, a worker that crashed
 *   mid-job would hold it forever; with one, a claim older than `leaseMs` is abandoned and any worker takes the
 *   job again. A long handler keeps its claim alive with a heartbeat (every lease/3).
 * - SKIP LOCKED. Concurrent claimers pass over rows another claimer has locked instead of waiting for it and
 *   then re-checking; each row goes to exactly one claim, and several instances do not serialise on the queue.
 * - Fencing. `(id, claimed_by, claimed_at)` is the claim's token; completeJob and failJob change the row only
 *   while the token still matches. A worker whose lease expired (and was re-claimed), or whose job was
 *   rescheduled or cancelled meanwhile, cannot complete or retry it.
 * - "Exactly once" here means: each schedule is COMPLETED at most once (fenced, atomic), and it is EXECUTED at
 *   least once, also across crashes. A worker that dies after its side effects but before recording completion
 *   leaves the job to run again after the lease: handlers must be idempotent (check the state they are about
 *   to change; use unique constraints; deliver notifications keyed by the job).
 * - dedupeKey makes scheduling idempotent. One row per key (unique index): scheduling the same key again with
 *   the same kind, runAt and payload changes nothing; with a new runAt or payload it moves that one job
 *   (it never creates a second one); cancelJob deletes it. Schedule inside the service's transaction, so the
 *   job exists if and only if the change that asked for it committed, then `wake()` after the commit.
 * - Failures. A handler that throws is retried with exponential backoff (computeRetryAt) until maxAttempts,
 *   then the job is dead: completed with `lastError` set. RetryLaterError(retryAt) retries at the remote's own
 *   time instead (a 429's Retry-After), within the same attempts. PermanentJobError, or a kind without a handler, makes
 *   it dead at once. A done job has `completedAt` set and `lastError` null (see jobStatus).
 */
export {
  cancelJob,
  claimDueJobs,
  completeJob,
  extendClaim,
  failJob,
  findJobs,
  jobStatus,
  scheduleJob,
  type ClaimedJob,
  type JobClaim,
  type JobPayload,
  type JobRow,
  type JobStatus,
  type ScheduleJobInput,
} from './jobs.repository.js';
export {
  computeRetryAt,
  createJobRunner,
  DEFAULT_RETRY_POLICY,
  PermanentJobError,
  RetryLaterError,
  type JobContext,
  type JobHandler,
  type JobHandlers,
  type JobLogger,
  type JobRunner,
  type JobRunnerOptions,
  type RetryPolicy,
} from './runner.js';
export { jobsPlugin, type JobsPluginOptions } from './jobs.plugin.js';
