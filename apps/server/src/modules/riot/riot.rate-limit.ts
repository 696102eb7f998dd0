/**
 * A per-user request budget kept in memory (one instance's view: with several instances each allows the limit,
 * which still bounds what one user can make the key spend). Sliding window, bounded number of users tracked.
 */
export interface UserRateLimiter {
  /** Counts one request; `allowed` false (and how long to wait) when the user's budget is spent. */
  consume(userId: string): { allowed: boolean; retryAfterMs: number };
}

export function createUserRateLimiter({
  limit,
  windowMs,
  maxUsers = 10_000,
  now = Date.now,
}: {
  limit: number;
  windowMs: number;
  maxUsers?: number;
  now?: () => number;
}): UserRateLimiter {
  const hits = new Map<string, number[]>();

  function prune(at: number) {
    for (const [user, times] of hits) {
      if ((times.at(-1) ?? 0) <= at - windowMs) hits.delete(user);
    }
    // Still full: forget the least recently active users.
    while (hits.size >= maxUsers) {
      const oldest = hits.keys().next().value;
      if (oldest === undefined) break;
      hits.delete(oldest);
    }
  }

  return {
    consume(userId) {
      const at = now();
      const times = (hits.get(userId) ?? []).filter((t) => t > at - windowMs);
      if (times.length >= limit) {
        hits.set(userId, times);
        return { allowed: false, retryAfterMs: Math.max(1, times[times.length - limit]! + windowMs - at) };
      }
      times.push(at);
      hits.delete(userId);
      if (hits.size >= maxUsers) prune(at);
      // Re-inserted last: the Map's order is least recently active first.
      hits.set(userId, times);
      return { allowed: true, retryAfterMs: 0 };
    },
  };
}
