import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { createClient } from 'redis';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { openPostgres, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import { startFaultProxy, type FaultProxy } from '../../apps/server/src/test/fault-proxy.js';
import {
  postgresReachable,
  redact,
  redisReachable,
  requireService,
  TEST_POSTGRES_URL,
  TEST_REDIS_URL,
} from '../../apps/server/src/test/services.js';
import { SERVER_ENTRY, startServer, type RunningServer } from './server.js';

/**
 * Several real server processes (`apps/server/dist/server.js`) on one PostgreSQL and one Redis, as behind a load
 * balancer. Each instance reaches PostgreSQL and Redis through a fault proxy of its own (so a test can cut or
 * pause them for one instance or all), and a round-robin proxy stands in for the load balancer. Every cluster
 * gets a fresh database and its own Redis prefix: it shares nothing with other tests running at the same time.
 */
export const PG_URL = TEST_POSTGRES_URL;
export const REDIS_URL = TEST_REDIS_URL;

/**
 * Why the multi-instance suites cannot run here, or null. Prints the reason loudly; under CI=true a missing
 * build, PostgreSQL or Redis is a failure instead (see requireService).
 */
export async function clusterSkipReason(suite: string): Promise<string | null> {
  const missing = !existsSync(SERVER_ENTRY)
    ? `${SERVER_ENTRY} (run npm run build)`
    : !(await postgresReachable())
      ? `PostgreSQL at ${redact(PG_URL)} (set TEST_DATABASE_URL)`
      : !(await redisReachable())
        ? `Redis at ${redact(REDIS_URL)} (set TEST_REDIS_URL)`
        : null;
  if (missing === null) return null;
  requireService({ suite, available: false, missing });
  return `${suite} needs ${missing}`;
}

export interface Instance {
  name: string;
  /** Origin of this instance, e.g. http://127.0.0.1:41234. */
  url: string;
  server: RunningServer;
  /** Its way to PostgreSQL: cut() or pause() for a database outage as this instance sees it. */
  postgres: FaultProxy;
  /** Its way to Redis. */
  redis: FaultProxy;
}

export interface Cluster {
  instances: Instance[];
  /** The load balancer: round-robin over the instances, skipping one that refuses connections. */
  balancer: FaultProxy;
  balancerUrl: string;
  /** The cluster's database, opened directly (factories, checks); the servers reach it through their proxies. */
  database: DatabaseHandle;
  databaseUrl: string;
  /** Starts one more instance on the same database and Redis. */
  addInstance(name: string, env?: Record<string, string>): Promise<Instance>;
  close(): Promise<void>;
}

/** Settings of every instance: fast database timeouts, so outages show within the tests' time. */
const INSTANCE_ENV = {
  NODE_ENV: 'development',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  DATABASE_CONNECT_TIMEOUT_MS: '1500',
  DATABASE_QUERY_TIMEOUT_MS: '3000',
  SHUTDOWN_TIMEOUT_MS: '10000',
};

export async function startCluster({
  name,
  instances: count = 2,
  env = {},
}: {
  /** Names the log files: e2e/artifacts/<name>-<instance>.log. */
  name: string;
  instances?: number;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const dbName = `scrimgym_${name.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const redisPrefix = `sg-${name}-${randomBytes(4).toString('hex')}`;
  const instances: Instance[] = [];

  async function addInstance(instanceName: string, extra: Record<string, string> = {}): Promise<Instance> {
    const [postgres, redis] = await Promise.all([startFaultProxy(databaseUrl), startFaultProxy(REDIS_URL)]);
    const server = await startServer({
      logName: `${name}-${instanceName}`,
      env: {
        ...INSTANCE_ENV,
        DATABASE_URL: postgres.urlFor(databaseUrl),
        REDIS_URL: redis.urlFor(REDIS_URL),
        REDIS_PREFIX: redisPrefix,
        ...env,
        ...extra,
      },
    });
    const instance = { name: instanceName, url: server.baseURL, server, postgres, redis };
    instances.push(instance);
    return instance;
  }

  const database = openPostgres(databaseUrl);
  try {
    // All at once, as a deployment starts them: the migrations run once, under the advisory lock.
    await Promise.all(Array.from({ length: count }, (_, i) => addInstance(String.fromCharCode(97 + i))));
  } catch (error) {
    await Promise.all(instances.map((i) => i.server.stop()));
    await database.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    throw error;
  }
  const lb = await startFaultProxy(instances.map((i) => i.url));

  return {
    instances,
    balancer: lb,
    balancerUrl: `http://127.0.0.1:${lb.port}`,
    database,
    databaseUrl,
    addInstance,
    async close() {
      await Promise.all(instances.map((i) => i.server.stop()));
      await Promise.all(instances.flatMap((i) => [i.postgres.close(), i.redis.close()]));
      await lb.close();
      await database.close();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      const redis = createClient({ url: REDIS_URL });
      redis.on('error', () => {});
      await redis.connect();
      const keys = await redis.keys(`${redisPrefix}:*`);
      if (keys.length) await redis.del(keys);
      await redis.close();
    },
  };
}

// --- Clients

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  ms: number;
}

