import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationSchema,
  conversationsResponseSchema,
  createConversationBodySchema,
  errorBodySchema,
  findConversationParamsSchema,
  findConversationResponseSchema,
  scrimIdParamsSchema,
} from '@scrim-gym/shared';
import { errorResponses } from '../../lib/responses.js';
import { messageLimiterFor } from '../messages/messages.rate-limit.js';
import { retryAfterHook } from '../messages/messages.routes.js';
import { socialViewerOf } from './conversations.policy.js';
import * as service from './conversations.service.js';

const tags = ['conversations'];

/** Spec 7 Conversations: direct conversations (members only) and scrims' chat rooms (the scrim chat rule). */
export async function conversationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, io: app.io, limiter: messageLimiterFor(app.io) };
  // Identity before validation: a visitor or a banned user learns nothing about the input rules.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onError', retryAfterHook);

  app.get(
    '/conversations/user',
    {
      schema: {
        tags,
        summary: "The session user's direct conversations, latest activity first, with unseen counts",
        response: { 200: conversationsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listUserConversations({ db: app.db, viewerId: socialViewerOf(request).id }),
  );

  app.get(
    '/conversations/find/:a/:b',
    {
      schema: {
        tags,
        summary: 'The direct conversation of :a and :b (one of them the session user), or null',
        params: findConversationParamsSchema,
        response: { 200: findConversationResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      conversation: await service.findConversationBetween({
        db: app.db,
        viewerId: socialViewerOf(request).id,
        ...request.params,
      }),
    }),
  );

  app.get(
    '/conversations/scrim/:scrimId',
    {
      schema: {
        tags,
        summary: "A scrim's chat room, created on first use (its players, casters, admins; anyone signed in if public)",
        params: scrimIdParamsSchema,
        response: { 200: conversationSchema, ...errorResponses },
      },
    },
    async (request) =>
      (
        await service.openScrimConversation({
          db: app.db,
          viewer: socialViewerOf(request),
          scrimId: request.params.scrimId,
        })
      ).conversation,
  );

  app.post(
    '/conversations',
    {
      schema: {
        tags,
        summary:
          'The direct conversation with a friend (200 existing, 201 new), with its first message when text is given',
        body: createConversationBodySchema,
        response: { 200: conversationSchema, 201: conversationSchema, ...errorResponses, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await service.startConversation({
        deps,
        viewer: socialViewerOf(request),
        body: request.body,
      });
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );
}
