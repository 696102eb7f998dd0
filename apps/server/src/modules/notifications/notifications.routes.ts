import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationsResponseSchema,
  pushNotificationBodySchema,
  socialIdParamsSchema,
  userIdParamsSchema,
} from '@scrim-gym/shared';
import { routeSchema } from '../../lib/route-schema.js';
import { viewerOf } from '../auth/index.js';
import * as service from './notifications.service.js';

const tags = ['notifications'];
const response = { 200: notificationsResponseSchema };
const viewerId = (request: FastifyRequest) => viewerOf(request).id;
/** A mark-as-read call: an id in the path, no body, the notifications left. */
const markRead = <P extends z.ZodType>(summary: string, params: P) =>
  routeSchema(tags, summary, { params, body: z.unknown().optional(), response });

/** Spec 7 Notifications. Only the owner reads, marks or clears their notifications. */
export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, notifier: app.notifier };
  // Identity before validation: a visitor or a banned user learns nothing about the input rules.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/notifications/user-notifications',
    routeSchema(tags, "The session user's notifications, newest first", { response }),
    async (request) => ({ notifications: await service.listNotifications({ db: app.db, userId: viewerId(request) }) }),
  );

  app.post(
    '/notifications/push-user-notification/:id',
    routeSchema(
      tags,
      'Write a reminder for yourself (:id is your own id); notifications for others come from actions only',
      {
        params: socialIdParamsSchema,
        body: pushNotificationBodySchema,
        response: { 201: notificationsResponseSchema },
      },
    ),
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
    markRead('Mark one notification as read (removes it); owner only', socialIdParamsSchema),
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
    markRead('Mark all as read (removes them); :userId must be the session user', userIdParamsSchema),
    async (request) => ({
      notifications: await service.removeAllNotifications({
        db: app.db,
        viewerId: viewerId(request),
        userId: request.params.userId,
      }),
    }),
  );
}
