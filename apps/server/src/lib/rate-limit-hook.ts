import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@scrim-gym/shared';
import { AppError } from './errors.js';
import type { RateLimiter } from './rate-limit.js';

/** 429 with the seconds to wait, thrown by a service (`retryAfterHook` turns it into a Retry-After header). */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', MESSAGES.tooManyRequests);
  }
}

/** Takes one token for `key` from `limiter`, or throws 429 with the whole seconds until the next. */
export async function assertWithinLimit(limiter: RateLimiter, key: string) {
  const { allowed, retryAfterMs } = await limiter.consume(key);
  if (!allowed) throw new RateLimitedError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/** An `onError` hook of routes whose services may throw RateLimitedError: the 429 tells how long to wait. */
export async function retryAfterHook(_request: FastifyRequest, reply: FastifyReply, error: Error) {
  if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
}

/**
 * A route hook that takes one token from `limiter` for the request's key (a user id, an IP), or answers 429
 * `{error, code: 'RATE_LIMITED'}` with Retry-After in whole seconds before the handler runs. A null key leaves
 * the request alone (a limit on one use of a route, e.g. only the calls that carry an admin key).
 */
export function limitRequests({
  limiter,
  keyOf,
}: {
  limiter: RateLimiter;
  keyOf: (request: FastifyRequest) => string | null;
}) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = keyOf(request);
    if (key === null) return;
    const { allowed, retryAfterMs } = await limiter.consume(key);
    if (allowed) return;
    return reply
      .status(429)
      .header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))))
      .send({ error: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
  };
}
