// What both drivers (node-postgres in client.ts, PGlite in pglite.ts) share: the database types and the ping.
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

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

export async function timeQuery(db: Database): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}
