import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scrimDepsOf } from '../../scrims/index.js';
import { z } from 'zod';
import { idParamsSchema, scrimSchema } from '@scrim-gym/shared';
import { errorResponses } from '../../../lib/responses.js';
import { gameCallbackBodySchema, receiveGameCallback } from './tournaments.results.js';
import { regenerateTournamentCode } from './tournaments.service.js';

const callbackParamsSchema = z.object({ secret: z.string().min(1).max(200) });
const callbackResponseSchema = z.object({
  outcome: z.enum(['recorded', 'already_set', 'unmatched', 'awaiting_result']),
});

/** Riot's game-end callback, and the admins' regenerate. */
async function tournamentEndpoints(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, io: app.io, riot: app.riot, config: app.config, scrims: scrimDepsOf(app) };

  // A scrim's route (tagged with the scrim calls): the session, then the admin flag, before the request is parsed.
  app.post(
    '/scrims/:id/regenerate-tournament-code',
    {
      onRequest: [app.authenticate, app.authorizeAdmin],
      schema: {
        tags: ['scrims'],
        summary: 'Replace the tournament code with a new one (admin); the old code no longer works',
        params: idParamsSchema,
        response: { 200: scrimSchema, ...errorResponses },
      },
    },
    // authorizeAdmin let only an active admin through.
    async (request) =>
      regenerateTournamentCode({
        deps,
        viewer: { id: request.auth.user!.id, isAdmin: true },
        scrimId: request.params.id,
      }),
  );

  // No session: the unguessable secret in the path is the credential.
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
        deps,
        secret: request.params.secret,
        body: request.body,
      }),
    }),
  );
}

export const tournamentsRoutes = fp(tournamentEndpoints, { name: 'tournaments-routes', dependencies: ['riot-client'] });