/** One JSON call with a Bearer token; network failures are thrown (the caller decides what they mean). */
/**
 * One call of the API. `freshConnection`: on a TCP connection of its own, closed after the answer, instead of a
 * pooled keep-alive one. Behind the test's balancer (a TCP proxy), a pooled connection stays bound to the
 * instance it was opened to; a load that must follow the balancer's choice per request (as behind an HTTP load
 * balancer) uses fresh connections.
 */
export async function api<T = Record<string, unknown>>(
  origin: string,
  method: string,
  path: string,
  {
    token,
    body,
    timeoutMs = 10_000,
    freshConnection = false,
  }: { token?: string; body?: unknown; timeoutMs?: number; freshConnection?: boolean } = {},
): Promise<ApiAnswer<T>> {
  const started = performance.now();
  const headers: Record<string, string> = {
    ...(token && { authorization: `Bearer ${token}` }),
    ...(body !== undefined && { 'content-type': 'application/json' }),
  };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const { status, text } = freshConnection
    ? await requestOnFreshConnection(`${origin}${path}`, { method, headers, payload, timeoutMs })
    : await fetch(`${origin}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) }).then(
        async (res) => ({ status: res.status, text: await res.text() }),
      );
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status, body: parsed as T, ms: Math.round(performance.now() - started) };
}

function requestOnFreshConnection(
  url: string,
  {
    method,
    headers,
    payload,
    timeoutMs,
  }: { method: string; headers: Record<string, string>; payload?: string; timeoutMs: number },
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export interface RecordingSocket {
  socket: Socket;
  /** Every event received, in order. */
  events: Array<{ event: string; args: unknown[]; at: number }>;
  /** Why it disconnected each time. */
  disconnects: string[];
  /** Resolves with the first event (already received or to come) that passes `where`. */
  next<T = unknown>(event: string, where?: (payload: T) => boolean, timeoutMs?: number): Promise<T>;
  count(event: string, where?: (payload: unknown) => boolean): number;
  close(): void;
}

/** A websocket-only Socket.IO client (what a load balancer without sticky sessions needs) that records events. */
export async function openSocket(
  origin: string,
  token: string,
  { reconnection = false }: { reconnection?: boolean } = {},
): Promise<RecordingSocket> {
  const socket = connectSocket(origin, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  const events: RecordingSocket['events'] = [];
  const disconnects: string[] = [];
  socket.onAny((event: string, ...args: unknown[]) => events.push({ event, args, at: Date.now() }));
  socket.on('disconnect', (reason) => disconnects.push(reason));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    events,
    disconnects,
    next<T>(event: string, where: (payload: T) => boolean = () => true, timeoutMs = 10_000) {
      return new Promise<T>((resolve, reject) => {
        const seen = events.find((e) => e.event === event && where(e.args[0] as T));
        if (seen) return resolve(seen.args[0] as T);
        const timer = setTimeout(() => {
          socket.offAny(listener);
          reject(new Error(`no ${event} within ${timeoutMs} ms (got: ${events.map((e) => e.event).join(', ')})`));
        }, timeoutMs);
        function listener(name: string, ...args: unknown[]) {
          if (name !== event || !where(args[0] as T)) return;
          clearTimeout(timer);
          socket.offAny(listener);
          resolve(args[0] as T);
        }
        socket.onAny(listener);
      });
    },
    count: (event, where = () => true) => events.filter((e) => e.event === event && where(e.args[0])).length,
    close: () => void socket.disconnect(),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
