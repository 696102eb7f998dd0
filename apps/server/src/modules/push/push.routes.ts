import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushPublicKeyResponseSchema,
  pushSubscribeBodySchema,
  pushSubscribeResponseSchema,
  pushUnsubscribeBodySchema,
} from '@scrim-gym/shared';
import { routeSchema } from '../../lib/route-schema.js';
import { viewerOf } from '../auth/index.js';
import * as service from './push.service.js';

const tags = ['push'];

/**
 * Web Push: the VAPID public key (public: it is in every subscribed browser anyway), and a signed-in,
 * not banned user's subscriptions of their browsers. docs/push.md.
 */
export async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, config: app.config };

  app.get(
    '/push/public-key',
    routeSchema(tags, "The server's VAPID public key (base64url), for pushManager.subscribe", {
      response: { 200: pushPublicKeyResponseSchema },
    }),
    async () => ({ publicKey: await service.publicKey(deps) }),
  );

  app.post(
    '/push/subscribe',
    {
      onRequest: app.authenticate,
      ...routeSchema(tags, "Subscribe this browser (its PushSubscription JSON) to the session user's pushes", {
        body: pushSubscribeBodySchema,
        response: { 201: pushSubscribeResponseSchema },
      }),
    },
    async (request, reply) => {
      const subscribed = await service.subscribe({
        deps,
        userId: viewerOf(request).id,
        // `authenticate` passed: the request has a session, whose end takes this subscription with it.
        sessionTokenHash: request.auth.tokenHash!,
        subscription: request.body,
      });
      return reply.status(201).send(subscribed);
    },
  );

  app.delete(
    '/push/subscribe',
    {
      onRequest: app.authenticate,
      ...routeSchema(tags, "Unsubscribe this browser (by endpoint) if it is the session user's; 204 either way", {
        body: pushUnsubscribeBodySchema,
        response: { 204: z.null() },
      }),
    },
    async (request, reply) => {
      await service.unsubscribe({ deps, userId: viewerOf(request).id, endpoint: request.body.endpoint });
      return reply.status(204).send(null);
    },
  );
}
