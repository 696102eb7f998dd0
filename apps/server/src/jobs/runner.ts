import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { DbOrTx } from '../db/client.js';
import {
  claimDueJobs,
  completeJob,
  extendClaim,
  failJob,
  msUntilNextDue,
  type ClaimedJob,
  type JobClaim,
} from './jobs.repository.js';

export interface JobContext {
  workerId: string;
  /** Aborted when this run loses its claim (rescheduled, cancelled, or the lease could not be renewed). */
  signal: AbortSignal;
}

/** Runs one job. Must be idempotent: after a crash the same schedule may run again (at-least-once). */
export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

/** Thrown by a handler for a failure that no retry can fix (e.g. the scrim is gone): the job dies at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/**
 * Thrown by a handler whose remote asked it to come back later (HTTP 429 with Retry-After): the retry is
 * scheduled at `retryAt` instead of the backoff's time. It still counts as an attempt, so maxAttempts bounds it.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAt: Date,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'RetryLaterError';
  }
}

/** The pino-style subset the runner logs through (Fastify's `app.log` fits). */
export interface JobLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface RetryPolicy {
  /** Runs allowed per schedule; the run that fails with attempts >= maxAttempts makes the job dead. */
  maxAttempts: number;
  /** Delay before the 1st retry; doubles each time (base, 2×base, 4×base, …). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Random extra delay, as a fraction of the delay (0.1 = up to +10 %), so jobs failing together spread out. */
  jitter: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 5_000,
  maxDelayMs: 15 * 60_000,
  jitter: 0.1,
};

/** When a job that failed on run number `attempts` runs again, or null when it has used up its attempts. */
export function computeRetryAt({
  attempts,
  policy = DEFAULT_RETRY_POLICY,
  now = new Date(),
  random = Math.random,
}: {
  attempts: number;
  policy?: RetryPolicy;
  now?: Date;
  random?: () => number;
}): Date | null {
  if (attempts >= policy.maxAttempts) return null;
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, attempts - 1);
  const delay = Math.min(policy.maxDelayMs, exponential) * (1 + policy.jitter * random());
  return new Date(now.getTime() + Math.round(delay));
}

export interface JobRunnerOptions {
  db: DbOrTx;
  handlers?: JobHandlers;
  /** Stored in claimed_by; unique per process by default (host, pid, random). */
  workerId?: string;
  /** How often to look for due jobs when idle. */
  pollMs?: number;
  /** A claim not completed nor renewed within the lease is taken again by any worker. */
  leaseMs?: number;
  /** Most jobs claimed at once and run concurrently by this worker. */
  batch?: number;
  retry?: Partial<RetryPolicy>;
  logger?: JobLogger;
}

export interface JobRunner {
  readonly workerId: string;
  readonly running: boolean;
  /** Adds a handler (modules register theirs before the runner starts). Throws on a duplicate kind. */
  register(kind: string, handler: JobHandler): void;
  /** Starts polling; a no-op when already started. */
  start(): void;
  /** Stops polling and resolves once the jobs in flight (loop and runOnce) have finished. */
  stop(): Promise<void>;
  /** Claims one batch of due jobs, runs it to the end and returns how many ran (tests, scripts). */
  runOnce(): Promise<number>;
  /** Looks for due jobs now instead of at the next poll (call after scheduling a job that is due now). */
  wake(): void;
}

const silentLogger: JobLogger = { debug() {}, info() {}, warn() {}, error() {} };

/** After consecutive claim failures (database down), the poll interval doubles up to this. */
const MAX_ERROR_BACKOFF_MS = 30_000;

