import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/errors.js';
import { MIGRATIONS_DIR } from '../paths.js';
import * as schema from './schema/index.js';
import { timeQuery, type Database, type DatabaseHandle } from './handle.js';

export type { Database, DatabaseHandle, DbOrTx, Schema, Transaction } from './handle.js';

/** The release of each client's current checkout (a client is checked out many times). */
const releasers = new WeakMap<pg.PoolClient, (error?: Error) => void>();
const guarded = new WeakSet<pg.PoolClient>();

/**
 * node-postgres' pool, made safe for lost connections. A checked-out client whose connection fails emits an
 * 'error' nobody listens to (an uncaught exception); and Drizzle sends BEGIN before its try/finally, so a client
 * whose BEGIN fails (a connection the pool still thought alive, e.g. across a network partition) would never be
 * released, and the pool would shrink for good. A client handed out here listens for errors and releases itself,
 * destroyed, as soon as its connection fails or one of its queries fails for lack of a database; the release
 * that follows (Drizzle's finally) is then a no-op instead of pg-pool's double-release error.
 */
class SelfHealingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Parameters<pg.Pool['connect']>[0] & object): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]) {
    // pool.query() checks out with a callback and releases with the error itself.
    if (callback) return super.connect(callback as never);
    return super.connect().then(guardCheckout);
  }
}

function guardCheckout(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release.call(client, error);
  };
  client.release = releaseOnce;
  releasers.set(client, releaseOnce);
  if (!guarded.has(client)) {
    guarded.add(client);
    // pg-pool listens for errors only on idle clients: a connection lost while checked out (a write to a socket
    // the server reset) would be an uncaught 'error' event, and crash the process.
    client.on('error', (error) => releasers.get(client)?.(error));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (isDatabaseUnavailable(error)) releasers.get(client)?.(error as Error);
        });
      }
      return result;
    }) as typeof client.query;
  }
  return client;
}

/** Arbitrary constant for the migration advisory lock. */
const MIGRATION_LOCK_ID = 72_640_311;

export interface PostgresOptions {
  /** Pool size of this instance. */
  maxConnections?: number;
  /** Longest wait for a pooled connection or a new one (an unreachable server fails instead of hanging). */
  connectTimeoutMs?: number;
  /** Longest wait for a query's answer (a partitioned server never answers; the connection is dropped). */
  queryTimeoutMs?: number;
}

export function openPostgres(
  url: string,
  { connectTimeoutMs = 5_000, queryTimeoutMs = 15_000, maxConnections = 20 }: PostgresOptions = {},
): DatabaseHandle {
  const pool = new SelfHealingPool({
    connectionString: url,
    max: maxConnections,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: queryTimeoutMs,
    keepAlive: true,
  });
  // A dropped idle connection (PostgreSQL restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    async migrate() {
      // A connection of its own, without the pool's query timeout: a migration (or the wait for another
      // instance's) may take longer than any request should.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        await client.end();
      }
    },
    ping: () => timeQuery(db),
    close: () => pool.end(),
  };
}

export async function openDatabase({
  databaseUrl,
  dataDir,
  ...postgres
}: {
  databaseUrl?: string;
  dataDir: string;
} & PostgresOptions): Promise<DatabaseHandle> {
  if (databaseUrl) return openPostgres(databaseUrl, postgres);
  // PGlite (Postgres in WASM) is loaded only when it is the database: a server on DATABASE_URL never pays for it.
  const { openPglite } = await import('./pglite.js');
  return openPglite(dataDir);
}
