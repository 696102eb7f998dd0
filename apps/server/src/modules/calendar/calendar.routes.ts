import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedSchema, calendarSecretParamsSchema, idParamsSchema } from '@scrim-gym/shared';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { limitRequests } from '../../lib/rate-limit-hook.js';
import { rateLimitedErrorResponses } from '../../lib/responses.js';
import { routeSchema } from '../../lib/route-schema.js';
import { viewerOf } from '../auth/index.js';
import * as service from './calendar.service.js';

const tags = ['calendar'];
const ICS_TYPE = 'text/calendar; charset=utf-8';
const icsResponse = z.string().describe('An iCalendar file (RFC 5545), text/calendar');

/** Feed fetches per client IP: calendar apps poll every few hours; a burst of 120, then two a second. */
export const FEED_BURST = 120;
export const FEEDS_PER_SECOND = 2;

function sendIcs(reply: FastifyReply, body: string, cacheControl: string) {
  return reply.header('content-type', ICS_TYPE).header('cache-control', cacheControl).send(body);
}

/**
 * Calendars: a scrim as an .ics download, and each user's subscribable feed, whose secret URL is its
 * only credential (revocable by rotating it).
 */
export async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  /** Links in the calendars and the feed's address point at PUBLIC_URL (required in production). */
  const originOf = (request: FastifyRequest) =>
    (config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

  const limitFeedReads = limitRequests({
    limiter: createRateLimiter({
      redis: app.redis,
      name: 'calendar-feed',
      capacity: FEED_BURST,
      refillPerSecond: FEEDS_PER_SECOND,
    }),
    keyOf: (request) => request.ip,
  });

  app.get(
    '/scrims/:id/calendar.ics',
    {
      onRequest: app.authenticate,
      ...routeSchema(tags, 'One scrim as an iCalendar (.ics) download; whoever may read the scrim', {
        params: idParamsSchema,
        response: { 200: icsResponse },
      }),
    },
    async (request, reply) => {
      const { fileName, body } = await service.scrimCalendar({
        db,
        scrimId: request.params.id,
        origin: originOf(request),
      });
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return sendIcs(reply, body, 'private, max-age=60');
    },
  );

  app.get(
    '/calendar',
    {
      onRequest: app.authenticate,
      ...routeSchema(tags, "The session user's calendar feed address (its secret is made on first use)", {
        response: { 200: calendarFeedSchema },
      }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.getFeedUrl({ db, userId: viewerOf(request).id, origin: originOf(request) });
    },
  );

  app.post(
    '/calendar/rotate',
    {
      onRequest: app.authenticate,
      ...routeSchema(tags, 'A new secret for the calendar feed: the old address answers 404 at once', {
        body: z.unknown().optional(),
        response: { 200: calendarFeedSchema },
      }),
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.rotateFeed({ db, userId: viewerOf(request).id, origin: originOf(request) });
    },
  );

  app.get(
    '/calendar/:secret.ics',
    {
      // No session: calendar apps fetch it on their own; the secret in the path is the credential.
      config: { session: false },
      onRequest: limitFeedReads,
      ...routeSchema(
        tags,
        "A user's calendar feed: every scrim they are in, from 30 days ago on (404 for an unknown or rotated secret)",
        { params: calendarSecretParamsSchema, response: { 200: icsResponse } },
        rateLimitedErrorResponses,
      ),
    },
    async (request, reply) => {
      const body = await service.userFeed({ db, secret: request.params.secret, origin: originOf(request) });
      return sendIcs(reply, body, 'private, max-age=300');
    },
  );
}
