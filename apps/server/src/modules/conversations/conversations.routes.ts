import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationSchema,
  conversationsResponseSchema,
  findConversationParamsSchema,
  findConversationResponseSchema,
  scrimIdParamsSchema,
} from '@scrim-gym/shared';
import { routeSchema } from '../../lib/route-schema.js';
import { viewerOf } from '../auth/index.js';
import * as service from './conversations.service.js';

const tags = ['conversations'];

/**
 * Spec 7 Conversations: direct conversations (members only) and scrims' chat rooms (the scrim chat rule).
 * `POST /conversations` (a conversation with its first message) is in `messages.routes.ts`, the layer above.
 */
export async function conversationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Identity before validation: a visitor or a banned user learns nothing about the input rules.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/conversations/user',
    routeSchema(tags, "The session user's direct conversations, latest activity first, with unseen counts", {
      response: { 200: conversationsResponseSchema },
    }),
    async (request) => service.listUserConversations({ db: app.db, viewerId: viewerOf(request).id }),
  );

  app.get(
    '/conversations/find/:a/:b',
    routeSchema(tags, 'The direct conversation of :a and :b (one of them the session user), or null', {
      params: findConversationParamsSchema,
      response: { 200: findConversationResponseSchema },
    }),
    async (request) => ({
      conversation: await service.findConversationBetween({
        db: app.db,
        viewerId: viewerOf(request).id,
        ...request.params,
      }),
    }),
  );

  app.get(
    '/conversations/scrim/:scrimId',
    routeSchema(
      tags,
      "A scrim's chat room, created on first use (its players, casters, admins; anyone signed in if public)",
      { params: scrimIdParamsSchema, response: { 200: conversationSchema } },
    ),
    async (request) =>
      (
        await service.openScrimConversation({
          db: app.db,
          viewer: viewerOf(request),
          scrimId: request.params.scrimId,
        })
      ).conversation,
  );
}
