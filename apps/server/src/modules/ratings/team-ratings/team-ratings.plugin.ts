import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { syncSeriesGameRating } from './team-ratings.service.js';

/**
 * Follows the scrims (lifecycle events, after their commit): every committed change of a series game's scrim (a
 * result reported, confirmed, edited or cleared by a captain, a host, an admin or Riot) re-syncs its team rating
 * (syncSeriesGameRating, idempotent, so the board module calling it too changes nothing). Series games are private
 * scrims, so a public scrim's change takes no query; a private one that is no series game costs two key reads.
 * A deleted scrim's team game is reversed inside the deletion (unrateScrim). A failure is logged and never
 * reaches the scrim's action, whose change has committed already; the game's next change syncs it again.
 */
export const teamRatingsPlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'team-ratings' });
    app.scrimLifecycle.on('changed', async ({ aggregate }) => {
      if (!aggregate.scrim.isPrivate) return;
      try {
        await syncSeriesGameRating({ db: app.db, scrimId: aggregate.scrim.id });
      } catch (err) {
        log.error({ err, scrimId: aggregate.scrim.id }, 'team ratings: syncing a series game failed');
      }
    });
  },
  { name: 'team-ratings', dependencies: ['scrims-context'] },
);
