import { idParamsSchema, reliabilitySchema, scrimSchema, cancelScrimBodySchema } from '@scrim-gym/shared';
import { routeSchema } from '../../../lib/route-schema.js';
import { viewerOf } from '../../auth/index.js';
import type { ScrimDeps } from '../core/scrim-change.js';
import { tags, type ScrimsApp } from '../core/scrim-routes.kit.js';
import { cancelScrim } from './cancel.js';
import { getReliability } from './reliability.js';
import type { ChampionCatalogue } from '../draft/draft.js';

const scrimAnswer = { response: { 200: scrimSchema } };

export interface ScrimsRoutesOptions {
  /**
   * Whether the viewer sees the user's private scrims (in the reliability's list of broken commitments): users'
   * rule, passed in by app.ts because users imports scrims.
   */
  seesPrivateScrims: (viewer: { id: string; isAdmin: boolean }, userId: string) => boolean;
  /** Data Dragon's champion list for the draft room: the riot module's client, passed in by app.ts (riot imports scrims). */
  champions: ChampionCatalogue;
}

/** Commitments: cancel a scrim with a reason (who runs it), and a user's reliability. */
export function commitmentRoutes(app: ScrimsApp, deps: ScrimDeps, { seesPrivateScrims }: ScrimsRoutesOptions) {
  app.post(
    '/scrims/:id/cancel',
    {
      // Admins and hosts only: anyone else is refused before the body is read (the scrim's host: the service).
      onRequest: app.authorizeAdminOrHost,
      ...routeSchema(
        tags,
        "Cancel a scrim with a reason (an admin or the scrim's community host): everyone in it and on its waitlist " +
          'is told; it stays visible as cancelled and refuses every change',
        { params: idParamsSchema, body: cancelScrimBodySchema, ...scrimAnswer },
      ),
    },
    async (request) =>
      cancelScrim({ deps, viewer: viewerOf(request), scrimId: request.params.id, reason: request.body.reason }),
  );

  app.get(
    '/users/:id/reliability',
    routeSchema(
      tags,
      "A player's reliability: new below 5 commitments, else the share of their last 20 kept; what it counts, " +
        'their no-shows and late leaves with the scrims, and their no-show cooldown',
      { params: idParamsSchema, response: { 200: reliabilitySchema } },
    ),
    async (request) =>
      getReliability({
        db: deps.db,
        userId: request.params.id,
        seesPrivate: seesPrivateScrims(viewerOf(request), request.params.id),
      }),
  );
}
