import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LOOKUP_CACHE_MS,
  ddragonVersionSchema,
  errorBodySchema,
  summonerLookupQuerySchema,
  summonerProfileSchema,
} from '@scrim-gym/shared';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { limitRequests } from '../../lib/rate-limit-hook.js';
import { riotPlugin } from './riot.plugin.js';
import { lookupSummonerProfile } from './riot.service.js';

export interface RiotEndpointsOptions {
  /** Summoner look-ups per user and window (default 20 per minute). */
  lookupLimit?: number;
  lookupWindowMs?: number;
}

const cacheSeconds = Math.floor(LOOKUP_CACHE_MS / 1000);

async function riotEndpoints(fastify: FastifyInstance, options: RiotEndpointsOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = options.lookupLimit ?? 20;
  const ddragonBaseUrl = app.config.DDRAGON_BASE_URL.replace(/\/+$/, '');
  // A bucket of `limit` look-ups refilled over the window, shared by every instance (Redis) when there are several.
  const lookupLimiter = createRateLimiter({
    redis: fastify.redis,
    name: 'riot-lookup',
    capacity: limit,
    refillPerSecond: limit / ((options.lookupWindowMs ?? 60_000) / 1000),
  });

  /** Nobody burns the key: each user gets a budget of look-ups. */
  const limitLookups = limitRequests({ limiter: lookupLimiter, keyOf: (request) => request.auth.user!.id });

  app.get(
    '/riot/summoner',
    {
      // Identity before validation: a visitor learns nothing about the query rules.
      onRequest: app.authenticate,
      preHandler: limitLookups,
      schema: {
        tags: ['riot'],
        summary: "A player's profile icon, level and ranked entries from Riot (fallback when Riot cannot answer)",
        querystring: summonerLookupQuerySchema,
        response: {
          200: summonerProfileSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const profile = await lookupSummonerProfile({ riot: app.riot, ...request.query, log: request.log });
      reply.header('cache-control', profile.fallback ? 'no-store' : `private, max-age=${cacheSeconds}`);
      return profile;
    },
  );

  app.get(
    '/riot/ddragon-version',
    {
      schema: {
        tags: ['riot'],
        summary: 'The newest Data Dragon version (fallback 14.24.1) and the origin to load its files from',
        response: { 200: ddragonVersionSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${cacheSeconds}`);
      // DDRAGON_BASE_URL, so the web builds every Data Dragon URL (champions, items, profile icons) from it.
      return { version: await app.riot.getDataDragonVersion(), baseUrl: ddragonBaseUrl };
    },
  );
}

/**
 * `app.riot` for the whole API scope, and the riot routes. Not encapsulated (fastify-plugin) so that the
 * decorator is visible to the other API modules; the routes themselves stay in their own scope.
 */
export const riotRoutes = fp<RiotEndpointsOptions>(
  async (api: FastifyInstance, options) => {
    await api.register(riotPlugin);
    await api.register(riotEndpoints, options);
  },
  { name: 'riot-routes' },
);
