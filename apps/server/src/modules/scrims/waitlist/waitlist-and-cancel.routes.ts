import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cancelScrimBodySchema,
  idParamsSchema,
  reliabilitySchema,
  scrimSchema,
  waitlistBodySchema,
} from '@scrim-gym/shared';
import { routeSchema } from '../../../lib/route-schema.js';
import { viewerOf } from '../../auth/index.js';
import { cancelScrim } from '../commitments/cancel.js';
import { getReliability } from '../commitments/reliability.js';
import type { ScrimDeps } from '../core/scrims.service.js';
import { joinWaitlist, leaveWaitlist } from './waitlist.js';

const tags = ['scrims'];

export interface ScrimsRoutesOptions {
  /**
   * Whether the viewer sees the user's private scrims (in the reliability's list of broken commitments): users'
   * rule, passed in by app.ts because users imports scrims.
   */
  seesPrivateScrims: (viewer: { id: string; isAdmin: boolean }, userId: string) => boolean;
}
const scrimAnswer = { response: { 200: scrimSchema } };

/**
 * The show-up scrim calls: the waitlist, cancel with a reason, a user's reliability. Registered by scrimsRoutes
 * inside its scope, after its `authenticate` hook: every call needs a session of a user who is not banned.
 */
export function showUpRoutes(fastify: FastifyInstance, deps: ScrimDeps, { seesPrivateScrims }: ScrimsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
