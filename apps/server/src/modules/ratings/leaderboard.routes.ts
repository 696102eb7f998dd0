import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  roleStatsQuerySchema,
  roleStatsSchema,
  teamLeaderboardResponseSchema,
} from '@scrim-gym/shared';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { limitRequests } from '../../lib/rate-limit-hook.js';
import { rateLimitedErrorResponses } from '../../lib/responses.js';
import { routeSchema } from '../../lib/route-schema.js';
import { getLeaderboard, getRoleStats } from './leaderboard.service.js';
import { ratingRulesFor } from './ratings.rules.js';
import { getTeamLeaderboard } from './team-ratings/team-leaderboard.service.js';

/** Leaderboard reads a client may burst (a fast "Load more"), then a sustained rate, per user or per address. */
export const LEADERBOARD_BURST = 60;
export const LEADERBOARD_READS_PER_SECOND = 2;

/** The signed-in user, banned or not, for `me`; a visitor reads the board without one. */
const readerOf = (request: FastifyRequest) => request.auth.user?.id ?? null;

/**
 * The leaderboard is public (docs/ratings.md): visitors read it too; with Riot Sign On it lists verified accounts. A row shows what a card shows (name,
 * tagline, region, rank; never the discord), and a reader's budget keeps it from being a cheap scraping target.
 */
export async function leaderboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rules = ratingRulesFor(app.config);
  const limitReads = limitRequests({
    limiter: createRateLimiter({
      redis: app.redis,
      name: 'leaderboard',
      capacity: LEADERBOARD_BURST,
      refillPerSecond: LEADERBOARD_READS_PER_SECOND,
    }),
    keyOf: (request) => readerOf(request) ?? `ip:${request.ip}`,
  });

  app.get(
    '/leaderboard',
    {
      onRequest: limitReads,
      ...routeSchema(
        ['ratings'],
        "A season's leaderboard (all regions or one), 50 rows a page, and the viewer's own row",
        { querystring: leaderboardQuerySchema, response: { 200: leaderboardResponseSchema } },
        rateLimitedErrorResponses,
      ),
    },
    async (request) => getLeaderboard({ db: app.db, viewerId: readerOf(request), query: request.query, rules }),
  );

  // The teams' board: public as the players' is, on the same reader's budget.
  app.get(
    '/leaderboard/teams',
    {
      onRequest: limitReads,
      ...routeSchema(
        ['ratings'],
        "A season's teams' leaderboard (all regions or one), 50 rows a page: team ratings moved by series games",
        { querystring: leaderboardQuerySchema, response: { 200: teamLeaderboardResponseSchema } },
        rateLimitedErrorResponses,
      ),
    },
    async (request) => getTeamLeaderboard({ db: app.db, query: request.query }),
  );

  // The profile's role distribution: for signed-in users, as profiles are.
  app.get(
    '/users/:id/roles',
    {
      onRequest: app.authenticate,
      ...routeSchema(['ratings'], "A user's rated games and wins per role in a season (the current one by default)", {
        params: idParamsSchema,
        querystring: roleStatsQuerySchema,
        response: { 200: roleStatsSchema },
      }),
    },
    async (request) => getRoleStats({ db: app.db, userId: request.params.id, season: request.query.season }),
  );
}
