import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy.js';
import { requireRedis, TEST_REDIS_URL } from '../test/services.js';
import { createResilientRedisAdapter } from './redis-adapter.js';
import { openRedis, type RedisHandle } from '../lib/redis.js';

/**
 * Socket.IO's Redis adapter through a Redis outage (TEST_REDIS_URL, default redis://127.0.0.1:6379; skipped
 * without it, a failure under CI). Two Socket.IO servers stand for two instances; the second reaches Redis through a fault proxy.
 */
const REDIS_URL = TEST_REDIS_URL;
const PREFIX = `sgtest-${randomBytes(4).toString('hex')}`;
const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const withRedis = await requireRedis('the Redis adapter tests (redis-adapter.test.ts)');

describe.skipIf(!withRedis)('resilient Redis adapter', () => {
  let proxy: FaultProxy;
  let direct: RedisHandle;
  let proxied: RedisHandle;
  let first: Server;
  let second: Server;
  const heard: string[] = [];

  beforeAll(async () => {
    proxy = await startFaultProxy(REDIS_URL);
    [direct, proxied] = await Promise.all([
      openRedis({ url: REDIS_URL, prefix: PREFIX, log: silent }),
      openRedis({ url: proxy.urlFor(REDIS_URL), prefix: PREFIX, log: silent }),
    ]);
    const key = `${PREFIX}#socket.io`;
    first = new Server({ adapter: createResilientRedisAdapter(direct, { key, requestsTimeout: 1000 }) as never });
    second = new Server({ adapter: createResilientRedisAdapter(proxied, { key, requestsTimeout: 1000 }) as never });
    second.on('ping-instances', (text: string) => heard.push(text));
  });
  afterAll(async () => {
    // Not attached to an HTTP server, so no io.close(): only the adapters hold anything.
    for (const io of [first, second]) await io?.of('/').adapter.close();
    await Promise.all([direct?.close(), proxied?.close()]);
    await proxy?.close();
  });

  it('links instances, degrades to local work while Redis is cut (no crash, no wait), and links again', async () => {
    // Until the second instance's subscriptions are in place.
    await expect
      .poll(
        () => {
          first.serverSideEmit('ping-instances', 'before');
          return heard.includes('before');
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);

    // Broadcasts in flight when the connection is reset must not become unhandled rejections (the run fails).
    let sending = true;
    const flood = (async () => {
      while (sending) {
        second.to('room').emit('update', { at: Date.now() });
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    proxy.cut();
    await expect.poll(() => proxied.healthy).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    sending = false;
    await flood;

    const started = performance.now();
    expect(await second.fetchSockets()).toEqual([]);
    second.serverSideEmit('ping-instances', 'dropped');
    expect(performance.now() - started).toBeLessThan(50);

    proxy.restore();
    await expect.poll(() => proxied.healthy, { timeout: 10_000 }).toBe(true);
    // Resubscribed: the other instance is heard again.
    await expect
      .poll(
        () => {
          first.serverSideEmit('ping-instances', 'after');
          return heard.includes('after');
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    expect(heard).not.toContain('dropped');
  });
});
