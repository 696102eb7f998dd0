import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PermanentJobError, type ClaimedJob } from '../../../jobs/index.js';
import { scrimDepsOf } from '../../scrims/index.js';
import type { SeriesDeps } from '../board.context.js';
import { publishSeriesChange } from '../board.live.js';
import { checkLineups, followGameOneStart, SERIES_LINEUP_CHECK_JOB } from './cancel.js';
import { advanceSeries, scheduleSeriesAdvance, SERIES_ADVANCE_JOB } from './progress.js';

function seriesIdOf(job: ClaimedJob): string {
  const { seriesId } = job.payload as { seriesId?: unknown };
  if (typeof seriesId !== 'string') throw new PermanentJobError('series job without a seriesId');
  return seriesId;
}

/**
 * A series follows its games by itself: every committed change of a series game's scrim tells the series' page,
 * game 1's start moves the series' start and its lineup check, and a confirmed result (or an abandoned game) asks for
 * the series to advance ('series.advance': scores, its end or its next game); lineups are checked when they lock
 * ('series.lineup-check': a team without one has not shown up).
 */
export const seriesJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps: SeriesDeps = { db: app.db, notifier: app.notifier, io: app.io, scrims: scrimDepsOf(app) };
    app.jobs.register(SERIES_ADVANCE_JOB, async (job) => advanceSeries({ deps, seriesId: seriesIdOf(job) }));
    app.jobs.register(SERIES_LINEUP_CHECK_JOB, async (job) => checkLineups({ deps, seriesId: seriesIdOf(job) }));
    app.scrimLifecycle.on('changed', async ({ aggregate }) => {
      // The scrim names its series (scrim_aggregate), private or made public by an admin since.
      const seriesId = aggregate.series?.id;
      if (!seriesId) return;
      // The one place a series' page hears that one of its games' scrims changed (see publishSeriesCommit).
      publishSeriesChange(app.io, seriesId);
      const startsAt = aggregate.scrim.gameStartTime;
      if (aggregate.series!.number === 1 && (await followGameOneStart({ deps, seriesId, startsAt }))) app.jobs.wake();
      if (aggregate.scrim.resultStatus !== 'confirmed' && !aggregate.scrim.abandonedAt) return;
      await scheduleSeriesAdvance({ db: app.db, seriesId });
      app.jobs.wake();
    });
  },
  { name: 'series-jobs', dependencies: ['jobs'] },
);
