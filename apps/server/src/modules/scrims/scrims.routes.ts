import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createScrimBodySchema, idParamsSchema, scrimSchema, updateScrimBodySchema } from '@scrim-gym/shared';
import { retryAfterHook } from '../../lib/rate-limit-hook.js';
import { viewerOf } from '../auth/index.js';
import { checkInRoutes } from './checkin/checkin.routes.js';
import { draftRoutes } from './draft/draft.routes.js';
import { commitmentRoutes, type ScrimsRoutesOptions } from './commitments/commitments.routes.js';
import { draftStatsRoutes } from './draft-stats/draft-stats.routes.js';
import { substituteRoutes } from './substitutes/substitutes.routes.js';
import { waitlistRoutes } from './waitlist/waitlist.routes.js';
import { getScrim } from './core/scrim-reads.js';
import * as editing from './editing/scrim-editing.js';
import { adminOf, adminOnly, errors, runnerOf, runnersOnly, scrimResponse, tags } from './core/scrim-routes.kit.js';
import { imageRoutes } from './results/image.routes.js';
import { listingRoutes } from './listing/listing.routes.js';
import { resultRoutes } from './results/results.routes.js';
import { signupRoutes } from './signups/signups.routes.js';
import { slotRoutes } from './slots/slots.routes.js';
import { LISTS_CHANGED_EVENT, refreshCachedScrim, SCRIM_CHANGED_EVENT, scrimDepsOf } from './core/scrim-change.js';

/** Every scrim call of the API. Identity comes from the session; ids in paths and bodies are checked against it. */
export async function scrimsRoutes(fastify: FastifyInstance, options: ScrimsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = scrimDepsOf(app);
  // Another instance changed a scrim (its id: reloaded and patched into the lists here), or something that may
  // touch every list (all dropped).
  app.io.on(SCRIM_CHANGED_EVENT, (scrimId: unknown) => {
    refreshCachedScrim(deps, scrimId).catch((error: unknown) => {
      // The TTL bounds what this costs: the list is reloaded whole once it expires.
      app.log.warn({ err: error, scrimId }, 'could not refresh a scrim changed on another instance');
    });
  });
  app.io.on(LISTS_CHANGED_EVENT, () => deps.listCache.clear());
  // The session, and for the admin tools the admin flag, are checked before the request is parsed: a visitor's
  // or a player's body is neither read nor validated (401 / 403 before 400).
  app.addHook('onRequest', app.authenticate);
  app.addHook('onError', retryAfterHook);
  app.get(
    '/scrims/:id',
    {
      schema: {
        tags,
        summary: 'One scrim (private ones too: the share link)',
        params: idParamsSchema,
        response: scrimResponse,
      },
    },
    async (request) => getScrim({ db: app.db, viewer: viewerOf(request), scrimId: request.params.id }),
  );

  app.post(
    '/scrims',
    {
      ...runnersOnly(app),
      schema: {
        tags,
        summary:
          'Create a scrim (admin, or a community host in a region they host, starting at least 15 minutes ahead)',
        body: createScrimBodySchema,
        response: { 201: scrimSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scrim = await editing.createScrim({ deps, viewer: runnerOf(request), body: request.body });
      return reply.status(201).send(scrim);
    },
  );

  app.put(
    '/scrims/:id',
    {
      ...runnersOnly(app),
      schema: {
        tags,
        summary:
          'Edit a scrim (admin, or its community host: a moved start 15 minutes ahead or more; the winner: admins only)',
        params: idParamsSchema,
        body: updateScrimBodySchema,
        response: scrimResponse,
      },
    },
    async (request) =>
      (await editing.editScrim({ deps, viewer: runnerOf(request), scrimId: request.params.id, body: request.body }))
        .scrim,
  );

  app.delete(
    '/scrims/:id',
    {
      ...adminOnly(app),
      schema: {
        tags,
        summary: 'Delete a scrim (admin)',
        params: idParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      adminOf(request);
      await editing.removeScrim({ deps, scrimId: request.params.id });
      return { success: true as const };
    },
  );

  listingRoutes(app, deps);
  slotRoutes(app, deps);
  resultRoutes(app, deps);
  signupRoutes(app, deps);
  waitlistRoutes(app, deps);
  commitmentRoutes(app, deps, options);
  checkInRoutes(app, deps);
  substituteRoutes(app, deps);
  draftStatsRoutes(app, deps);
  draftRoutes(app, { db: deps.db, io: deps.io, champions: options.champions });
  await imageRoutes(app, deps);
}
