import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptFriendRequestBodySchema,
  acceptFriendRequestResponseSchema,
  cancelFriendRequestResponseSchema,
  friendRequestListResponseSchema,
  friendRequestsResponseSchema,
  friendStatusResponseSchema,
  rejectFriendRequestParamsSchema,
  sendFriendRequestParamsSchema,
  sendFriendRequestResponseSchema,
  unfriendBodySchema,
  unfriendResponseSchema,
  userFriendsResponseSchema,
  userIdParamsSchema,
} from '@scrim-gym/shared';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { limitRequests } from '../../lib/rate-limit-hook.js';
import { rateLimitedErrorResponses } from '../../lib/responses.js';
import { routeSchema } from '../../lib/route-schema.js';
import { viewerOf } from '../auth/index.js';
import * as service from './friends.service.js';

const tags = ['friends'];
const viewerId = (request: FastifyRequest) => viewerOf(request).id;
const noBody = z.unknown().optional();
/** Friend requests per user: a burst of 20, then one every 6 seconds (10 a minute), over every instance. */
export const FRIEND_REQUEST_BURST = 20;
export const FRIEND_REQUESTS_PER_SECOND = 1 / 6;

/** Spec 7 Friends. The sender, accepter and rejecter are always the session user. */
export async function friendsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, io: app.io, notifier: app.notifier };
  // Identity before validation: a visitor or a banned user learns nothing about the input rules.
  app.addHook('onRequest', app.authenticate);
  // Each request notifies its receiver: a budget per sender keeps anyone from spamming the whole user list.
  const limitFriendRequests = limitRequests({
    limiter: createRateLimiter({
      redis: app.redis,
      name: 'friend-requests',
      capacity: FRIEND_REQUEST_BURST,
      refillPerSecond: FRIEND_REQUESTS_PER_SECOND,
    }),
    keyOf: (request) => request.auth.user!.id,
  });

  app.get(
    '/friend-requests',
    routeSchema(tags, 'The friend requests the session user received, newest first', {
      response: { 200: friendRequestsResponseSchema },
    }),
    async (request) => service.listReceivedRequests({ db: app.db, userId: viewerId(request) }),
  );

  app.get(
    '/friend-requests/check-friend-request-sent/:userId',
    routeSchema(tags, 'Where the session user stands with :userId (none, sent, received, friends, self)', {
      params: userIdParamsSchema,
      response: { 200: friendStatusResponseSchema },
    }),
    async (request) => {
      const status = await service.findFriendStatus({
        db: app.db,
        viewerId: viewerId(request),
        userId: request.params.userId,
      });
      return { status, friendRequestSent: status === 'sent' };
    },
  );

  app.post(
    '/friend-requests/send-friend-request/:userId/:currentUserId',
    {
      preHandler: limitFriendRequests,
      ...routeSchema(
        tags,
        'Send :userId a friend request (currentUserId must be the session user); accepts a reverse request',
        { params: sendFriendRequestParamsSchema, body: noBody, response: { 201: sendFriendRequestResponseSchema } },
        rateLimitedErrorResponses,
      ),
    },
    async (request, reply) =>
      reply.status(201).send(await service.sendFriendRequest({ deps, viewerId: viewerId(request), ...request.params })),
  );

  app.post(
    '/friend-requests/accept-request/:userId',
    routeSchema(tags, "Accept newFriendUserId's request (:userId must be the session user)", {
      params: userIdParamsSchema,
      body: acceptFriendRequestBodySchema,
      response: { 200: acceptFriendRequestResponseSchema },
    }),
    async (request) =>
      service.acceptFriendRequest({
        deps,
        viewerId: viewerId(request),
        userId: request.params.userId,
        newFriendUserId: request.body.newFriendUserId,
      }),
  );

  app.post(
    '/friend-requests/:userId/reject-friend-request/:senderId',
    routeSchema(tags, "Reject :senderId's request (:userId must be the session user)", {
      params: rejectFriendRequestParamsSchema,
      body: noBody,
      response: { 200: friendRequestListResponseSchema },
    }),
    async (request) => ({
      friendRequests: await service.rejectFriendRequest({ deps, viewerId: viewerId(request), ...request.params }),
    }),
  );

  app.post(
    '/friend-requests/cancel-friend-request/:userId',
    routeSchema(tags, 'Take back the request the session user sent to :userId', {
      params: userIdParamsSchema,
      body: noBody,
      response: { 200: cancelFriendRequestResponseSchema },
    }),
    async (request) => ({
      status: await service.cancelFriendRequest({ deps, viewerId: viewerId(request), userId: request.params.userId }),
    }),
  );

  app.get(
    '/friends/user-friends/:userId',
    routeSchema(tags, "A user's friends, by name", {
      params: userIdParamsSchema,
      response: { 200: userFriendsResponseSchema },
    }),
    async (request) => {
      viewerId(request);
      return { friends: await service.listUserFriends({ db: app.db, userId: request.params.userId }) };
    },
  );

  app.post(
    '/friends/unfriend-user',
    routeSchema(tags, 'End the friendship with friendUserId', {
      body: unfriendBodySchema,
      response: { 200: unfriendResponseSchema },
    }),
    async (request) => ({
      userFriends: await service.unfriend({
        deps,
        viewerId: viewerId(request),
        friendUserId: request.body.friendUserId,
      }),
    }),
  );
}
