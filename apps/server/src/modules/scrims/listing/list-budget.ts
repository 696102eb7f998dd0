import type { FastifyRequest } from 'fastify';
import { createRateLimiter } from '../../../lib/rate-limit.js';
import { assertWithinLimit } from '../../../lib/rate-limit-hook.js';
import type { RedisHandle } from '../../../lib/redis.js';

/**
 * Hub requests that the list cache cannot answer from what it holds (a day to load from the database, or bytes
 * to assemble for a new set of scrims), per client: a burst of 20 (a player clicking through weeks of days nobody
 * else has opened), then one every 2 seconds. Requests answered from the cache cost nothing, however many.
 */
export const LIST_MISS_BURST = 20;
export const LIST_MISSES_PER_SECOND = 0.5;

/**
 * The list's `admit` for one request: takes a cache miss from its client's budget (the user; the IP for a
 * visitor), shared by every instance through Redis when there is one, or throws 429.
 */
export function listMissBudget(redis: RedisHandle | null) {
  const limiter = createRateLimiter({
    redis,
    name: 'scrim-list-misses',
    capacity: LIST_MISS_BURST,
    refillPerSecond: LIST_MISSES_PER_SECOND,
  });
  return (request: FastifyRequest) => () =>
    assertWithinLimit(limiter, request.auth.user ? `user:${request.auth.user.id}` : `ip:${request.ip}`);
}
