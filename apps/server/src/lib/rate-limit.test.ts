import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis, type RedisHandle } from './redis.js';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy.js';
import { requireRedis, TEST_REDIS_URL } from '../test/services.js';
import { createRateLimiter } from './rate-limit.js';

/**
 * Rate limits shared by instances through Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379; skipped
 * without it, a failure under CI). Each run has its own key prefix, so it never touches anyone else's keys.
 */
const REDIS_URL = TEST_REDIS_URL;
const PREFIX = `sgtest-${randomBytes(4).toString('hex')}`;
const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const withRedis = await requireRedis('the Redis rate-limit tests (rate-limit.test.ts)');

const fast = { capacity: 10, refillPerSecond: 0.001 };

describe('in memory (no REDIS_URL)', () => {
  it('allows the burst, then refuses with the wait for the next token', async () => {
    const limiter = createRateLimiter({ redis: null, name: 'test', capacity: 3, refillPerSecond: 1 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => limiter.consume('u1')));
    expect(answers.filter((a) => a.allowed)).toHaveLength(3);
    expect(answers.at(-1)!.retryAfterMs).toBeGreaterThan(0);
    expect((await limiter.consume('u2')).allowed).toBe(true);
  });
});

describe.skipIf(!withRedis)('in Redis, shared by instances', () => {
  let first: RedisHandle;
  let second: RedisHandle;
  let proxy: FaultProxy;
  let behindProxy: RedisHandle;

  beforeAll(async () => {
    proxy = await startFaultProxy(REDIS_URL);
    [first, second, behindProxy] = await Promise.all([
      openRedis({ url: REDIS_URL, prefix: PREFIX, log: silent }),
      openRedis({ url: REDIS_URL, prefix: PREFIX, log: silent }),
      openRedis({ url: proxy.urlFor(REDIS_URL), prefix: PREFIX, log: silent }),
    ]);
  });
  afterAll(async () => {
    const keys = await first.client.keys(`${PREFIX}:*`);
    if (keys.length) await first.client.del(keys);
    await Promise.all([first, second, behindProxy].map((r) => r?.close()));
    await proxy?.close();
  });

  it('takes tokens atomically: 60 concurrent calls from two instances, exactly the burst allowed', async () => {
    const a = createRateLimiter({ redis: first, name: 'race', ...fast });
    const b = createRateLimiter({ redis: second, name: 'race', ...fast });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).consume('user-1')));
    expect(answers.filter((x) => x.allowed)).toHaveLength(10);
    expect(answers.filter((x) => !x.allowed).every((x) => x.retryAfterMs > 0)).toBe(true);
    // Another key and another limiter name have their own buckets.
    expect((await a.consume('user-2')).allowed).toBe(true);
    expect((await createRateLimiter({ redis: first, name: 'other', ...fast }).consume('user-1')).allowed).toBe(true);
  });

  it('refills at the rate and lets the key expire once full again', async () => {
    // A token a second: a loaded machine's pause between the first calls never refills one by itself.
    const limiter = createRateLimiter({ redis: first, name: 'refill', capacity: 2, refillPerSecond: 1 });
    expect((await limiter.consume('u')).allowed).toBe(true);
    expect((await limiter.consume('u')).allowed).toBe(true);
    const refused = await limiter.consume('u');
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.retryAfterMs).toBeLessThanOrEqual(1000);
    await new Promise((r) => setTimeout(r, refused.retryAfterMs + 10));
    expect((await limiter.consume('u')).allowed).toBe(true);
    const ttl = await first.client.pTTL(`${PREFIX}:rl:refill:u`);
    expect(ttl).toBeGreaterThan(0);
    // Empty again, it is full two tokens later, plus the key's second of grace.
    expect(ttl).toBeLessThanOrEqual(2000 + 1000 + 100);
  });

  it('falls back to this instance’s memory while Redis is cut, without waiting, and shares again after', async () => {
    const limiter = createRateLimiter({ redis: behindProxy, name: 'outage', capacity: 3, refillPerSecond: 0.001 });
    expect((await limiter.consume('u')).allowed).toBe(true);
    proxy.cut();
    await expect.poll(() => behindProxy.healthy, { timeout: 5_000 }).toBe(false);
    const started = performance.now();
    const during = await Promise.all(Array.from({ length: 5 }, () => limiter.consume('u')));
    // Redis is not asked while it is down: answered from memory at once (a timeout would take seconds).
    expect(performance.now() - started).toBeLessThan(1000);
    // The memory bucket starts full: the limit still holds on this instance.
    expect(during.filter((x) => x.allowed)).toHaveLength(3);
    proxy.restore();
    await expect.poll(() => behindProxy.healthy, { timeout: 10_000 }).toBe(true);
    // Redis's bucket (1 taken before the cut) decides again.
    const after = await Promise.all(Array.from({ length: 3 }, () => limiter.consume('u')));
    expect(after.filter((x) => x.allowed)).toHaveLength(2);
  });
});
