import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { teamInvites } from '../../../db/schema/index.js';

export type TeamInviteRow = typeof teamInvites.$inferSelect;

export async function insertInvite({
  db,
  invite,
}: {
  db: DbOrTx;
  invite: { teamId: string; tokenHash: string; createdBy: string; expiresAt: Date };
}): Promise<TeamInviteRow> {
  const [row] = await db.insert(teamInvites).values(invite).returning();
  return row!;
}

export async function findInvite({ db, teamId, id }: { db: DbOrTx; teamId: string; id: string }) {
  const [row] = await db
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.teamId, teamId), eq(teamInvites.id, id)));
  return row ?? null;
}

export async function findInviteByTokenHash({ db, tokenHash }: { db: DbOrTx; tokenHash: string }) {
  const [row] = await db.select().from(teamInvites).where(eq(teamInvites.tokenHash, tokenHash));
  return row ?? null;
}

export async function revokeInviteRow({ db, id, at }: { db: DbOrTx; id: string; at: Date }) {
  await db.update(teamInvites).set({ revokedAt: at }).where(eq(teamInvites.id, id));
}
