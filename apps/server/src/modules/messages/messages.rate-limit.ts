import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RedisHandle } from '../../lib/redis.js';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limit.js';
import { assertWithinLimit } from '../../lib/rate-limit-hook.js';

/** A burst of 10 messages, then one every 2 seconds (30 a minute), per user. */
export const MESSAGE_BURST = 10;
export const MESSAGES_PER_SECOND = 0.5;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every user's message budget: POST /messages and the socket's sendMessage take from the same one. */
    messageLimiter: RateLimiter;
  }
}

const createMessageLimiter = (redis: RedisHandle | null) =>
  createRateLimiter({ redis, name: 'messages', capacity: MESSAGE_BURST, refillPerSecond: MESSAGES_PER_SECOND });

/**
 * One limiter per app, decorated on it for the routes and the socket handlers, and shared by every instance
 * through Redis when there is one (without it, one budget per instance, still one for both ways of sending).
 */
export const messageLimiterPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('messageLimiter', createMessageLimiter(app.redis));
  },
  { name: 'message-limiter', dependencies: ['redis'] },
);

/** Takes one message from the user's budget, or throws 429. */
export async function assertMessageBudget({ limiter, userId }: { limiter: RateLimiter; userId: string }) {
  await assertWithinLimit(limiter, `messages:${userId}`);
}
