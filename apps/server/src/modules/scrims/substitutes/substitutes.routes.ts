import { idParamsSchema, scrimSchema, substituteBodySchema } from '@scrim-gym/shared';
import { routeSchema } from '../../../lib/route-schema.js';
import { viewerOf } from '../../auth/index.js';
import type { ScrimDeps } from '../core/scrim-change.js';
import { tags, type ScrimsApp } from '../core/scrim-routes.kit.js';
import { described } from '../core/described.js';
import { substitutePlayer } from './substitute.js';

/** Replace a player who did not come (the scrim's host or an admin), after the start. */
export function substituteRoutes(app: ScrimsApp, deps: ScrimDeps) {
  app.post(
    '/scrims/:id/substitute',
    {
      // Admins and hosts only: anyone else is refused before the body is read (the scrim's host: the service).
      onRequest: app.authorizeAdminOrHost,
      ...described(
        routeSchema(tags, "Replace a player who did not come (the scrim's host or an admin), after the start", {
          params: idParamsSchema,
          body: substituteBodySchema,
          response: { 200: scrimSchema },
        }),
        '`inUserId` takes the exact slot of `outUserId` (and the lobby captaincy if they held it), and leaves the ' +
          "waitlist if on it. 403 unless the host or an admin, and HOST_LIMIT when the host's `inUserId` is not on " +
          'the waitlist; 409 before the start, after a confirmed result, on a ' +
          'cancelled or abandoned scrim, when `outUserId` is not a player, or `inUserId` is banned, a player or a ' +
          'caster of the scrim; 404 when `inUserId` does not exist. The absentee gets a no-show.',
      ),
    },
    async (request) =>
      (
        await substitutePlayer({
          deps,
          viewer: viewerOf(request),
          scrimId: request.params.id,
          outUserId: request.body.outUserId,
          inUserId: request.body.inUserId,
        })
      ).scrim,
  );
}
