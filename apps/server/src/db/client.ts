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

export function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 20, idleTimeoutMillis: 30_000 });
  // A dropped idle connection (PostgreSQL restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
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
}: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir);
}

async function timeQuery(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}