export function createJobRunner({
  db,
  handlers: initialHandlers = {},
  workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
  pollMs = 1000,
  leaseMs = 60_000,
  batch = 10,
  retry,
  logger = silentLogger,
}: JobRunnerOptions): JobRunner {
  const handlers = new Map(Object.entries(initialHandlers));
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...retry };
  const heartbeatMs = Math.max(1, Math.floor(leaseMs / 3));
  const active = new Set<Promise<void>>();
  let running = false;
  let loopDone: Promise<void> | null = null;
  let wakeRequested = false;
  let moreDue = false;
  let interruptSleep: (() => void) | null = null;

  const log = (level: keyof JobLogger, job: ClaimedJob | null, fields: object, msg: string) =>
    logger[level]({ workerId, ...(job && { jobId: job.id, kind: job.kind, attempts: job.attempts }), ...fields }, msg);

  /** Runs one claimed job and records the outcome. Never rejects. */
  async function runJob(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    if (!handler) {
      await settle(job, job, { error: `No handler for job kind "${job.kind}" (worker ${workerId})`, permanent: true });
      return;
    }
    if (job.attempts > policy.maxAttempts) {
      // Claimed maxAttempts times already without an outcome: each worker crashed or outlived its lease.
      const error = `Gave up after ${job.attempts - 1} attempts whose lease expired without an outcome${
        job.lastError ? `; last error: ${job.lastError}` : ''
      }`;
      await settle(job, job, { error, permanent: true });
      return;
    }

    const controller = new AbortController();
    let claim: JobClaim = job;
    let renewing: Promise<void> | null = null;
    let lost = false;
    const heartbeat = setInterval(() => {
      if (renewing || lost) return;
      renewing = extendClaim({ db, job: claim })
        .then((next) => {
          if (next) claim = next;
          else {
            lost = true;
            controller.abort(new Error('The job lost its claim'));
          }
        })
        .catch((err: unknown) => log('warn', job, { err }, 'job runner: renewing a lease failed'))
        .finally(() => {
          renewing = null;
        });
    }, heartbeatMs);

    let outcome: { error: unknown } | null = null;
    try {
      await handler(job, { workerId, signal: controller.signal });
    } catch (error) {
      outcome = { error };
    } finally {
      clearInterval(heartbeat);
      await renewing;
    }
    if (lost) {
      log('warn', job, {}, 'job runner: the job lost its claim while running; its outcome is discarded');
      return;
    }
    if (!outcome) {
      await settle(job, claim, null);
      return;
    }
    const { error } = outcome;
    log('warn', job, { err: error }, 'job runner: handler failed');
    await settle(job, claim, {
      error: describeError(error),
      permanent: error instanceof PermanentJobError,
      ...(error instanceof RetryLaterError && { retryAt: error.retryAt }),
    });
  }

  /** Completes (failure null) or fails the job under `claim`. Never rejects. */
  async function settle(
    job: ClaimedJob,
    claim: JobClaim,
    failure: { error: string; permanent: boolean; retryAt?: Date } | null,
  ): Promise<void> {
    try {
      if (!failure) {
        const done = await completeJob({ db, job: claim });
        if (done) log('debug', job, {}, 'job runner: job done');
        else log('info', job, {}, 'job runner: job rescheduled or cancelled while running; completion discarded');
        return;
      }
      const backoff = failure.permanent ? null : computeRetryAt({ attempts: job.attempts, policy });
      // A remote's own "retry after" replaces the backoff's time, within the same number of attempts.
      const retryAt = backoff && (failure.retryAt ?? backoff);
      const recorded = await failJob({ db, job: claim, error: failure.error, retryAt });
      if (!recorded) log('info', job, {}, 'job runner: job rescheduled or cancelled while running; failure discarded');
      else if (retryAt) log('warn', job, { retryAt, error: failure.error }, 'job runner: job will be retried');
      else log('error', job, { error: failure.error }, 'job runner: job failed permanently');
    } catch (err) {
      // The claim stays; the job is taken again once the lease expires.
      log('error', job, { err }, 'job runner: recording a job outcome failed; it will run again after the lease');
    }
  }

  function launch(job: ClaimedJob): Promise<void> {
    const run = runJob(job).finally(() => {
      active.delete(run);
      if (moreDue) wake();
    });
    active.add(run);
    return run;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        interruptSleep = null;
        resolve();
      }
      interruptSleep = done;
    });
  }

  async function loop(): Promise<void> {
    let errorStreak = 0;
    while (running) {
      wakeRequested = false;
      const free = batch - active.size;
      if (free > 0) {
        try {
          const claimed = await claimDueJobs({ db, workerId, limit: free, leaseMs });
          errorStreak = 0;
          moreDue = claimed.length === free;
          for (const job of claimed) void launch(job);
        } catch (err) {
          errorStreak++;
          moreDue = false;
          log('error', null, { err }, 'job runner: claiming due jobs failed');
        }
      }
      if (!running) break;
      if (wakeRequested || (moreDue && active.size < batch)) continue;
      const wait = errorStreak ? Math.min(MAX_ERROR_BACKOFF_MS, pollMs * 2 ** errorStreak) : await idleWait();
      // A wake() while the idle wait was worked out (a query) found no sleep to interrupt: it must not be lost.
      if (wakeRequested || !running) continue;
      await sleep(wait);
    }
  }

  /** Until the next poll, or sooner when a job falls due before it (a scrim starting this second). */
  async function idleWait() {
    if (active.size >= batch) return pollMs;
    const next = await msUntilNextDue({ db }).catch(() => null);
    return next === null ? pollMs : Math.min(pollMs, Math.ceil(next) + 5);
  }

  function wake() {
    wakeRequested = true;
    interruptSleep?.();
  }

  return {
    workerId,
    get running() {
      return running;
    },
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`A handler for job kind "${kind}" is already registered`);
      handlers.set(kind, handler);
    },
    start() {
      if (running) return;
      running = true;
      const previous = loopDone ?? Promise.resolve();
      loopDone = previous.then(loop).catch((err: unknown) => {
        // loop() catches everything it expects; this is the last line of defence.
        running = false;
        log('error', null, { err }, 'job runner: the polling loop stopped unexpectedly');
      });
      log('info', null, { pollMs, leaseMs, batch }, 'job runner: started');
    },
    async stop() {
      const wasRunning = running;
      running = false;
      interruptSleep?.();
      const current = loopDone;
      await current;
      if (loopDone === current) loopDone = null;
      await Promise.allSettled([...active]);
      if (wasRunning) log('info', null, {}, 'job runner: stopped');
    },
    async runOnce() {
      const claimed = await claimDueJobs({ db, workerId, limit: batch, leaseMs });
      await Promise.all(claimed.map(launch));
      return claimed.length;
    },
    wake,
  };
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
  return String(error);
}
