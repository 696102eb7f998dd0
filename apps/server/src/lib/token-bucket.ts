/**
 * A per-key rate limit behind an async interface, so a shared store (Redis) can replace the
 * in-memory one without touching its callers.
 */
export interface RateLimiter {
  /** Takes one token for `key`; `allowed` false (and how long until the next token) when there is none. */
  consume(key: string): Promise<{ allowed: boolean; retryAfterMs: number }>;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** A token bucket of this process's own memory, answered at once (no promise): for per-event checks. */
export interface LocalTokenBucket {
  take(key: string): { allowed: boolean; retryAfterMs: number };
}

/**
 * Token buckets kept in this instance's memory: `capacity` tokens (the burst), refilled at `refillPerSecond`.
 * With several instances each one allows the rate, which still bounds a user. At most `maxKeys` buckets are
 * kept; the least recently used go first (a forgotten bucket is a full one, so forgetting only forgives).
 */
export function createLocalTokenBucket({
  capacity,
  refillPerSecond,
  maxKeys = 10_000,
  now = Date.now,
}: {
  capacity: number;
  refillPerSecond: number;
  maxKeys?: number;
  now?: () => number;
}): LocalTokenBucket {
  const buckets = new Map<string, Bucket>();
  const msPerToken = 1000 / refillPerSecond;

  return {
    take(key) {
      const at = now();
      const bucket = buckets.get(key) ?? { tokens: capacity, updatedAt: at };
      bucket.tokens = Math.min(capacity, bucket.tokens + (at - bucket.updatedAt) / msPerToken);
      bucket.updatedAt = at;
      // Re-inserted last: the Map's order is least recently used first.
      buckets.delete(key);
      buckets.set(key, bucket);
      while (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value!);
      if (bucket.tokens < 1) return { allowed: false, retryAfterMs: Math.ceil((1 - bucket.tokens) * msPerToken) };
      bucket.tokens -= 1;
      return { allowed: true, retryAfterMs: 0 };
    },
  };
}

/** The same buckets behind the async RateLimiter interface (what a Redis-backed limiter replaces). */
export function createMemoryTokenBucket(options: Parameters<typeof createLocalTokenBucket>[0]): RateLimiter {
  const local = createLocalTokenBucket(options);
  return { consume: async (key) => local.take(key) };
}
