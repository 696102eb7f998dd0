import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityQuerySchema,
  activityResponseSchema,
  createdScrimsQuerySchema,
  createdScrimsResponseSchema,
  deleteAccountBodySchema,
  deleteAccountResponseSchema,
  errorBodySchema,
  idParamsSchema,
  participatedScrimsQuerySchema,
  participatedScrimsResponseSchema,
  profileByNameParamsSchema,
  profileByNameQuerySchema,
  userProfileSchema,
  userSearchQuerySchema,
  userSearchResponseSchema,
} from '@scrim-gym/shared';
import { routeSchema } from '../../lib/route-schema.js';
import { viewerOf } from '../auth/index.js';
import { scrimDepsOf } from '../scrims/index.js';
import { deleteOwnAccount } from './account-deletion.service.js';
import * as service from './users.service.js';

const tags = ['users'];

/**
 * The Users calls but no `GET /users`: the whole user list never leaves the server (search, uniqueness and
 * profiles are answered here instead; docs/profiles.md).
 */
export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  // Before the request is parsed: a visitor or a banned user learns nothing about the input rules.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/users/search',
    {
      schema: {
        tags,
        summary: 'Search users by name or tagline (Name#Tag), ranked by edit distance',
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => ({ users: await service.searchUsers({ db, ...request.query }) }),
  );

  app.get(
    '/users/by-id/:id',
    routeSchema(tags, 'A profile by user id (what the viewer may see of it)', {
      params: idParamsSchema,
      response: { 200: userProfileSchema },
    }),
    async (request) => service.getProfileById({ db, viewer: viewerOf(request), id: request.params.id }),
  );

  app.get(
    '/users/:name',
    routeSchema(
      tags,
      "A profile by summoner name, in a region and with a tagline when given: 'User {name} was not found'",
      {
        params: profileByNameParamsSchema,
        querystring: profileByNameQuerySchema,
        response: { 200: userProfileSchema },
      },
    ),
    async (request) =>
      service.getProfileByName({ db, viewer: viewerOf(request), name: request.params.name, ...request.query }),
  );

  app.get(
    '/users/:id/scrims',
    routeSchema(tags, 'Scrims the user played or casted in (a page, filtered and sorted by date) and their stats', {
      params: idParamsSchema,
      querystring: participatedScrimsQuerySchema,
      response: { 200: participatedScrimsResponseSchema },
    }),
    async (request) =>
      service.listParticipatedScrims({
        db,
        viewer: viewerOf(request),
        userId: request.params.id,
        query: request.query,
      }),
  );

  app.get(
    '/users/:id/created-scrims',
    routeSchema(tags, 'Scrims the user created (their own profile or admins), a page filtered by visibility', {
      params: idParamsSchema,
      querystring: createdScrimsQuerySchema,
      response: { 200: createdScrimsResponseSchema },
    }),
    async (request) =>
      service.listCreatedScrims({ db, viewer: viewerOf(request), userId: request.params.id, query: request.query }),
  );

  app.get(
    '/users/:id/activity',
    routeSchema(tags, 'Finished games played and casted per day, week or month of a range (3M, 6M, 1Y or custom)', {
      params: idParamsSchema,
      querystring: activityQuerySchema,
      response: { 200: activityResponseSchema },
    }),
    async (request) => service.getActivity({ db, userId: request.params.id, query: request.query }),
  );

  // Beyond the original app (the privacy policy promises it): the session user deletes their own account. There is no
  // `:id`: nobody, admins included, can aim it at another account. A banned user is refused like every call (403
  // BANNED; a ban ends their sessions anyway): deleting would cut the ban from the sign-in and let them sign up
  // again at once; they may delete once the ban ends.
  app.delete(
    '/users/me',
    routeSchema(tags, 'Delete my account: anonymised in one transaction, every session and socket ended', {
      body: deleteAccountBodySchema,
      response: { 200: deleteAccountResponseSchema },
    }),
    async (request, reply) => {
      const result = await deleteOwnAccount({
        db,
        io: app.io,
        sessionForgetter: app.sessionForgetter,
        scrims: scrimDepsOf(app),
        userId: viewerOf(request).id,
        confirmation: request.body.confirmation,
      });
      app.clearSessionCookie(reply);
      return result;
    },
  );
}
