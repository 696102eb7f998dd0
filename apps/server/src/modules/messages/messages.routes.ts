import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationIdParamsSchema,
  errorBodySchema,
  messageSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  postSeenResponseSchema,
  sendMessageBodySchema,
  socialIdParamsSchema,
  unseenMessagesResponseSchema,
} from '@scrim-gym/shared';
import { errorResponses } from '../../lib/responses.js';
import { socialViewerOf } from '../conversations/conversations.policy.js';
import { messageLimiterFor, RateLimitedError } from './messages.rate-limit.js';
import * as service from './messages.service.js';

const tags = ['messages'];

/** An `onError` hook of the routes that send messages: a 429 tells how long to wait in `Retry-After`. */
export async function retryAfterHook(_request: FastifyRequest, reply: FastifyReply, error: Error) {
  if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
}

/** Spec 7 messages: send (rate-limited per user), read, mark seen, unseen counts. Members only. */
export async function messagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, io: app.io, limiter: messageLimiterFor(app.io) };
  // Identity before validation: a visitor or a banned user learns nothing about the input rules.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onError', retryAfterHook);

  app.get(
    '/messages/verifiedUser/unseen-messages',
    {
      schema: {
        tags,
        summary: "Unseen message counts of the session user's conversations and of their scrims' chats",
        response: { 200: unseenMessagesResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.findUnseenMessages({ db: app.db, viewerId: socialViewerOf(request).id }),
  );

  app.post(
    '/messages',
    {
      schema: {
        tags,
        summary: 'Send a message (senderId, when sent, must be the session user); stored as plain text',
        body: sendMessageBodySchema,
        response: { 201: messageSchema, ...errorResponses, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const message = await service.sendMessage({ deps, viewer: socialViewerOf(request), ...request.body });
      return reply.status(201).send(message);
    },
  );

  app.get(
    '/messages/:conversationId',
    {
      schema: {
        tags,
        summary: 'Messages of a conversation, oldest first (the latest `limit`, or those before `before`)',
        params: conversationIdParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagesResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.listMessages({
        db: app.db,
        viewer: socialViewerOf(request),
        conversationId: request.params.conversationId,
        before: request.query.before ? new Date(request.query.before) : undefined,
        limit: request.query.limit,
      }),
  );

  app.post(
    '/messages/post-seen/:id',
    {
      schema: {
        tags,
        summary: 'Mark every message of conversation :id as seen by the session user',
        params: socialIdParamsSchema,
        body: z.unknown().optional(),
        response: { 200: postSeenResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.markSeen({ deps, viewer: socialViewerOf(request), conversationId: request.params.id }),
  );
}
