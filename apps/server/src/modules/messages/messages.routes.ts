import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationIdParamsSchema,
  conversationSchema,
  createConversationBodySchema,
  messageSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  postSeenResponseSchema,
  sendMessageBodySchema,
  socialIdParamsSchema,
  unseenMessagesResponseSchema,
} from '@scrim-gym/shared';
import { retryAfterHook } from '../../lib/rate-limit-hook.js';
import { rateLimitedErrorResponses } from '../../lib/responses.js';
import { routeSchema } from '../../lib/route-schema.js';
import { viewerOf } from '../auth/index.js';
import * as service from './messages.service.js';

const tags = ['messages'];

/**
 * Spec 7 messages: send (rate-limited per user), read, mark seen, unseen counts. Members only. And
 * `POST /conversations`, which starts a direct conversation with its first message (same budget).
 */
export async function messagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, io: app.io, notifier: app.notifier, limiter: app.messageLimiter };
  // Identity before validation: a visitor or a banned user learns nothing about the input rules.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onError', retryAfterHook);

  app.get(
    '/messages/verifiedUser/unseen-messages',
    routeSchema(tags, "Unseen message counts of the session user's conversations and of their scrims' chats", {
      response: { 200: unseenMessagesResponseSchema },
    }),
    async (request) => service.findUnseenMessages({ db: app.db, viewerId: viewerOf(request).id }),
  );

  app.post(
    '/messages',
    routeSchema(
      tags,
      'Send a message (senderId, when sent, must be the session user); stored as plain text',
      { body: sendMessageBodySchema, response: { 201: messageSchema } },
      rateLimitedErrorResponses,
    ),
    async (request, reply) =>
      reply.status(201).send(await service.sendMessage({ deps, viewer: viewerOf(request), ...request.body })),
  );

  app.get(
    '/messages/:conversationId',
    routeSchema(tags, 'Messages of a conversation, oldest first (the latest `limit`, or those before `before`)', {
      params: conversationIdParamsSchema,
      querystring: messagesQuerySchema,
      response: { 200: messagesResponseSchema },
    }),
    async (request) =>
      service.listMessages({
        db: app.db,
        viewer: viewerOf(request),
        conversationId: request.params.conversationId,
        before: request.query.before ? new Date(request.query.before) : undefined,
        limit: request.query.limit,
      }),
  );

  app.post(
    '/messages/post-seen/:id',
    routeSchema(tags, 'Mark every message of conversation :id as seen by the session user', {
      params: socialIdParamsSchema,
      body: z.unknown().optional(),
      response: { 200: postSeenResponseSchema },
    }),
    async (request) => service.markSeen({ deps, viewer: viewerOf(request), conversationId: request.params.id }),
  );

  app.post(
    '/conversations',
    routeSchema(
      ['conversations'],
      'The direct conversation with a friend (200 existing, 201 new), with its first message when text is given',
      { body: createConversationBodySchema, response: { 200: conversationSchema, 201: conversationSchema } },
      rateLimitedErrorResponses,
    ),
    async (request, reply) => {
      const { conversation, created } = await service.startConversation({
        deps,
        viewer: viewerOf(request),
        body: request.body,
      });
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );
}
