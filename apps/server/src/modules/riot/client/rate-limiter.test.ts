import { describe, expect, it } from 'vitest';
import { createVirtualClock } from '../../../test/fake-riot.js';
import type { RateLimiter } from '../../../lib/rate-limit.js';
import { createLocalTokenBucket, createMemoryTokenBucket } from '../../../lib/token-bucket.js';
import { RiotRateLimiter, parseRateHeader, sharedBudgetFor, type RiotBudgets } from './rate-limiter.js';

const tooLong = (ms: number) => new Error(`too long: ${ms}`);

describe('parseRateHeader', () => {
  it('reads Riot limit and count headers', () => {
    expect(parseRateHeader('20:1,100:120')).toEqual([
      { limit: 20, windowMs: 1000 },
      { limit: 100, windowMs: 120_000 },
    ]);
    expect(parseRateHeader('3:1, junk, 7:120')).toEqual([
      { limit: 3, windowMs: 1000 },
      { limit: 7, windowMs: 120_000 },
    ]);
    expect(parseRateHeader(null)).toEqual([]);
  });
});

describe('RiotRateLimiter', () => {
  it('assumes the development key limits before any answer (20 per second)', async () => {
    const clock = createVirtualClock();
    const limiter = new RiotRateLimiter({ now: clock.now });
    const keys = [RiotRateLimiter.appKey('na1')];
    for (let i = 0; i < 20; i++)
      await limiter.acquire(keys, { sleep: clock.sleep, maxWaitMs: 200_000, onTooLong: tooLong });
    expect(clock.sleeps).toEqual([]);
    await limiter.acquire(keys, { sleep: clock.sleep, maxWaitMs: 200_000, onTooLong: tooLong });
    expect(clock.sleeps).toEqual([1000]);
  });

  it('never lets concurrent callers overshoot a window', async () => {
    // A clock that stands still and a sleep that returns at once: time is what each caller slept.
    const limiter = new RiotRateLimiter({ now: () => 1_000, defaultAppLimits: '5:1' });
    const sleep = async () => {};
    const keys = [RiotRateLimiter.appKey('euw1')];
    const waited = await Promise.all(
      Array.from({ length: 12 }, () => limiter.acquire(keys, { sleep, maxWaitMs: 60_000, onTooLong: tooLong })),
    );
    expect(waited.sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000, 2000, 2000]);
  });

  it('pauses a bucket when the counts Riot reports exhaust a window, until its reset', () => {
    const clock = createVirtualClock();
    const limiter = new RiotRateLimiter({ now: clock.now });
    const key = RiotRateLimiter.methodKey('na1', 'summoner-v4.getByPuuid');
    limiter.observe(key, '3:10', '1:10');
    clock.advance(2000);
    limiter.observe(key, '3:10', '3:10');
    // The window began with the count of 1, two seconds ago: eight seconds remain.
    expect(limiter.waitFor([key])).toBe(8000);
    clock.advance(8000);
    expect(limiter.waitFor([key])).toBe(0);
  });

  it('blocks a bucket for a Retry-After and fails fast beyond maxWaitMs', async () => {
    const clock = createVirtualClock();
    const limiter = new RiotRateLimiter({ now: clock.now });
    const key = RiotRateLimiter.appKey('kr');
    limiter.block(key, clock.now() + 30_000);
    await expect(limiter.acquire([key], { sleep: clock.sleep, maxWaitMs: 10_000, onTooLong: tooLong })).rejects.toThrow(
      'too long: 30000',
    );
    expect(clock.sleeps).toEqual([]);
    await limiter.acquire([key], { sleep: clock.sleep, maxWaitMs: 60_000, onTooLong: tooLong });
    expect(clock.sleeps).toEqual([30_000]);
  });

  it('does not spin when the injected sleep returns at once and the clock stands still', async () => {
    const limiter = new RiotRateLimiter({ now: () => 1_000, defaultAppLimits: '1:1' });
    const sleeps: number[] = [];
    const sleep = async (ms: number) => void sleeps.push(ms);
    const keys = [RiotRateLimiter.appKey('na1')];
    await limiter.acquire(keys, { sleep, maxWaitMs: 10_000, onTooLong: tooLong });
    await limiter.acquire(keys, { sleep, maxWaitMs: 10_000, onTooLong: tooLong });
    expect(sleeps).toEqual([1000]);
  });
});

describe('sharedBudgetFor', () => {
  it('sizes a bucket so that no span of 1.1 windows (so no fixed window of Riot) sees more than the limit', () => {
    for (const header of ['500:10', '20:1', '100:120', '30000:600']) {
      const window = parseRateHeader(header)[0]!;
      let at = 0;
      const bucket = createLocalTokenBucket({ ...sharedBudgetFor(window), now: () => at });
      // A greedy sender: a call whenever a token is there, for five windows.
      const sent: number[] = [];
      while (at < window.windowMs * 5) {
        const { allowed, retryAfterMs } = bucket.take('app:americas');
        if (allowed) sent.push(at);
        else at += retryAfterMs;
      }
      const span = window.windowMs * 1.1;
      let most = 0;
      for (let lo = 0, hi = 0; hi < sent.length; hi++) {
        while (sent[hi]! - sent[lo]! >= span) lo++;
        most = Math.max(most, hi - lo + 1);
      }
      expect(most, header).toBeLessThanOrEqual(window.limit);
      // Still most of the limit: the budget is not wasted.
      expect(most, header).toBeGreaterThan(window.limit * 0.85);
    }
  });

  it('makes limiters that share budgets wait for each other', async () => {
    const clock = createVirtualClock();
    const shared = new Map<string, RateLimiter>();
    const budgets: RiotBudgets = (name, limit) => {
      if (!shared.has(name)) shared.set(name, createMemoryTokenBucket({ ...limit, now: clock.now }));
      return shared.get(name)!;
    };
    const instances = [1, 2].map(() => new RiotRateLimiter({ now: clock.now, defaultAppLimits: '20:1', budgets }));
    const keys = [RiotRateLimiter.appKey('americas')];
    const sent: number[] = [];
    for (let i = 0; i < 40; i++) {
      await instances[i % 2]!.acquire(keys, { sleep: clock.sleep, maxWaitMs: 60_000, onTooLong: tooLong });
      sent.push(clock.now());
    }
    // Each alone would send 20 in the first second; together they get the key's 20 at most, the burst first.
    expect(sent.filter((at) => at - sent[0]! < 1000).length).toBeLessThanOrEqual(20);
    expect(sent.filter((at) => at === sent[0]).length).toBe(sharedBudgetFor({ limit: 20, windowMs: 1000 }).capacity);
  });
});
