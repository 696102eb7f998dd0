import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PermanentJobError, type ClaimedJob } from '../../../jobs/index.js';
import { scrimDepsOf, type ScrimAggregate } from '../../scrims/index.js';
import type { SeriesDeps } from '../board.context.js';
import { publishSeriesChange } from '../board.live.js';
import { checkLineups, SERIES_LINEUP_CHECK_JOB } from './cancel.js';
import { advanceSeries, scheduleSeriesAdvance, SERIES_ADVANCE_JOB } from './progress.js';
import { findSeriesOfScrim } from './series.repository.js';

function seriesIdOf(job: ClaimedJob): string {
  const { seriesId } = job.payload as { seriesId?: unknown };
  if (typeof seriesId !== 'string') throw new PermanentJobError('series job without a seriesId');
  return seriesId;
}

/**
 * A series follows its games by itself: every committed change of a series game's scrim tells the series' page, and
 * one with a confirmed result (or an abandoned game) asks for the series to advance ('series.advance': scores, its
 * end or its next game); lineups are checked when they lock ('series.lineup-check': a team without one has not
 * shown up); a game's start is the board's `gameStarted`.
 */
export const seriesJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps: SeriesDeps = {
      db: app.db,
      notifier: app.notifier,
      io: app.io,
      lifecycle: app.boardLifecycle,
      scrims: scrimDepsOf(app),
    };
    app.jobs.register(SERIES_ADVANCE_JOB, async (job) => advanceSeries({ deps, seriesId: seriesIdOf(job) }));
    app.jobs.register(SERIES_LINEUP_CHECK_JOB, async (job) => checkLineups({ deps, seriesId: seriesIdOf(job) }));
    // Series games are private scrims (db/schema/board.ts): a public scrim's change is never looked up.
    const gameOf = async ({ scrim }: ScrimAggregate) =>
      scrim.isPrivate ? findSeriesOfScrim({ db: app.db, scrimId: scrim.id }) : null;
    app.scrimLifecycle.on('changed', async ({ aggregate }) => {
      const game = await gameOf(aggregate);
      if (!game) return;
      const { seriesId } = game;
      // The one place a series' page hears that one of its games' scrims changed (see publishSeriesCommit).
      publishSeriesChange(app.io, seriesId);
      if (aggregate.scrim.resultStatus !== 'confirmed' && !aggregate.scrim.abandonedAt) return;
      await scheduleSeriesAdvance({ db: app.db, seriesId });
      app.jobs.wake();
    });
    // A game's start job ran: the board's followers hear that the game is live.
    app.scrimLifecycle.on('started', async ({ aggregate }) => {
      const game = await gameOf(aggregate);
      if (game) await app.boardLifecycle.emit('gameStarted', game);
    });
  },
  { name: 'series-jobs', dependencies: ['jobs', 'board-context'] },
);
