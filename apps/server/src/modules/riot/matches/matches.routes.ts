import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MATCH_MESSAGES,
  attachMatchBodySchema,
  errorBodySchema,
  idParamsSchema,
  scrimMatchResponseSchema,
  userChampionStatsSchema,
  userMatchesQuerySchema,
  userMatchesResponseSchema,
  userRoleStatsSchema,
} from '@scrim-gym/shared';
import { badRequest } from '../../../lib/errors.js';
import { rateLimitedErrorResponses } from '../../../lib/responses.js';
import { routeSchema } from '../../../lib/route-schema.js';
import { viewerOf } from '../../auth/index.js';
import * as service from './matches.service.js';

/** The attach's answers: the usual ones, 429 (Riot's limit, with Retry-After) and 422 (Riot's answer unusable). */
const attachErrors = { ...rateLimitedErrorResponses, 422: errorBodySchema };

/** Match stats: a scrim's match, a user's history and totals, and the admins' attach by id. */
export async function matchesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, riot } = app;
  const deps: service.MatchDeps = { db, io: app.io, riot };

  app.get(
    '/scrims/:id/match',
    {
      onRequest: app.authenticate,
      ...routeSchema(['scrims'], "The scrim's match from Riot: its status, and the scoreboard once it is in", {
        params: idParamsSchema,
        response: { 200: scrimMatchResponseSchema },
      }),
    },
    // Every signed-in viewer who is not banned may open any scrim (private ones by their link): no other check.
    async (request) => service.getScrimMatch({ db, riot, scrimId: request.params.id }),
  );

  app.get(
    '/users/:id/matches',
    {
      onRequest: app.authenticate,
      ...routeSchema(['users'], "A user's games with Riot stats, newest first (a keyset page), by role and champion", {
        params: idParamsSchema,
        querystring: userMatchesQuerySchema,
        response: { 200: userMatchesResponseSchema },
      }),
    },
    async (request) =>
      service.listUserMatches({ db, viewer: viewerOf(request), userId: request.params.id, query: request.query }),
  );

  app.get(
    '/users/:id/champions',
    {
      onRequest: app.authenticate,
      ...routeSchema(['users'], "A user's champion pool: totals per champion over all their games, most played first", {
        params: idParamsSchema,
        response: { 200: userChampionStatsSchema },
      }),
    },
    async (request) => service.getUserChampionStats({ db, userId: request.params.id }),
  );

  app.get(
    '/users/:id/match-roles',
    {
      onRequest: app.authenticate,
      ...routeSchema(['users'], "A user's match stats per role (Top … Support, roles with games only)", {
        params: idParamsSchema,
        response: { 200: userRoleStatsSchema },
      }),
    },
    async (request) => service.getUserRoleStats({ db, userId: request.params.id }),
  );

  // Admins only, decided before the body is read (a player's body is neither read nor validated).
  app.post(
    '/admin/scrims/:id/attach-match',
    {
      onRequest: app.authorizeAdmin,
      // A refused body is answered with the attach's own code and text (MATCH_ID_INVALID), not the generic one.
      attachValidation: true,
      ...routeSchema(
        ['admin', 'scrims'],
        'Attach a Riot match by id to a scrim played with a manual lobby (admin): at least 8 of its 10 players must be in it',
        { params: idParamsSchema, body: attachMatchBodySchema, response: { 200: scrimMatchResponseSchema } },
        attachErrors,
      ),
    },
    async (request, reply) => {
      if (request.validationError) {
        if (request.validationError.validationContext === 'body')
          throw badRequest(MATCH_MESSAGES.matchIdInvalid, 'MATCH_ID_INVALID');
        throw request.validationError;
      }
      try {
        return await service.attachMatch({
          deps,
          adminId: request.auth.user!.id,
          scrimId: request.params.id,
          matchId: request.body.matchId,
        });
      } catch (error) {
        if (service.isRiotRateLimited(error)) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );
}
