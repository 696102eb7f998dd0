import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../paths.js';
import { timeQuery, type Database, type DatabaseHandle } from './handle.js';
import * as schema from './schema/index.js';

/**
 * The embedded database, in a module of its own: openDatabase imports it only when no DATABASE_URL
 * is set (and the server's build puts it in a chunk of its own), so PGlite's WASM is never loaded otherwise.
 */
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
