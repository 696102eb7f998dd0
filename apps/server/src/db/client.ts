import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One type for both drivers: every repository is written once against PostgreSQL's dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Runs the committed migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** Round-trip time of a trivial query, in milliseconds. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

/** Arbitrary constant for the migration advisory lock. */
const MIGRATION_LOCK_ID = 72_640_311;

export interface PostgresOptions {
  /** Longest wait for a pooled connection or a new one (an unreachable server fails instead of hanging). */
  connectTimeoutMs?: number;
  /** Longest wait for a query's answer (a partitioned server never answers; the connection is dropped). */
  queryTimeoutMs?: number;
}

export function openPostgres(
  url: string,
  { connectTimeoutMs = 5_000, queryTimeoutMs = 15_000 }: PostgresOptions = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
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

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: () => timeQuery(db),
    close: () => client.close(),
  };
}

/** PGlite in `dataDir` (created when missing), or in memory when dataDir is 'memory://'. */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  return wrapPglite(client);
}

export async function openDatabase({
  databaseUrl,
  dataDir,
  ...postgres
}: {
  databaseUrl?: string;
  dataDir: string;
} & PostgresOptions): Promise<DatabaseHandle> {
  return databaseUrl ? openPostgres(databaseUrl, postgres) : openPglite(dataDir);
}

async function timeQuery(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}
