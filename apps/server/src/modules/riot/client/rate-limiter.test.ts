import { describe, expect, it } from 'vitest';
import { createVirtualClock } from '../../../test/fake-riot.js';
import { RiotRateLimiter, parseRateHeader } from './rate-limiter.js';

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
