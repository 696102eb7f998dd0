/**
 * Client-side pacing for Riot's rate limits.
 *
 * Riot answers every call with `X-App-Rate-Limit: 20:1,100:120` (at most 20 calls per 1 s and 100 per 120 s
 * for the key, per routing value) and `X-App-Rate-Limit-Count: 3:1,3:120`, and the same pair for the method
 * (`X-Method-Rate-Limit[-Count]`). Riot's windows are fixed and start at the first call, so the limiter:
 * - keeps a sliding log of its own sends per bucket and never sends more than a window allows (a sliding window
 *   is stricter than any fixed one), starting from the development key's limits until headers say otherwise;
 * - blocks a bucket until the window's estimated reset when the counts Riot reports are exhausted (calls made by
 *   other instances with the same key count there too);
 * - blocks a bucket for `Retry-After` after a 429 of type application or method;
 * - with `budgets` (the app's: Redis when it has one), also takes a token per window from a bucket every instance
 *   shares, so several instances together stay within the key's limits (`sharedBudgetFor` sizes them).
 */

import type { RateLimit, RateLimiter } from '../../../lib/rate-limit.js';

export interface RateWindow {
  limit: number;
  windowMs: number;
}

/** Development keys: 20 requests per second and 100 per 2 minutes, per routing value. */
export const DEV_KEY_APP_LIMITS = '20:1,100:120';

/** "20:1,100:120" → [{limit 20, 1000 ms}, {limit 100, 120000 ms}]; junk parts are skipped. */
export function parseRateHeader(value: string | null | undefined): RateWindow[] {
  if (!value) return [];
  const windows: RateWindow[] = [];
  for (const part of value.split(',')) {
    const [a, b] = part.trim().split(':');
    const limit = Number(a);
    const seconds = Number(b);
    if (Number.isFinite(limit) && Number.isFinite(seconds) && limit >= 0 && seconds > 0) {
      windows.push({ limit, windowMs: seconds * 1000 });
    }
  }
  return windows;
}

/** A token bucket per Riot window, named for it (`riot:<limit>:<seconds>`), keyed by the limiter's bucket key. */
export type RiotBudgets = (name: string, limit: RateLimit) => RateLimiter;

/**
 * The shared token bucket for a Riot window of `limit` calls per `windowMs`. A bucket of capacity C refilling r
 * per second lets at most C + r*T through in any span T, whenever it starts. With C = limit/10 and
 * r = (limit - C) / (1.1 * window), C + r * 1.1 * window = limit: no span 10 % longer than Riot's window sees
 * more than the limit, so neither can any fixed window Riot starts, even with sends delayed in flight by up to
 * a tenth of the window after taking their token. The burst (C) stays small because Riot's window may begin
 * just after a full bucket was spent. The bound needs a limit of at least 2 (a bucket has to refill): Riot's are.
 */
export function sharedBudgetFor({ limit, windowMs }: RateWindow): RateLimit {
  const capacity = Math.max(1, Math.floor(limit / 10));
  const span = (windowMs * 1.1) / 1000;
  return { capacity, refillPerSecond: Math.max(1, limit - capacity) / span };
}

interface WindowState {
  /** Estimated start of Riot's current fixed window (when we first saw its count at 1 or reset). */
  start: number;
  lastCount: number;
}

class Bucket {
  windows: RateWindow[];
  /** Send times, ascending (always recorded at "now", so appends keep the order). */
  private log: number[] = [];
  blockedUntil = 0;
  private states = new Map<number, WindowState>();

  constructor(windows: RateWindow[]) {
    this.windows = windows;
  }

  /** Milliseconds to wait before a send at `now` respects every window and block; 0 when it may go. */
  waitAt(now: number): number {
    let until = this.blockedUntil;
    for (const { limit, windowMs } of this.windows) {
      if (limit <= 0) continue;
      // Sends inside (now - windowMs, now]: the log is ascending, count from the end.
      let inside = 0;
      let index = this.log.length - 1;
      while (index >= 0 && this.log[index]! > now - windowMs) {
        inside++;
        index--;
      }
      if (inside >= limit) {
        // The oldest send that keeps the window full has to leave it first.
        const blocking = this.log[this.log.length - limit]!;
        until = Math.max(until, blocking + windowMs);
      }
    }
    return Math.max(0, until - now);
  }

  record(at: number) {
    // Keep the log ascending even if a caller's clock floor ran ahead of another's.
    const now = Math.max(at, this.log.at(-1) ?? at);
    this.log.push(now);
    const longest = Math.max(0, ...this.windows.map((w) => w.windowMs));
    const largest = Math.max(0, ...this.windows.map((w) => w.limit));
    let drop = 0;
    while (drop < this.log.length && this.log[drop]! <= now - longest) drop++;
    drop = Math.max(drop, this.log.length - largest);
    if (drop > 0) this.log.splice(0, drop);
  }

