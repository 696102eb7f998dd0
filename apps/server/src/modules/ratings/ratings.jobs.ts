import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RATING_REPLAY_JOB } from './ratings.schedule.js';
import { replayPendingRatings } from './replay/replay.service.js';

/**
 * Registers the rating-replay job: it runs the current season's pending replay to its end, a chunk per
 * transaction. Idempotent: a replay already finished (by another runner, or by a season start) leaves nothing.
 */
export const ratingsJobsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.register(RATING_REPLAY_JOB, () => replayPendingRatings({ db: app.db }));
  },
  { name: 'ratings-jobs', dependencies: ['jobs'] },
);
