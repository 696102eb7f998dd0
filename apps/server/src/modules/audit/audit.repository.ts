import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditEntry = typeof auditLog.$inferInsert;

export async function insertAuditEntries({ db, entries }: { db: DbOrTx; entries: AuditEntry[] }) {
  if (entries.length > 0) await db.insert(auditLog).values(entries);
}
