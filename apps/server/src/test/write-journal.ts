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
      op text not null
    )`);
  await db.execute(sql`
    create or replace function security_journal_write() returns trigger language plpgsql as $$
    begin
      insert into security_write_journal (table_name, op) values (tg_table_name, tg_op);
      return null;
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
    /**
     * Waits until no write has landed for a moment: some work runs after the answer is sent (the audit rows of
     * scrim admin actions are written in `onResponse`), and must not be charged to the next request.
     */
    async settle() {
      let last = await mark();
      for (let i = 0; i < 20; i++) {
        await new Promise((resolve) => setTimeout(resolve, 15));
        const now = await mark();
        if (now === last) return;
        last = now;
      }
    },
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
  };
}

export type WriteJournal = Awaited<ReturnType<typeof installWriteJournal>>;

/** Both drivers' `execute` results carry `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
