import type { DbOrTx } from '../../../db/client.js';
import { scrimSubstitutions } from '../../../db/schema/index.js';

export async function insertSubstitution({ db, row }: { db: DbOrTx; row: typeof scrimSubstitutions.$inferInsert }) {
  await db.insert(scrimSubstitutions).values(row);
}
