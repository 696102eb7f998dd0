import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../lib/responses.js';
import { gameCallbackBodySchema, receiveGameCallback } from './tournaments.results.js';

const callbackParamsSchema = z.object({ secret: z.string().min(1).max(200) });
const callbackResponseSchema = z.object({
  outcome: z.enum(['recorded', 'already_set', 'unmatched', 'awaiting_result']),
});

/** Riot's game-end callback. No session: the unguessable secret in the path is the credential. */
async function tournamentEndpoints(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/riot/callback/:secret',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['riot'],
        summary: "Riot's game-end callback for a tournament code (sets the scrim's winner)",
        params: callbackParamsSchema,
        body: gameCallbackBodySchema,
        response: { 200: callbackResponseSchema, 400: errorResponses[400], 404: errorResponses[404] },
      },
    },
    async (request) => ({
      outcome: await receiveGameCallback({
        deps: { db: app.db, io: app.io, riot: app.riot, config: app.config },
        secret: request.params.secret,
        body: request.body,
      }),
    }),
  );
}

export const tournamentsRoutes = fp(tournamentEndpoints, { name: 'tournaments-routes', dependencies: ['riot-client'] });
