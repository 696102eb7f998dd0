import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { teamInvites, users } from '../../../db/schema/index.js';

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

/** The team's links that still work at `now` (neither revoked nor expired), newest first, with their maker. */
export function findOpenInvites({ db, teamId, now }: { db: DbOrTx; teamId: string; now: Date }) {
  return db
    .select({
      id: teamInvites.id,
      createdAt: teamInvites.createdAt,
      expiresAt: teamInvites.expiresAt,
      makerId: users.id,
      makerName: users.name,
    })
    .from(teamInvites)
    .leftJoin(users, eq(users.id, teamInvites.createdBy))
    .where(and(eq(teamInvites.teamId, teamId), isNull(teamInvites.revokedAt), gt(teamInvites.expiresAt, now)))
    .orderBy(desc(teamInvites.createdAt), desc(teamInvites.id));
}
