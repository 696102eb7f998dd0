import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { createRiotClient, type RiotClient, type RiotClientOptions } from './client/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Riot API client (one per process: its rate limiter and cache are shared by every caller). */
    riot: RiotClient;
  }
}

/** The client's settings from the environment (RIOT_API_KEY, RIOT_API_BASE_URL, …). */
export function riotClientOptionsFromConfig(
  config: Pick<AppConfig, 'RIOT_API_KEY' | 'RIOT_API_BASE_URL' | 'DDRAGON_BASE_URL' | 'RIOT_TOURNAMENT_STUB'>,
): RiotClientOptions {
  return {
    apiKey: config.RIOT_API_KEY,
    baseUrl: config.RIOT_API_BASE_URL,
    ddragonBaseUrl: config.DDRAGON_BASE_URL,
    tournamentStub: config.RIOT_TOURNAMENT_STUB ?? false,
  };
}

export interface RiotPluginOptions {
  /** A ready client (tests); by default one is built from `app.config`. */
  client?: RiotClient;
}

/** One client per app config, so every scope that registers the plugin shares one rate limiter and cache. */
const clients = new WeakMap<AppConfig, RiotClient>();

/**
 * Decorates the app with `app.riot`. The riot routes register it in the `/api` scope; code at the root (jobs)
 * may register it there too, in any order: every registration of one app gets the same client.
 */
export const riotPlugin = fp<RiotPluginOptions>(
  async (app: FastifyInstance, options) => {
    if (app.hasDecorator('riot')) return;
    let client = options.client ?? clients.get(app.config);
    if (!client) {
      // The key's limits hold for every instance together: their budget is shared through Redis when the app has
      // one, else this process's memory is the whole budget (one process: PGlite, or no redis plugin registered).
      const redis = app.redis ?? null;
      client = createRiotClient({
        ...riotClientOptionsFromConfig(app.config),
        budgets: (name, limit) => createRateLimiter({ redis, name, ...limit }),
      });
      clients.set(app.config, client);
    }
    app.decorate('riot', client);
    app.log.info(
      {
        configured: client.isConfigured,
        tournamentStub: client.tournamentStub,
        override: Boolean(app.config.RIOT_API_BASE_URL),
      },
      client.isConfigured
        ? 'Riot API client ready'
        : 'Riot API key not configured: summoner data falls back, tournament codes are off',
    );
  },
  { name: 'riot-client' },
);
