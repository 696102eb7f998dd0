import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  seasonSchema,
  startSeasonBodySchema,
  teamRatingHistoryQuerySchema,
  teamRatingHistorySchema,
  userRatingQuerySchema,
  userRatingSchema,
} from '@scrim-gym/shared';
import { routeSchema } from '../../lib/route-schema.js';
import { getUserRating } from './player-ratings/player-ratings.service.js';
import { listSeasons, startSeason } from './seasons/seasons.service.js';
import { getTeamRatingHistory } from './team-ratings/team-rating-history.service.js';

const tags = ['ratings'];

export interface RatingsRoutesOptions {
  /**
   * Whether the viewer sees the user's private scrims in the rating history: users' rule, passed in by app.ts
   * because ratings imports no module.
   */
  seesPrivateScrims: (viewer: { id: string; isAdmin: boolean }, userId: string) => boolean;
}

/** Ratings and seasons. Signed-in users read; an admin starts a new season. */
export async function ratingsRoutes(fastify: FastifyInstance, { seesPrivateScrims }: RatingsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Identity before validation, as every user read: a visitor or a banned user learns nothing about the input.
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/users/:id/rating',
    routeSchema(tags, "A user's skill rating in a season (the current one by default), with its history", {
      params: idParamsSchema,
      querystring: userRatingQuerySchema,
      response: { 200: userRatingSchema },
    }),
    async (request) =>
      getUserRating({
        db: app.db,
        userId: request.params.id,
        seasonId: request.query.season,
        // authenticate has refused a visitor and a banned user: the session's user is active.
        includePrivate: seesPrivateScrims(request.auth.user!, request.params.id),
      }),
  );

  app.get(
    '/teams/:id/rating-history',
    routeSchema(tags, "A team's rating after each of its rated series games in a season (the current one by default)", {
      params: idParamsSchema,
      querystring: teamRatingHistoryQuerySchema,
      response: { 200: teamRatingHistorySchema },
    }),
    async (request) => getTeamRatingHistory({ db: app.db, teamId: request.params.id, season: request.query.season }),
  );

  app.get(
    '/seasons',
    routeSchema(tags, 'The rating seasons, newest first (exactly one is current)', {
      response: { 200: z.array(seasonSchema) },
    }),
    async () => listSeasons({ db: app.db }),
  );

  app.post(
    '/admin/seasons',
    {
      onRequest: app.authorizeAdmin,
      ...routeSchema(
        tags,
        'End the current season and start the next (admin): every rating is soft-reset toward the mean',
        { body: startSeasonBodySchema, response: { 201: seasonSchema } },
      ),
    },
    async (request, reply) => reply.status(201).send(await startSeason({ db: app.db, name: request.body.name })),
  );
}
