import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, userSearchQuerySchema, userSearchResponseSchema } from '@scrim-gym/shared';
import { searchUsers } from './users.service.js';

export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/users/search',
    {
      schema: {
        tags: ['users'],
        summary: 'Search users by name or tagline (Name#Tag), ranked by edit distance',
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => ({ users: await searchUsers({ db: app.db, ...request.query }) }),
  );
}
