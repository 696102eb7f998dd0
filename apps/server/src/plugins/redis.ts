import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openRedis, type RedisHandle } from '../lib/redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Redis (REDIS_URL), shared by every instance: Socket.IO's adapter and the rate limits. Null without it. */
    redis: RedisHandle | null;
  }
}

/** `app.redis`: the Redis handle when REDIS_URL is set (closed last, after Socket.IO), else null. */
export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.REDIS_URL;
    const redis = url ? await openRedis({ url, prefix: app.config.REDIS_PREFIX, log: app.log }) : null;
    app.decorate('redis', redis);
    if (redis) app.addHook('onClose', () => redis.close());
  },
  { name: 'redis' },
);
