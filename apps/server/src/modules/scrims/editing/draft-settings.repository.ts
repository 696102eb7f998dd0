import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { scrimDrafts } from '../../../db/schema/index.js';

/**
 * The status of the scrim's draft room (null: never opened), its row locked for the caller's transaction: a draft
 * starting at the same time waits for the edit's commit, so it runs with the settings the edit leaves.
 */
export async function lockDraftStatus({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db
    .select({ status: scrimDrafts.status })
    .from(scrimDrafts)
    .where(eq(scrimDrafts.scrimId, scrimId))
    .for('update');
  return row?.status ?? null;
}
