import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.js';
import { createTestDatabase } from '../../test/database.js';
import { FUNCTIONS_DIR, functionFiles } from './functions.js';

/**
 * Each SQL function has one file of truth in this folder, and the migrations must leave the database with exactly
 * that definition: a file changed without the migration that applies it (or a migration that changes a function
 * without its file) fails here. The file's definition is created in a scratch schema and both are compared as
 * PostgreSQL prints them back (pg_get_functiondef), so only a real difference counts.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type Row = Record<string, unknown>;
/** The rows of a query, as both drivers return them. */
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const rows = async (query: ReturnType<typeof sql>) => rowsOf(await database.db.execute(query));

/** The definition of `name` in `schema`, with the schema's name taken out. */
async function definitionIn(schema: string, name: string) {
  const [row] = await rows(sql`
    select pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = ${schema} and p.proname = ${name}`);
  return row ? String(row.def).replaceAll(`${schema}.`, '') : null;
}

describe('the SQL functions (db/functions/*.sql)', () => {
  it('has a file for every function the migrations create, and no file without its function', async () => {
    const applied = await rows(sql`
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f'
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by 1`);
    expect(applied.map((r) => r.name)).toEqual(functionFiles().map((f) => f.name));
  });

  it.each(functionFiles().map((f) => [f.name, f] as const))(
    '%s: the database runs what its file says',
    async (name, file) => {
      const applied = await definitionIn('public', name);
      const scratch = `functions_check_${name}`;
      let fromFile: string | null = null;
      // Created and read in a transaction that is always rolled back: the check leaves nothing behind.
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw(`create schema ${scratch}`));
          await tx.execute(sql.raw(`set local search_path = ${scratch}, public`));
          await tx.execute(sql.raw(file.sql));
          const [row] = rowsOf(
            await tx.execute(sql`
              select pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname = ${scratch} and p.proname = ${name}`),
          );
          fromFile = row ? String(row.def).replaceAll(`${scratch}.`, '') : null;
          throw new RollBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RollBack)) throw error;
        });
      expect(fromFile, `${FUNCTIONS_DIR}/${name}.sql defines no function ${name}`).not.toBeNull();
      expect(
        applied,
        `${name}.sql differs from the migrated database: add a migration that applies it (npm run db:functions -- ${name})`,
      ).toBe(fromFile);
    },
  );
});

class RollBack extends Error {}