  /** Learns the limits and what Riot counted; blocks until the reset of any exhausted window. */
  observe(limits: RateWindow[], counts: RateWindow[], now: number) {
    if (limits.length > 0) this.windows = limits;
    for (const { limit, windowMs } of this.windows) {
      const count = counts.find((c) => c.windowMs === windowMs)?.limit;
      if (count === undefined) continue;
      const previous = this.states.get(windowMs);
      // A count of 1 or one lower than before means a new window began (at or before now): using "now" as its
      // start only ever estimates the reset later than Riot's, which is the safe side.
      const state =
        !previous || count <= 1 || count < previous.lastCount
          ? { start: now, lastCount: count }
          : { start: previous.start, lastCount: count };
      this.states.set(windowMs, state);
      if (limit > 0 && count >= limit) {
        const reset = state.start + windowMs > now ? state.start + windowMs : now + windowMs;
        this.blockedUntil = Math.max(this.blockedUntil, reset);
      }
    }
  }
}

export interface RateLimiterOptions {
  now?: () => number;
  /** Limits assumed for application buckets before Riot's first answer (development key by default). */
  defaultAppLimits?: string;
  /** Bound on the number of buckets kept (routing values × methods is small; this only guards misuse). */
  maxBuckets?: number;
  /** The budget shared by every instance (the app's); without it only this process's pacing applies. */
  budgets?: RiotBudgets;
}

export class RiotRateLimiter {
  private readonly now: () => number;
  private readonly defaultAppLimits: RateWindow[];
  private readonly maxBuckets: number;
  private readonly buckets = new Map<string, Bucket>();
  private readonly budgets?: RiotBudgets;
  /** One shared bucket per window seen (a key announces few, and they rarely change). */
  private readonly shared = new Map<string, RateLimiter>();

  constructor(options: RateLimiterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.budgets = options.budgets;
    this.defaultAppLimits = parseRateHeader(options.defaultAppLimits ?? DEV_KEY_APP_LIMITS);
    this.maxBuckets = options.maxBuckets ?? 1000;
  }

  static appKey(host: string) {
    return `app:${host}`;
  }

  static methodKey(host: string, call: string) {
    return `method:${host}:${call}`;
  }

  private bucket(key: string): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxBuckets) {
        const oldest = this.buckets.keys().next().value;
        if (oldest !== undefined) this.buckets.delete(oldest);
      }
      bucket = new Bucket(key.startsWith('app:') ? [...this.defaultAppLimits] : []);
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  /** How long a send on these buckets has to wait at `at` (default: now); 0 when it may go. */
  waitFor(keys: string[], at = this.now()): number {
    return Math.max(0, ...keys.map((key) => this.bucket(key).waitAt(at)));
  }

  /** Records a send on these buckets at `at` (default: now). */
  record(keys: string[], at = this.now()) {
    for (const key of keys) this.bucket(key).record(at);
  }

  /** Feeds Riot's rate-limit headers of one answer into a bucket. */
  observe(key: string, limitHeader: string | null, countHeader: string | null, at = this.now()) {
    if (!limitHeader && !countHeader) return;
    this.bucket(key).observe(parseRateHeader(limitHeader), parseRateHeader(countHeader), at);
  }

  /** Nothing goes out on this bucket before `until` (a 429's Retry-After). */
  block(key: string, until: number) {
    const bucket = this.bucket(key);
    bucket.blockedUntil = Math.max(bucket.blockedUntil, until);
  }

  /**
   * Takes a token for a send from the shared bucket of every window of these buckets, in order; 0 when all gave
   * one, else how long until the refusing one has a token. Tokens taken before a refusal are spent: that only
   * ever sends less than the limit, never more.
   */
  private async takeShared(keys: string[]): Promise<number> {
    const budgets = this.budgets!;
    for (const key of keys) {
      for (const window of this.bucket(key).windows) {
        if (window.limit <= 0) continue;
        const name = `riot:${window.limit}:${window.windowMs / 1000}`;
        let budget = this.shared.get(name);
        if (!budget) this.shared.set(name, (budget = budgets(name, sharedBudgetFor(window))));
        const { allowed, retryAfterMs } = await budget.consume(key);
        if (!allowed) return Math.max(1, retryAfterMs);
      }
    }
    return 0;
  }

  /**
   * Waits (through the injected `sleep`) until a send on every bucket is allowed, then records it. Without shared
   * budgets the check and the record happen in one synchronous step, so concurrent callers cannot overshoot a
   * window; with them the shared buckets are what bounds the sends of every instance. Time is taken as at least
   * what was slept, so an instant fake `sleep` cannot make this spin.
   * Returns the total time waited; throws `tooLong` (from the caller) when the wait would exceed `maxWaitMs`.
   */
  async acquire(
    keys: string[],
    {
      sleep,
      maxWaitMs,
      onTooLong,
    }: { sleep: (ms: number) => Promise<void>; maxWaitMs: number; onTooLong: (waitMs: number) => Error },
  ): Promise<number> {
    const started = this.now();
    let slept = 0;
    for (;;) {
      const at = Math.max(this.now(), started + slept);
      let wait = this.waitFor(keys, at);
      // Awaited only with shared budgets: without them the check and the record stay one synchronous step.
      if (wait <= 0 && this.budgets) wait = await this.takeShared(keys);
      if (wait <= 0) {
        this.record(keys, Math.max(this.now(), at));
        return slept;
      }
      if (slept + wait > maxWaitMs) throw onTooLong(slept + wait);
      await sleep(wait);
      slept += wait;
    }
  }
}
