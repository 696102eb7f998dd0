import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres, type Database, type DatabaseHandle, type DbOrTx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { createTestApp } from '../test/app.js';
import { createTestDatabase } from '../test/database.js';
import {
  cancelJob,
  claimDueJobs,
  completeJob,
  computeRetryAt,
  createJobRunner,
  failJob,
  findJobs,
  jobStatus,
  PermanentJobError,
  RetryLaterError,
  scheduleJob,
  type ClaimedJob,
  type JobLogger,
  type JobRunner,
} from './index.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: DatabaseHandle & { url: string | null };
const db = (): Database => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await db().delete(jobs);
});

const ago = (ms: number) => new Date(Date.now() - ms);
const fromNow = (ms: number) => new Date(Date.now() + ms);

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await sleep(10);
  }
}

/** Resolves once `runner` is really polling: it has run a job due now (its handlers need a `ping` one). */
async function untilPolled(runner: JobRunner) {
  const ping = await scheduleJob({ db: db(), kind: 'ping', runAt: ago(1000) });
  runner.wake();
  await waitFor(async () => jobStatus(await getJob(ping.id)) === 'done');
}

async function getJob(id: string) {
  const [row] = await findJobs({ db: db(), ids: [id] });
  return row!;
}

/** Moves a job's run_at into the past (instead of faking the clock: "due" is decided by the database's now()). */
async function makeDue(id: string) {
  await db()
    .update(jobs)
    .set({ runAt: ago(1000) })
    .where(eq(jobs.id, id));
}

function recordingLogger() {
  const entries: { level: string; msg?: string; fields: object }[] = [];
  const at =
    (level: string) =>
    (fields: object, msg?: string): void => {
      entries.push({ level, msg, fields });
    };
  const logger: JobLogger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, entries };
}

