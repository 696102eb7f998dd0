import { idParamsSchema, scrimSchema, waitlistBodySchema } from '@scrim-gym/shared';
import { routeSchema } from '../../../lib/route-schema.js';
import { viewerOf } from '../../auth/index.js';
import type { ScrimDeps } from '../core/scrim-change.js';
import { tags, type ScrimsApp } from '../core/scrim-routes.kit.js';
import { joinWaitlist, leaveWaitlist } from './waitlist.js';

const scrimAnswer = { response: { 200: scrimSchema } };

/** A full scrim's waitlist: join it (a role, or any) and leave it, yourself. */
export function waitlistRoutes(app: ScrimsApp, deps: ScrimDeps) {
  app.post(
    '/scrims/:id/waitlist',
    routeSchema(
      tags,
      'Wait for a slot of a full scrim (yourself): a role (both teams have it) or any (all ten taken); a balanced ' +
        'scrim: ten sign-ups. First come first served: a freed slot goes to the first suitable entry at once',
      { params: idParamsSchema, body: waitlistBodySchema, ...scrimAnswer },
    ),
    async (request) =>
      joinWaitlist({ deps, viewer: viewerOf(request), scrimId: request.params.id, role: request.body.role }),
  );

  app.delete(
    '/scrims/:id/waitlist',
    routeSchema(tags, "Leave the scrim's waitlist (yourself)", { params: idParamsSchema, ...scrimAnswer }),
    async (request) => leaveWaitlist({ deps, viewer: viewerOf(request), scrimId: request.params.id }),
  );
}
