import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

export interface JournalEntry {
  id: number;
  table: string;
  op: string;
}

/**
 * Every committed row change of every table, recorded by triggers that only the test database gets. "Nothing
 * written by a rejected request" is then exact: no entry between the marks around it. Row counts would miss
 * updates and deletes followed by inserts; a rolled-back write leaves no entry, as it should.
 */
export async function installWriteJournal(db: Database) {
  await db.execute(sql`
    create table if not exists security_write_journal (
      id bigserial primary key,
      table_name text not null,
      op text not null,
      old_row jsonb,
      new_row jsonb
    )`);
  await db.execute(sql`
    create or replace function security_journal_write() returns trigger language plpgsql as $$
    begin
      insert into security_write_journal (table_name, op, old_row, new_row)
      values (
        tg_table_name,
        tg_op,
        case when tg_op <> 'INSERT' then to_jsonb(old) end,
        case when tg_op <> 'DELETE' then to_jsonb(new) end
      );
      return null;
    end $$`);
  // Undoes the entries after `from_id`, newest first, with triggers off (the replica role): no journal entry, no
  // foreign-key check and no derived-row trigger runs twice, since the rows those triggers wrote are undone too.
  await db.execute(sql`
    create or replace function security_journal_undo(from_id bigint) returns void language plpgsql as $$
    declare
      e record;
    begin
      perform set_config('session_replication_role', 'replica', true);
      for e in select * from security_write_journal where id > from_id order by id desc loop
        if e.op in ('INSERT', 'UPDATE') then
          execute format(
            'delete from %I where ctid = (select ctid from %I t where to_jsonb(t) = $1 limit 1)',
            e.table_name, e.table_name
          ) using e.new_row;
        end if;
        if e.op in ('UPDATE', 'DELETE') then
          execute format(
            'insert into %I overriding system value select * from jsonb_populate_record(null::%I, $1)',
            e.table_name, e.table_name
          ) using e.old_row;
        end if;
      end loop;
      delete from security_write_journal where id > from_id;
      perform set_config('session_replication_role', 'origin', true);
    end $$`);
  const tables = await db.execute<{ name: string }>(sql`
    select tablename as name from pg_tables
    where schemaname = 'public' and tablename <> 'security_write_journal'`);
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    await db.execute(
      sql.raw(`create trigger security_journal after insert or update or delete on "${name}"
               for each row execute function security_journal_write()`),
    );
  }
  const mark = async () => {
    const result = await db.execute<{ id: string | null }>(sql`select max(id)::text as id from security_write_journal`);
    return Number(rowsOf<{ id: string | null }>(result)[0]?.id ?? 0);
  };
  return {
    /** The journal's position now; pass it to `since`. */
    mark,
    /** The row changes committed after `mark`. */
    async since(from: number): Promise<JournalEntry[]> {
      const result = await db.execute<{ id: string; table_name: string; op: string }>(
        sql`select id::text, table_name, op from security_write_journal where id > ${from} order by id`,
      );
      return rowsOf<{ id: string; table_name: string; op: string }>(result).map((r) => ({
        id: Number(r.id),
        table: r.table_name,
        op: r.op,
      }));
    },
    /**
     * Puts every row back as it was at `mark`: what lets a suite reuse one world after a call that wrote, instead
     * of building a new one. Rows written by in-memory work that is still running are not covered: `settle` first.
     */
    async undo(from: number) {
      await db.execute(sql`select security_journal_undo(${from})`);
    },
    /** A fingerprint of every row of every table but the journal's: equal fingerprints, equal databases. */
    async digest() {
      const parts: string[] = [];
      for (const { name } of rowsOf<{ name: string }>(tables)) {
        const result = await db.execute<{ rows: string | null }>(
          sql.raw(`select md5(string_agg(to_jsonb(t)::text, ',' order by to_jsonb(t)::text)) as rows from "${name}" t`),
        );
        parts.push(`${name}:${rowsOf<{ rows: string | null }>(result)[0]?.rows ?? ''}`);
      }
      return parts.join(' ');
    },
  };
}

export type WriteJournal = Awaited<ReturnType<typeof installWriteJournal>>;

/** Both drivers' `execute` results carry `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
