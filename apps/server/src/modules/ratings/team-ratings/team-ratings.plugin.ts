import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { syncSeriesGameRating } from './team-ratings.service.js';

/**
 * Follows the scrims (lifecycle events, after their commit): every committed change of a series game's scrim (a
 * result reported, confirmed, edited or cleared by a captain, a host, an admin or Riot) re-syncs its team rating
 * (syncSeriesGameRating, idempotent, so the board module calling it too changes nothing). The scrim names its series
 * (scrim_aggregate), private or made public by an admin since, so any other scrim's change takes no query.
 * A deleted scrim's team game is reversed inside the deletion (unrateScrim). A failure is logged and never
 * reaches the scrim's action, whose change has committed already; the game's next change syncs it again.
 */
export const teamRatingsPlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'team-ratings' });
    app.scrimLifecycle.on('changed', async ({ aggregate }) => {
      if (!aggregate.series) return;
      try {
        await syncSeriesGameRating({ db: app.db, scrimId: aggregate.scrim.id });
      } catch (err) {
        log.error({ err, scrimId: aggregate.scrim.id }, 'team ratings: syncing a series game failed');
      }
    });
  },
  { name: 'team-ratings', dependencies: ['scrims-context'] },
);
