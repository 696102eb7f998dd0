import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { withTimeout } from './timeout.js';

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisHandle {
  /** Prefix of every key and channel of this deployment (REDIS_PREFIX). */
  readonly prefix: string;
  /** For commands (rate limits): rejected at once while Redis is unreachable, so callers fall back, never wait. */
  readonly client: RedisClient;
  /** Socket.IO adapter's connections: they queue while reconnecting, as the adapter never awaits a publish. */
  readonly pub: RedisClient;
  readonly sub: RedisClient;
  /** Every connection is up and Redis answered the last health check (within HEALTH_TIMEOUT_MS). */
  readonly healthy: boolean;
  close(): Promise<void>;
}

const HEALTH_INTERVAL_MS = 1000;
const HEALTH_TIMEOUT_MS = 1000;
/** How long the start waits for Redis; after that the instance starts degraded and connects in the background. */
const CONNECT_WAIT_MS = 2000;

/** Always try again (node-redis gives up on a socket timeout by default): 50 ms doubling to 2 s, with jitter. */
const reconnectStrategy = (retries: number) => Math.min(50 * 2 ** retries, 2000) + Math.floor(Math.random() * 100);

/**
 * Connects to Redis without making the start depend on it: an instance whose Redis is down starts (and keeps
 * serving) on its own, and joins the others when Redis answers again. Health is a PING every second with a
 * deadline, so a Redis that stops answering without closing the connection (a partition) is noticed too.
 */
export async function openRedis({
  url,
  prefix,
  log,
}: {
  url: string;
  prefix: string;
  log: FastifyBaseLogger;
}): Promise<RedisHandle> {
  const client = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy, connectTimeout: 2000 } });
  const pub = client.duplicate({ disableOfflineQueue: false });
  const sub = client.duplicate({ disableOfflineQueue: false });
  // Socket.IO's adapter never awaits these: a command cut off by a lost connection would be an unhandled
  // rejection, which ends the process. What they carried is lost either way (the adapter goes local meanwhile).
  ignoreRejections(pub, ['publish']);
  ignoreRejections(sub, ['subscribe', 'pSubscribe', 'unsubscribe', 'pUnsubscribe']);
  const connections = [client, pub, sub];
  // Errors arrive on every reconnection attempt; the health check logs the outage once.
  for (const connection of connections) connection.on('error', () => {});

  let answered = false;
  let healthy = false;
  let closing = false;
  const isHealthy = () => answered && connections.every((c) => c.isReady);

  async function check() {
    answered = await withTimeout(
      client.ping().then(
        () => true,
        () => false,
      ),
      HEALTH_TIMEOUT_MS,
      false,
    );
    const now = isHealthy();
    if (now !== healthy && !closing) {
      if (now) log.info('redis: connected');
      else log.warn('redis: unavailable; this instance serves its own clients until it is back');
    }
    healthy = now;
  }

  const connecting = Promise.all(connections.map((c) => c.connect().catch(() => {})));
  await withTimeout(connecting, CONNECT_WAIT_MS, null);
  await check();
  if (!healthy) log.warn({ url: redactUrl(url) }, 'redis: not reachable at start; starting without it');
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => {
      checking = false;
    });
  }, HEALTH_INTERVAL_MS);
  timer.unref();

  return {
    prefix,
    client,
    pub,
    sub,
    get healthy() {
      return healthy && isHealthy();
    },
    async close() {
      closing = true;
      clearInterval(timer);
      await Promise.all(
        connections.map(async (c) => {
          if (!c.isOpen) return;
          // close() waits for the commands in flight; a partitioned Redis never answers them, so after a second
          // the connection is dropped.
          const closed = c.close().then(
            () => true,
            () => false,
          );
          const done = await withTimeout(closed, 1000, false);
          if (!done && c.isOpen) c.destroy();
        }),
      );
    },
  };
}

function ignoreRejections(client: RedisClient, methods: string[]) {
  const target = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of methods) {
    const original = target[name]!.bind(client);
    target[name] = (...args: unknown[]) => {
      const result = original(...args);
      if (result instanceof Promise) result.catch(() => {});
      return result;
    };
  }
}

function redactUrl(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
