import { createHash } from 'node:crypto';
import type { RedisHandle } from './redis.js';
import { createMemoryTokenBucket, type RateLimiter } from './token-bucket.js';

export type { RateLimiter } from './token-bucket.js';

export interface RateLimit {
  /** Tokens when full: the burst. */
  capacity: number;
  /** Tokens added per second: the sustained rate. */
  refillPerSecond: number;
}

/**
 * A token bucket in Redis, updated by one Lua script so concurrent requests on every instance take tokens
 * atomically. The clock is Redis's (TIME), so instances with skewed clocks agree. A bucket's key expires once
 * it would be full again. Returns {allowed (0/1), ms until the next token}.
 */
const TOKEN_BUCKET_SCRIPT = `
local capacity = tonumber(ARGV[1])
local ms_per_token = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) / ms_per_token)
local allowed = 0
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  wait = math.ceil((1 - tokens) * ms_per_token)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) * ms_per_token) + 1000)
return {allowed, wait}
`;
const TOKEN_BUCKET_SHA = createHash('sha1').update(TOKEN_BUCKET_SCRIPT).digest('hex');

/**
 * Token buckets shared by every instance through Redis (`<prefix>:rl:<name>:<key>`). While Redis is unhealthy
 * or a call fails, this instance's own in-memory buckets decide, so a Redis outage never blocks a request nor
 * lifts the limit (each instance then allows the rate on its own).
 */
export function createRedisTokenBucket({
  redis,
  name,
  capacity,
  refillPerSecond,
}: { redis: RedisHandle; name: string } & RateLimit): RateLimiter {
  const fallback = createMemoryTokenBucket({ capacity, refillPerSecond });
  const args = [String(capacity), String(1000 / refillPerSecond)];

  async function run(key: string) {
    const options = { keys: [`${redis.prefix}:rl:${name}:${key}`], arguments: args };
    try {
      return (await redis.client.evalSha(TOKEN_BUCKET_SHA, options)) as [number, number];
    } catch (error) {
      if (!String(error).includes('NOSCRIPT')) throw error;
      return (await redis.client.eval(TOKEN_BUCKET_SCRIPT, options)) as [number, number];
    }
  }

  return {
    async consume(key) {
      if (!redis.healthy) return fallback.consume(key);
      try {
        const [allowed, retryAfterMs] = await run(key);
        return { allowed: allowed === 1, retryAfterMs };
      } catch {
        return fallback.consume(key);
      }
    },
  };
}

/** The deployment's limiter: shared through Redis when there is one (REDIS_URL), else this instance's memory. */
export function createRateLimiter({
  redis,
  name,
  ...limit
}: { redis: RedisHandle | null; name: string } & RateLimit): RateLimiter {
  return redis ? createRedisTokenBucket({ redis, name, ...limit }) : createMemoryTokenBucket(limit);
}
