import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationsResponseSchema,
  pushNotificationBodySchema,
  socialIdParamsSchema,
  userIdParamsSchema,
} from '@scrim-gym/shared';
import { errorResponses } from '../../lib/responses.js';
import { socialViewerOf } from '../conversations/conversations.policy.js';
import * as service from './notifications.service.js';

const tags = ['notifications'];
const response = { 200: notificationsResponseSchema, ...errorResponses };
const viewerId = (request: FastifyRequest) => socialViewerOf(request).id;

/** Spec 7 Notifications. Only the owner reads, marks or clears their notifications. */
export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, io: app.io };
  // Identity before validation: a visitor or a banned user learns nothing about the input rules.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/notifications/user-notifications',
    { schema: { tags, summary: "The session user's notifications, newest first", response } },
    async (request) => ({ notifications: await service.listNotifications({ db: app.db, userId: viewerId(request) }) }),
  );

  app.post(
    '/notifications/push-user-notification/:id',
    {
      schema: {
        tags,
        summary: 'Write a reminder for yourself (:id is your own id); notifications for others come from actions only',
        params: socialIdParamsSchema,
        body: pushNotificationBodySchema,
        response: { 201: notificationsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const notifications = await service.pushOwnNotification({
        deps,
        viewerId: viewerId(request),
        userId: request.params.id,
        message: request.body.message,
      });
      return reply.status(201).send({ notifications });
    },
  );

  app.post(
    '/notifications/remove-user-notification/:id',
    {
      schema: {
        tags,
        summary: 'Mark one notification as read (removes it); owner only',
        params: socialIdParamsSchema,
        body: z.unknown().optional(),
        response,
      },
    },
    async (request) => ({
      notifications: await service.removeNotification({
        db: app.db,
        viewerId: viewerId(request),
        id: request.params.id,
      }),
    }),
  );

  app.post(
    '/notifications/remove-all-user-notifications/:userId',
    {
      schema: {
        tags,
        summary: 'Mark all as read (removes them); :userId must be the session user',
        params: userIdParamsSchema,
        body: z.unknown().optional(),
        response,
      },
    },
    async (request) => ({
      notifications: await service.removeAllNotifications({
        db: app.db,
        viewerId: viewerId(request),
        userId: request.params.userId,
      }),
    }),
  );
}
