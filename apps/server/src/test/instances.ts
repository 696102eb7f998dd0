import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { createClient } from 'redis';
import { openPostgres, type DatabaseHandle } from '../db/client.js';
import { createTestApp, type TestContext } from './app.js';
import { requireRedis, requireService, TEST_REDIS_URL } from './services.js';

/**
 * Server instances on one database, as processes behind a load balancer would run them. The first owns this
 * file's database (createTestApp); every other one opens its own connection pool to it on PostgreSQL, and on
 * PGlite (one process by design) shares the first's handle. `close()` closes the instances last first, then the
 * pools it opened, then the first.
 */
export interface Instances {
  first: TestContext;
  second: TestContext;
  /** The shared database (the first instance's handle). */
  db: TestContext['database']['db'];
  /** One more instance on the same database, with `env` on top of the pair's; closed by `close()`. */
  another(env?: Record<string, string>): Promise<TestContext>;
  /** The instance listening on a free local port (started on the first call): its http origin. */
  url(ctx: TestContext): Promise<string>;
  close(): Promise<void>;
}

/** Two instances on one database with the same settings (`env`, plus `redis.env` when given). */
export async function startTwoInstances({
  env = {},
  redis = null,
}: { env?: Record<string, string>; redis?: InstancesRedis | null } = {}): Promise<Instances> {
  const shared = { ...env, ...redis?.env };
  const first = await createTestApp(shared);
  const url = (first.database as DatabaseHandle & { url: string | null }).url;
  const pools: DatabaseHandle[] = [];
  const others: TestContext[] = [];
  const another = async (extra: Record<string, string> = {}) => {
    let database = first.database;
    if (url) pools.push((database = openPostgres(url)));
    const ctx = await createTestApp({ ...shared, ...extra }, { database });
    others.push(ctx);
    return ctx;
  };
  const second = await another();
  const origins = new Map<TestContext, string>();
  return {
    first,
    second,
    db: first.database.db,
    another,
    async url(ctx) {
      const known = origins.get(ctx);
      if (known) return known;
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      origins.set(ctx, `http://127.0.0.1:${address.port}`);
      return origins.get(ctx)!;
    },
    async close() {
      for (const ctx of others.reverse()) await ctx.close();
      for (const pool of pools) await pool.close();
      await first.close();
    },
  };
}

/** The Redis a set of instances shares (the Socket.IO adapter, the session cache's forgets): the env it needs. */
export interface InstancesRedis {
  env: { REDIS_URL: string; REDIS_PREFIX?: string };
  /** Stops a Redis this file started itself (nothing for the machine's). */
  stop(): void;
}

/**
 * The machine's Redis (TEST_REDIS_URL) for `suite`, under a key prefix of this run's own (`<prefix>-<random>`) so
 * other test files on the same Redis get channels of their own. Null when Redis does not answer: the suite is
 * skipped loudly, and under CI=true this throws instead (requireService: CI never passes by skipping).
 */
export async function sharedRedis(suite: string, prefix: string): Promise<InstancesRedis | null> {
  if (!(await requireRedis(suite))) return null;
  return {
    env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `${prefix}-${randomBytes(4).toString('hex')}` },
    stop: () => {},
  };
}

/**
 * A redis-server of `suite`'s own on a free port, for suites whose adapter-wide queries (fetchSockets) count
 * every subscriber on the Redis: other runs on a shared one would skew the answers. Null when it cannot be
 * started, with the same rule as sharedRedis (a loud skip; under CI=true a failure).
 */
export async function ownRedis(suite: string): Promise<InstancesRedis | null> {
  const started = await startRedisServer();
  const available = requireService({
    suite,
    available: started !== null,
    missing: 'a redis-server binary to start (apt-get install redis-server)',
  });
  return available ? started : null;
}

async function startRedisServer(): Promise<InstancesRedis | null> {
  try {
    const port = await freePort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    child.on('error', () => {});
    const url = `redis://127.0.0.1:${port}`;
    for (let attempt = 0; attempt < 50; attempt++) {
      const client = createClient({ url, socket: { connectTimeout: 1000, reconnectStrategy: false } });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.quit();
        return { env: { REDIS_URL: url }, stop: () => void child.kill() };
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    child.kill();
    return null;
  } catch {
    return null;
  }
}

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
