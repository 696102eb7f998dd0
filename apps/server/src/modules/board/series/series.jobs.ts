import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PermanentJobError, type ClaimedJob } from '../../../jobs/index.js';
import { scrimDepsOf, type ScrimAggregate } from '../../scrims/index.js';
import type { SeriesDeps } from '../board.context.js';
import { publishSeriesChange } from '../board.live.js';
import { checkLineups } from './cancel.js';
import { tellGameCode } from './game-notices.js';
import { followGameOneStart, remindLineups, SERIES_LINEUP_CHECK_JOB, SERIES_LINEUP_REMIND_JOB } from './lineup-jobs.js';
import { advanceSeries, scheduleSeriesAdvance, SERIES_ADVANCE_JOB } from './progress.js';

function seriesIdOf(job: ClaimedJob): string {
  const { seriesId } = job.payload as { seriesId?: unknown };
  if (typeof seriesId !== 'string') throw new PermanentJobError('series job without a seriesId');
  return seriesId;
}

/**
 * A series follows its games by itself: every committed change of a series game's scrim tells the series' page,
 * game 1's start moves the series' start and its lineup jobs ('series.lineup-remind' reminds the captains of a team
 * without a lineup, 'series.lineup-check' at the lock: a team without one has not shown up), and a confirmed result
 * (or an abandoned game) asks for the series to advance ('series.advance': scores, its end or its next game); a
 * game's tournament code is told to the lineups and captains; a game's start is the board's `gameStarted`.
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
    const log = app.log.child({ module: 'series' });
    app.jobs.register(SERIES_ADVANCE_JOB, async (job) => advanceSeries({ deps, seriesId: seriesIdOf(job) }));
    app.jobs.register(SERIES_LINEUP_CHECK_JOB, async (job) => checkLineups({ deps, seriesId: seriesIdOf(job) }));
    app.jobs.register(SERIES_LINEUP_REMIND_JOB, async (job) => remindLineups({ deps, seriesId: seriesIdOf(job) }));
    // The scrim names its series (scrim_aggregate), private or made public by an admin since.
    const gameOf = ({ scrim, series }: ScrimAggregate) =>
      series && { seriesId: series.id, number: series.number, region: scrim.region };
    app.scrimLifecycle.on('changed', async ({ aggregate }) => {
      const game = gameOf(aggregate);
      if (!game) return;
      // The one place a series' page hears that one of its games' scrims changed (see publishSeriesCommit).
      publishSeriesChange(app.io, game.seriesId);
      const { scrim } = aggregate;
      if (
        game.number === 1 &&
        (await followGameOneStart({ db: app.db, seriesId: game.seriesId, startsAt: scrim.gameStartTime }))
      )
        app.jobs.wake();
      if (scrim.resultStatus !== 'confirmed' && !scrim.abandonedAt) return;
      await scheduleSeriesAdvance({ db: app.db, seriesId: game.seriesId });
      app.jobs.wake();
    });
    app.scrimLifecycle.on('tournamentCode', async ({ aggregate }) => {
      const game = gameOf(aggregate);
      if (!game) return;
      // The code is stored and on the pages already: a failed notice is logged, never the code's failure.
      await tellGameCode({ deps, seriesId: game.seriesId, aggregate }).catch((error: unknown) =>
        log.warn({ error: String(error), seriesId: game.seriesId }, 'series: telling a game code failed'),
      );
    });
    // A game's start job ran: the board's followers hear that the game is live.
    app.scrimLifecycle.on('started', async ({ aggregate }) => {
      const game = gameOf(aggregate);
      if (game) await app.boardLifecycle.emit('gameStarted', game);
    });
  },
  { name: 'series-jobs', dependencies: ['jobs', 'board-context'] },
);
