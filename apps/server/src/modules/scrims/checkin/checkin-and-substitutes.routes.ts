import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, scrimSchema, substituteBodySchema } from '@scrim-gym/shared';
import { routeSchema } from '../../../lib/route-schema.js';
import { viewerOf } from '../../auth/index.js';
import { checkIn, confirmPlace } from './checkin.js';
import type { ScrimDeps } from '../core/scrims.service.js';
import { substitutePlayer } from '../substitutes/substitute.js';

const tags = ['scrims'];

/** A route's options with a longer OpenAPI description beside its summary. */
const described = <O extends { schema: object }>(options: O, description: string) => ({
  ...options,
  schema: { ...options.schema, description },
});

/**
 * Check-in and substitutes, registered by scrimsRoutes inside its scope (its session check runs
 * first: 401 without one, 403 banned, before the body is read).
 */
export function checkInRoutes(fastify: FastifyInstance, deps: ScrimDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/scrims/:id/check-in',
    described(
      routeSchema(tags, 'Check in for a scrim (yourself, a player of it), 30 to 5 minutes before its start', {
        params: idParamsSchema,
        response: { 200: scrimSchema },
      }),
      'No body. 403 for anyone who is not a player of the scrim; 409 when check-in is off, not open yet, closed, ' +
        'or the scrim is cancelled, abandoned or finished. Checking in again answers 200 and changes nothing. ' +
        'The answer is the scrim (`checkIn.checkedIn` lists who checked in), also published live.',
    ),
    async (request) => (await checkIn({ deps, viewer: viewerOf(request), scrimId: request.params.id })).scrim,
  );

  app.post(
    '/scrims/:id/confirm-place',
    described(
      routeSchema(tags, 'Confirm a place a host or admin gave you (yourself, a placed player of the scrim)', {
        params: idParamsSchema,
        response: { 200: scrimSchema },
      }),
      'No body. A player put in by a host or admin (assigned, filled at random, substitute) carries no ' +
        'commitment (no no-show, late leave or cooldown) until they check in or confirm here. 403 for anyone ' +
        'who is not a player of the scrim; 409 when the place is already theirs, or the scrim is over. The answer ' +
        'is the scrim (`placed` no longer lists the viewer), also published live.',
    ),
    async (request) => (await confirmPlace({ deps, viewer: viewerOf(request), scrimId: request.params.id })).scrim,
  );

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
