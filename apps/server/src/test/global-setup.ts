import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/client.js';
import { wrapPglite } from '../db/pglite.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database each test file copies. */
    pgTemplate: string | null;
    /** PGlite: a dump of a migrated data directory each test file loads (much faster than initdb + migrate). */
    pgliteSnapshot: string | null;
  }
}

/**
 * Migrates once per run. On PostgreSQL (TEST_DATABASE_URL) into a template database that every test file
 * clones with CREATE DATABASE … TEMPLATE; on PGlite into a data-dir snapshot that every file loads.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `scrimgym_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const handle = openPostgres(withDatabase(url, template));
    await handle.migrate();
    await handle.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', null);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const client = await PGlite.create();
  const handle = wrapPglite(client);
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  const folder = mkdtempSync(join(tmpdir(), 'scrimgym-test-'));
  const file = join(folder, 'snapshot.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgTemplate', null);
  project.provide('pgliteSnapshot', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