describe(`job runner (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  describe('running due jobs', () => {
    it('runs a due job once and completes it; a future job waits until it is due', async () => {
      const calls: ClaimedJob[] = [];
      const ranAt = new Map<string, number>();
      const runner = createJobRunner({
        db: db(),
        workerId: 'worker-1',
        handlers: {
          echo: async (job) => {
            calls.push(job);
            ranAt.set(job.id, Date.now());
          },
        },
      });
      const due = await scheduleJob({ db: db(), kind: 'echo', runAt: ago(1000), payload: { scrimId: 's1' } });
      const future = await scheduleJob({ db: db(), kind: 'echo', runAt: fromNow(800), payload: { scrimId: 's2' } });

      expect(await runner.runOnce()).toBe(1);
      expect(calls.map((j) => j.payload)).toEqual([{ scrimId: 's1' }]);
      expect(await getJob(due.id)).toMatchObject({ attempts: 1, claimedBy: 'worker-1', lastError: null });
      expect(jobStatus(await getJob(due.id))).toBe('done');
      expect(await getJob(future.id)).toMatchObject({ attempts: 0, claimedAt: null, completedAt: null });

      expect(await runner.runOnce()).toBe(0);
      await waitFor(async () => (await runner.runOnce()) === 1);
      expect(ranAt.get(future.id)).toBeGreaterThanOrEqual(future.runAt.getTime());
      expect(await runner.runOnce()).toBe(0);
      expect(calls.map((j) => j.payload)).toEqual([{ scrimId: 's1' }, { scrimId: 's2' }]);
      expect(jobStatus(await getJob(future.id))).toBe('done');
    });

    it('claims the most overdue jobs first, at most `batch` at a time', async () => {
      const order: number[] = [];
      for (const n of [3, 1, 2])
        await scheduleJob({ db: db(), kind: 'n', runAt: ago(10_000 - n * 1000), payload: { n } });
      const runner = createJobRunner({
        db: db(),
        batch: 2,
        handlers: { n: async (job) => void order.push(job.payload.n as number) },
      });
      expect(await runner.runOnce()).toBe(2);
      expect(order.sort()).toEqual([1, 2]);
      expect(await runner.runOnce()).toBe(1);
      expect(order).toEqual([1, 2, 3]);
    });
  });

  describe('exactly once across instances', () => {
    // On PostgreSQL, each runner has its own connection pool (two "server instances"); on PGlite, one handle.
    let instances: DatabaseHandle[] = [];
    const instanceDbs = (): [Database, Database] => {
      if (!database.url) return [db(), db()];
      instances = [openPostgres(database.url), openPostgres(database.url)];
      return [instances[0]!.db, instances[1]!.db];
    };
    afterAll(async () => {
      await Promise.all(instances.map((i) => i.close()));
    });

    it('two runners on one database run each of 200 due jobs exactly once', async () => {
      const [dbA, dbB] = instanceDbs();
      await db()
        .insert(jobs)
        .values(Array.from({ length: 200 }, (_, i) => ({ kind: 'once', runAt: ago(1000 + i), payload: { i } })));
      const runs = new Map<string, string[]>();
      const handler = async (job: ClaimedJob, { workerId }: { workerId: string }) => {
        runs.set(job.id, [...(runs.get(job.id) ?? []), workerId]);
        await sleep(Math.random() * 3); // work of varying length, so that the two runners' claims interleave
      };
      const runners = [
        createJobRunner({ db: dbA, workerId: 'instance-a', pollMs: 5, batch: 10, handlers: { once: handler } }),
        createJobRunner({ db: dbB, workerId: 'instance-b', pollMs: 5, batch: 10, handlers: { once: handler } }),
      ];
      runners.forEach((r) => r.start());
      try {
        await waitFor(async () => {
          const [row] = await db()
            .select({ n: sql<number>`count(*)::int` })
            .from(jobs)
            .where(sql`${jobs.completedAt} is not null`);
          return row!.n === 200;
        }, 20_000);
      } finally {
        await Promise.all(runners.map((r) => r.stop()));
      }

      const rows = await findJobs({ db: db(), kind: 'once' });
      expect(rows).toHaveLength(200);
      expect(runs.size).toBe(200);
      for (const row of rows) {
        expect(runs.get(row.id)).toEqual([row.claimedBy]);
        expect(row).toMatchObject({ attempts: 1, lastError: null });
        expect(jobStatus(row)).toBe('done');
      }
    });

    it('concurrent claims never hand out the same job twice', async () => {
      const [dbA, dbB] = instanceDbs();
      await db()
        .insert(jobs)
        .values(Array.from({ length: 100 }, (_, i) => ({ kind: 'race', runAt: ago(1000), payload: { i } })));
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          claimDueJobs({ db: i % 2 ? dbA : dbB, workerId: `w${i}`, limit: 10, leaseMs: 60_000 }),
        ),
      );
      const ids = claims.flat().map((j) => j.id);
      expect(ids).toHaveLength(100);
      expect(new Set(ids).size).toBe(100);
      expect(await claimDueJobs({ db: db(), workerId: 'late', limit: 10, leaseMs: 60_000 })).toEqual([]);
    });
  });

  describe('leases', () => {
    it("re-claims a crashed worker's job after the lease, and fences the crashed worker out", async () => {
      const job = await scheduleJob({ db: db(), kind: 'work', runAt: ago(1000) });
      const [crashed] = await claimDueJobs({ db: db(), workerId: 'crashed', limit: 1, leaseMs: 60_000 });
      expect(crashed).toMatchObject({ id: job.id, claimedBy: 'crashed', attempts: 1 });

      let calls = 0;
      const runner = createJobRunner({
        db: db(),
        workerId: 'survivor',
        leaseMs: 60_000,
        handlers: { work: async () => void calls++ },
      });
      expect(await runner.runOnce()).toBe(0); // the lease still holds

      await db()
        .update(jobs)
        .set({ claimedAt: ago(2 * 60_000) })
        .where(eq(jobs.id, job.id));
      const [stale] = await findJobs({ db: db(), ids: [job.id] });
      expect(await runner.runOnce()).toBe(1);
      expect(calls).toBe(1);
      expect(await getJob(job.id)).toMatchObject({ claimedBy: 'survivor', attempts: 2, lastError: null });
      expect(jobStatus(await getJob(job.id))).toBe('done');

      // The crashed worker comes back: its claim no longer matches, so it can neither complete nor retry the job.
      const staleClaim = stale as ClaimedJob;
      expect(await completeJob({ db: db(), job: staleClaim })).toBe(false);
      expect(await failJob({ db: db(), job: staleClaim, error: 'late', retryAt: fromNow(1000) })).toBe(false);
      expect(await getJob(job.id)).toMatchObject({ claimedBy: 'survivor', lastError: null });
    });

    it('a real short lease expires: another worker takes the job', async () => {
      const job = await scheduleJob({ db: db(), kind: 'work', runAt: ago(1000) });
      const claimedAt = Date.now();
      await claimDueJobs({ db: db(), workerId: 'crashed', limit: 1, leaseMs: 400 });
      // Asked at once with a lease a loaded machine cannot outlast between the two calls: the claim holds.
      expect(await claimDueJobs({ db: db(), workerId: 'other', limit: 1, leaseMs: 60_000 })).toEqual([]);
      let again: ClaimedJob | undefined;
      await waitFor(async () => {
        [again] = await claimDueJobs({ db: db(), workerId: 'other', limit: 1, leaseMs: 400 });
        return again !== undefined;
      });
      expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(400);
      expect(again).toMatchObject({ id: job.id, claimedBy: 'other', attempts: 2 });
    });

    it('a handler that outlives the lease keeps its claim with the heartbeat: no second run', async () => {
      const job = await scheduleJob({ db: db(), kind: 'slow', runAt: ago(1000) });
      let calls = 0;
      // A lease of 1.5 s renewed every 500 ms: a renewal may land up to a second late (a loaded machine's stalls)
      // and still keep the claim, which a 300 ms lease did not on CI's two busy cores.
      const slow = async () => {
        calls++;
        await sleep(4600); // more than three leases
      };
      const a = createJobRunner({ db: db(), workerId: 'a', pollMs: 10, leaseMs: 1500, handlers: { slow } });
      const b = createJobRunner({ db: db(), workerId: 'b', pollMs: 10, leaseMs: 1500, handlers: { slow } });
      a.start();
      await waitFor(() => calls === 1);
      b.start();
      await waitFor(async () => jobStatus(await getJob(job.id)) === 'done');
      await Promise.all([a.stop(), b.stop()]);
      expect(calls).toBe(1);
      expect(await getJob(job.id)).toMatchObject({ claimedBy: 'a', attempts: 1 });
    });
  });

  describe('failures', () => {
    const retry = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 60_000, jitter: 0 };

    it('retries with exponential backoff, stores lastError, counts attempts, and gives up after maxAttempts', async () => {
      let calls = 0;
      const { logger, entries } = recordingLogger();
      const runner = createJobRunner({
        db: db(),
        retry,
        logger,
        handlers: {
          flaky: async () => {
            calls++;
            throw new Error('Riot is down');
          },
        },
      });
      const job = await scheduleJob({ db: db(), kind: 'flaky', runAt: ago(1000) });

      for (const [attempt, delay] of [
        [1, 1000],
        [2, 2000],
      ] as const) {
        const before = Date.now();
        expect(await runner.runOnce()).toBe(1);
        const row = await getJob(job.id);
        expect(row).toMatchObject({
          attempts: attempt,
          lastError: 'Error: Riot is down',
          claimedAt: null,
          completedAt: null,
        });
        expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + delay);
        expect(row.runAt.getTime()).toBeLessThanOrEqual(Date.now() + delay);
        expect(await runner.runOnce()).toBe(0); // not due before the backoff
        await makeDue(job.id);
      }

      expect(await runner.runOnce()).toBe(1);
      const dead = await getJob(job.id);
      expect(dead).toMatchObject({ attempts: 3, lastError: 'Error: Riot is down' });
      expect(dead.completedAt).toBeInstanceOf(Date);
      expect(jobStatus(dead)).toBe('dead');
      await makeDue(job.id);
      expect(await runner.runOnce()).toBe(0);
      expect(calls).toBe(3);
      expect(entries.filter((e) => e.msg === 'job runner: job failed permanently')).toHaveLength(1);
    });

    it('a job that fails then succeeds is done, with lastError cleared', async () => {
      let calls = 0;
      const runner = createJobRunner({
        db: db(),
        retry,
        handlers: {
          flaky: async () => {
            if (++calls === 1) throw new Error('timeout');
          },
        },
      });
      const job = await scheduleJob({ db: db(), kind: 'flaky', runAt: ago(1000) });
      await runner.runOnce();
      expect(await getJob(job.id)).toMatchObject({ lastError: 'Error: timeout', attempts: 1 });
      await makeDue(job.id);
      await runner.runOnce();
      expect(await getJob(job.id)).toMatchObject({ lastError: null, attempts: 2 });
      expect(jobStatus(await getJob(job.id))).toBe('done');
    });

    it("RetryLaterError retries at the remote's time instead of the backoff's, and still counts toward maxAttempts", async () => {
      const later = fromNow(42_000);
      const runner = createJobRunner({
        db: db(),
        retry,
        handlers: {
          limited: async () => {
            throw new RetryLaterError('429 from the remote', later);
          },
        },
      });
      const job = await scheduleJob({ db: db(), kind: 'limited', runAt: ago(1000) });
      await runner.runOnce();
      const row = await getJob(job.id);
      expect(row).toMatchObject({ attempts: 1, lastError: 'RetryLaterError: 429 from the remote', completedAt: null });
      expect(row.runAt.getTime()).toBe(later.getTime());
      await makeDue(job.id);
      await runner.runOnce();
      await makeDue(job.id);
      await runner.runOnce();
      expect(jobStatus(await getJob(job.id))).toBe('dead');
    });

    it('PermanentJobError and an unknown kind make the job dead at once, with a clear lastError', async () => {
      const runner = createJobRunner({
        db: db(),
        retry,
        handlers: {
          gone: async () => {
            throw new PermanentJobError('Scrim s1 no longer exists');
          },
        },
      });
      const gone = await scheduleJob({ db: db(), kind: 'gone', runAt: ago(1000) });
      const mystery = await scheduleJob({ db: db(), kind: 'mystery', runAt: ago(1000) });
      expect(await runner.runOnce()).toBe(2);
      expect(await getJob(gone.id)).toMatchObject({
        attempts: 1,
        lastError: 'PermanentJobError: Scrim s1 no longer exists',
      });
      expect(jobStatus(await getJob(gone.id))).toBe('dead');
      const unknown = await getJob(mystery.id);
      expect(unknown.lastError).toMatch(/^No handler for job kind "mystery"/);
      expect(jobStatus(unknown)).toBe('dead');
    });

    it('a job whose every lease expired (crash loop) dies without running again', async () => {
      let calls = 0;
      const runner = createJobRunner({ db: db(), retry, handlers: { poison: async () => void calls++ } });
      const job = await scheduleJob({ db: db(), kind: 'poison', runAt: ago(1000) });
      await db()
        .update(jobs)
        .set({ attempts: 3, claimedAt: ago(10 * 60_000), claimedBy: 'crashed' })
        .where(eq(jobs.id, job.id));
      expect(await runner.runOnce()).toBe(1);
      expect(calls).toBe(0);
      const row = await getJob(job.id);
      expect(row.lastError).toMatch(/^Gave up after 3 attempts/);
      expect(jobStatus(row)).toBe('dead');
    });

    it('computeRetryAt doubles the delay up to the cap, with jitter on top, and stops at maxAttempts', () => {
      const now = new Date(0);
      const policy = { maxAttempts: 6, baseDelayMs: 1000, maxDelayMs: 5000, jitter: 0.5 };
      const at = (attempts: number, random = 0) =>
        computeRetryAt({ attempts, policy, now, random: () => random })?.getTime();
      expect([1, 2, 3, 4, 5].map((a) => at(a))).toEqual([1000, 2000, 4000, 5000, 5000]);
      expect(at(2, 1)).toBe(3000);
      expect(at(6)).toBeUndefined();
    });

    it('never throws out of the loop when the database fails; it logs and keeps polling', async () => {
      const broken = new Proxy({} as DbOrTx, {
        get() {
          throw new Error('connection refused');
        },
      });
      const { logger, entries } = recordingLogger();
      const runner = createJobRunner({ db: broken, pollMs: 5, logger });
      runner.start();
      await waitFor(() => entries.filter((e) => e.msg === 'job runner: claiming due jobs failed').length >= 2);
      expect(runner.running).toBe(true);
      await runner.stop();
      expect(runner.running).toBe(false);
    });
  });

  describe('scheduling with a dedupeKey', () => {
    it('scheduling twice keeps one pending job with the latest runAt and payload', async () => {
      const first = await scheduleJob({
        db: db(),
        kind: 'scrim-start',
        dedupeKey: 'scrim-start:s1',
        runAt: fromNow(60_000),
        payload: { v: 1 },
      });
      const later = fromNow(120_000);
      const second = await scheduleJob({
        db: db(),
        kind: 'scrim-start',
        dedupeKey: 'scrim-start:s1',
        runAt: later,
        payload: { v: 2 },
      });
      expect(second.id).toBe(first.id);
      const rows = await findJobs({ db: db(), dedupeKey: 'scrim-start:s1' });
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ runAt: later, payload: { v: 2 }, completedAt: null });
    });

    it('concurrent schedules of one key make one job', async () => {
      const runAt = fromNow(60_000);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          scheduleJob({ db: db(), kind: 'k', dedupeKey: 'same', runAt: i % 2 ? runAt : fromNow(i), payload: { i } }),
        ),
      );
      expect(await findJobs({ db: db(), dedupeKey: 'same' })).toHaveLength(1);
    });

    it('an identical schedule is a no-op, even while the job runs', async () => {
      const runAt = ago(1000);
      const input = { db: db(), kind: 'k', dedupeKey: 'same', runAt, payload: { a: 1 } };
      const job = await scheduleJob(input);
      const [claimed] = await claimDueJobs({ db: db(), workerId: 'w', limit: 1, leaseMs: 60_000 });
      expect(await scheduleJob(input)).toMatchObject({ id: job.id, claimedBy: 'w', attempts: 1 });
      expect(await completeJob({ db: db(), job: claimed! })).toBe(true);
    });

    it('rescheduling a running job supersedes that run: its completion is discarded and it runs again', async () => {
      const job = await scheduleJob({ db: db(), kind: 'k', dedupeKey: 'moving', runAt: ago(1000) });
      const [claimed] = await claimDueJobs({ db: db(), workerId: 'w', limit: 1, leaseMs: 60_000 });
      const newRunAt = fromNow(60_000);
      await scheduleJob({ db: db(), kind: 'k', dedupeKey: 'moving', runAt: newRunAt });
      expect(await completeJob({ db: db(), job: claimed! })).toBe(false);
      expect(await getJob(job.id)).toMatchObject({ runAt: newRunAt, claimedAt: null, attempts: 0, completedAt: null });
    });

    it('a done job is re-armed by a new schedule, unless ifCompleted is "keep"', async () => {
      let calls = 0;
      const runner = createJobRunner({ db: db(), handlers: { k: async () => void calls++ } });
      const job = await scheduleJob({ db: db(), kind: 'k', dedupeKey: 'once', runAt: ago(2000) });
      await runner.runOnce();
      expect(jobStatus(await getJob(job.id))).toBe('done');

      await scheduleJob({ db: db(), kind: 'k', dedupeKey: 'once', runAt: ago(1000), ifCompleted: 'keep' });
      expect(await runner.runOnce()).toBe(0);
      expect(jobStatus(await getJob(job.id))).toBe('done');

      const rearmed = await scheduleJob({ db: db(), kind: 'k', dedupeKey: 'once', runAt: ago(1000) });
      expect(rearmed).toMatchObject({ id: job.id, completedAt: null, attempts: 0, lastError: null });
      expect(await runner.runOnce()).toBe(1);
      expect(calls).toBe(2);
    });

    it('cancelJob removes a pending job and leaves done ones as history', async () => {
      await scheduleJob({ db: db(), kind: 'k', dedupeKey: 'cancel-me', runAt: fromNow(60_000) });
      expect(await cancelJob({ db: db(), dedupeKey: 'cancel-me' })).toBe(true);
      expect(await findJobs({ db: db(), dedupeKey: 'cancel-me' })).toEqual([]);
      expect(await cancelJob({ db: db(), dedupeKey: 'cancel-me' })).toBe(false);

      const runner = createJobRunner({ db: db(), handlers: { k: async () => {} } });
      await scheduleJob({ db: db(), kind: 'k', dedupeKey: 'history', runAt: ago(1000) });
      await runner.runOnce();
      expect(await cancelJob({ db: db(), dedupeKey: 'history' })).toBe(false);
      expect(await findJobs({ db: db(), dedupeKey: 'history' })).toHaveLength(1);
    });

    it('without a dedupeKey every schedule is a new job', async () => {
      await scheduleJob({ db: db(), kind: 'k', runAt: fromNow(1000) });
      await scheduleJob({ db: db(), kind: 'k', runAt: fromNow(1000) });
      expect(await findJobs({ db: db(), kind: 'k' })).toHaveLength(2);
    });
  });

  describe('lifecycle', () => {
    let runners: JobRunner[] = [];
    afterAll(async () => {
      await Promise.all(runners.map((r) => r.stop()));
      runners = [];
    });
    const track = (r: JobRunner) => (runners.push(r), r);

    it('restart-safe: a job scheduled while no runner runs is run by the next one', async () => {
      const ran: string[] = [];
      const handlers = {
        work: async (_job: ClaimedJob, { workerId }: { workerId: string }) => void ran.push(workerId),
        ping: async () => {},
      };
      const first = track(createJobRunner({ db: db(), workerId: 'before-restart', pollMs: 10, handlers }));
      first.start();
      await untilPolled(first);
      await first.stop();

      // stop() has resolved: the first runner's loop is over, nothing of it can claim the job any more.
      const job = await scheduleJob({ db: db(), kind: 'work', runAt: ago(1000) });
      expect(first.running).toBe(false);
      expect(await getJob(job.id)).toMatchObject({ attempts: 0, claimedAt: null });

      const second = track(createJobRunner({ db: db(), workerId: 'after-restart', pollMs: 10, handlers }));
      second.start();
      await waitFor(async () => jobStatus(await getJob(job.id)) === 'done');
      await second.stop();
      expect(ran).toEqual(['after-restart']);
    });

    it('stop() waits for the jobs in flight', async () => {
      let started = false;
      const runner = track(
        createJobRunner({
          db: db(),
          pollMs: 10,
          handlers: {
            slow: async () => {
              started = true;
              await sleep(200);
            },
          },
        }),
      );
      const job = await scheduleJob({ db: db(), kind: 'slow', runAt: ago(1000) });
      runner.start();
      await waitFor(() => started);
      await runner.stop();
      expect(jobStatus(await getJob(job.id))).toBe('done');
    });

    it('a wake() while the runner works out its idle wait is not lost', async () => {
      // The idle wait's query (the next due time) answers, then its answer is held: a job scheduled and woken
      // for meanwhile finds the runner about to sleep for a whole poll.
      let holding = false;
      let entered!: () => void;
      let release!: () => void;
      const inIdleWait = new Promise<void>((resolve) => (entered = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      const real = db();
      const gated = new Proxy(real, {
        get(target, key) {
          const value = Reflect.get(target, key, target) as unknown;
          if (key !== 'select' || typeof value !== 'function')
            return typeof value === 'function' ? value.bind(target) : value;
          return (fields?: Record<string, unknown>) => {
            if (!holding || !fields || !('ms' in fields)) return target.select(fields as never);
            return {
              from: (table: never) => ({
                where: (where: never) =>
                  target
                    .select(fields as never)
                    .from(table)
                    .where(where)
                    .then(async (rows: unknown) => {
                      entered();
                      await held;
                      return rows;
                    }),
              }),
            };
          };
        },
      });
      let calls = 0;
      const runner = track(
        createJobRunner({
          db: gated,
          pollMs: 60_000,
          handlers: { now: async () => void calls++, ping: async () => {} },
        }),
      );
      runner.start();
      await untilPolled(runner);
      holding = true;
      runner.wake();
      await inIdleWait;
      const job = await scheduleJob({ db: real, kind: 'now' });
      runner.wake();
      release();
      await waitFor(async () => jobStatus(await getJob(job.id)) === 'done', 2000);
      expect(calls).toBe(1);
      await runner.stop();
    });

    it('wake() runs a job due now without waiting for the poll', async () => {
      let calls = 0;
      const runner = track(
        createJobRunner({
          db: db(),
          pollMs: 60_000,
          handlers: { now: async () => void calls++, ping: async () => {} },
        }),
      );
      runner.start();
      await untilPolled(runner); // it has polled; its next poll is a minute away
      const job = await scheduleJob({ db: db(), kind: 'now' });
      runner.wake();
      await waitFor(async () => jobStatus(await getJob(job.id)) === 'done', 10_000);
      expect(calls).toBe(1);
      await runner.stop();
    });

    it('an idle runner wakes when its next job falls due, not at its next poll', async () => {
      let ranAt = 0;
      const job = await scheduleJob({ db: db(), kind: 'soon', runAt: new Date(Date.now() + 400) });
      const runner = track(
        createJobRunner({ db: db(), pollMs: 60_000, handlers: { soon: async () => void (ranAt = Date.now()) } }),
      );
      runner.start();
      await waitFor(async () => jobStatus(await getJob(job.id)) === 'done', 10_000);
      expect(ranAt - job.runAt.getTime()).toBeGreaterThanOrEqual(0);
      // Well before the next poll (a minute away), with room for a loaded machine's late timers.
      expect(ranAt - job.runAt.getTime()).toBeLessThan(5000);
      await runner.stop();
    });

    it('the app has a runner that tests start themselves and that stops with the app', async () => {
      const ctx = await createTestApp();
      try {
        expect(ctx.app.jobs.running).toBe(false);
        let calls = 0;
        ctx.app.jobs.register('ping', async () => void calls++);
        expect(() => ctx.app.jobs.register('ping', async () => {})).toThrow(/already registered/);
        const job = await scheduleJob({ db: ctx.app.db, kind: 'ping' });
        ctx.app.jobs.start();
        ctx.app.jobs.wake();
        await waitFor(async () => {
          const [row] = await findJobs({ db: ctx.app.db, ids: [job.id] });
          return jobStatus(row!) === 'done';
        });
        expect(calls).toBe(1);
      } finally {
        await ctx.close();
      }
      expect(ctx.app.jobs.running).toBe(false);
    });
  });
});
