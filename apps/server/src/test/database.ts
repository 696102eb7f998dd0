import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../db/client.js';
import { wrapPglite } from '../db/pglite.js';
import { withDatabase } from './global-setup.js';

/**
 * A migrated database of this test file's own: a copy of the run's template on PostgreSQL
 * (TEST_DATABASE_URL), or a PGlite loaded from the run's snapshot. Files never share data, so they run in parallel.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string | null }> {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `scrimgym_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    // A test waits for a pooled connection as long as a test may: on two starved cores a burst of hundreds of
    // requests queues past production's 5 s fail-fast guard, which db/client.test.ts and the fault suites test on
    // handles of their own.
    const handle = openPostgres(withDatabase(url, name), { connectTimeoutMs: 30_000 });
    return {
      ...handle,
      url: withDatabase(url, name),
      async close() {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot) throw new Error('The server test global setup did not run');
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(snapshot)]) });
  return { ...wrapPglite(client), url: null };
}
