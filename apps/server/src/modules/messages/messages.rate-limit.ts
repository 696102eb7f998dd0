import { createRateLimiter, type RateLimiter } from '../../lib/rate-limit.js';
import { assertWithinLimit } from '../../lib/rate-limit-hook.js';
import { redisOf, type AppServer } from '../../plugins/io.js';

/** A burst of 10 messages, then one every 2 seconds (30 a minute), per user. */
export const MESSAGE_BURST = 10;
export const MESSAGES_PER_SECOND = 0.5;

/**
 * One limiter per Socket.IO server (per app), shared by POST /messages and the socket's sendMessage, and by
 * every instance through the adapter's Redis when there is one.
 */
const limiters = new WeakMap<AppServer, RateLimiter>();
export function messageLimiterFor(io: AppServer): RateLimiter {
  let limiter = limiters.get(io);
  if (!limiter) {
    limiter = createRateLimiter({
      redis: redisOf(io),
      name: 'messages',
      capacity: MESSAGE_BURST,
      refillPerSecond: MESSAGES_PER_SECOND,
    });
    limiters.set(io, limiter);
  }
  return limiter;
}

/** Takes one message from the user's budget, or throws 429. */
export async function assertMessageBudget({ limiter, userId }: { limiter: RateLimiter; userId: string }) {
  await assertWithinLimit(limiter, `messages:${userId}`);
}
