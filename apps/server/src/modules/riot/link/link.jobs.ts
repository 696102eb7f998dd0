import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PermanentJobError, type ClaimedJob } from '../../../jobs/index.js';
import { AppError } from '../../../lib/errors.js';
import { findUserById } from '../../auth/index.js';
import { isRiotError } from '../client/index.js';
import {
  RANK_REFRESH_INTERVAL_MS,
  RANK_REFRESH_JOB,
  RANK_REFRESH_RETRY_MS,
  scheduleRankRefresh,
} from './link.schedule.js';
import { refreshRiotAccount, type RiotLinkDeps } from './link.service.js';

interface JobLog {
  warn(obj: object, msg?: string): void;
}

/**
 * 'riot.rank-refresh': the linked account's Riot ID and rank, at most once a day, then the job re-arms itself
 * for the next day (a refresh on demand meanwhile moves it: the day counts from the last read). Riot's calls go
 * through the client's rate limiter; when Riot refuses or is down the job comes back later instead of dying.
 * An unlinked or deleted account ends the chain. Idempotent: a second run within the day only re-arms.
 */
export async function handleRankRefreshJob(deps: RiotLinkDeps & { log?: JobLog }, job: ClaimedJob, now = new Date()) {
  const { userId } = job.payload as { userId?: unknown };
  if (typeof userId !== 'string') throw new PermanentJobError(`job ${job.id} has no userId`);
  const user = await findUserById({ db: deps.db, id: userId });
  if (!user?.riotLinkedAt) return;
  const due = (user.rankRefreshedAt?.getTime() ?? 0) + RANK_REFRESH_INTERVAL_MS;
  // A minute of slack: a job due at the same moment as the last on-demand refresh's day is not a day early.
  if (due > now.getTime() + 60_000) {
    await scheduleRankRefresh({ db: deps.db, userId, runAt: new Date(due) });
    return;
  }
  let next = now.getTime() + RANK_REFRESH_INTERVAL_MS;
  try {
    await refreshRiotAccount({ deps, userId, keepNameOnClash: true, now });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'RIOT_NOT_LINKED') return;
    const riotError = isRiotError(error.cause) ? error.cause : null;
    if (!riotError) throw error;
    if (riotError.isTransient) next = now.getTime() + Math.max(RANK_REFRESH_RETRY_MS, riotError.retryAfterMs ?? 0);
    deps.log?.warn({ userId, kind: riotError.kind, call: riotError.call }, 'Riot rank refresh failed, trying later');
  }
  await scheduleRankRefresh({ db: deps.db, userId, runAt: new Date(next) });
}

/** Registers the rank refresh job on the app's runner (needs `app.riot` and `app.jobs`). */
export const riotLinkJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = {
      db: app.db,
      sessionForgetter: app.sessionForgetter,
      notifier: app.notifier,
      riot: app.riot,
      jobs: app.jobs,
      log: app.log,
    };
    app.jobs.register(RANK_REFRESH_JOB, (job) => handleRankRefreshJob(deps, job));
  },
  { name: 'riot-link-jobs', dependencies: ['jobs', 'riot-client', 'notifier', 'session-forgetter'] },
);
