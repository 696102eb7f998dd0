import { and, eq } from 'drizzle-orm';
import type { NotificationKind, WaitlistRole } from '@scrim-gym/shared';
import type { Database } from '../db/client.js';
import { auditLog, notifications, scrimCommitments, scrimWaitlist } from '../db/schema/index.js';
import type { TestUser } from './factories.js';
import type { TestScrim } from './scrim-factories.js';

/**
 * Puts users on the scrim's waitlist directly (no API, no socket event), first come first in the order given:
 * `entries[i]` joined i milliseconds after the first (an hour ago).
 */
export async function addToWaitlist({
  db,
  scrim,
  entries,
}: {
  db: Database;
  scrim: Pick<TestScrim, 'id'>;
  entries: { user: Pick<TestUser, 'id'>; role: WaitlistRole }[];
}) {
  if (entries.length === 0) return;
  const base = Date.now() - 60 * 60_000;
  await db
    .insert(scrimWaitlist)
    .values(
      entries.map(({ user, role }, i) => ({ scrimId: scrim.id, userId: user.id, role, createdAt: new Date(base + i) })),
    );
}

/** The stored 'scrim_alert' (or `kind`) texts of a user about a scrim, oldest first. */
export async function alertTexts({
  db,
  userId,
  scrimId,
  kind = 'scrim_alert',
}: {
  db: Database;
  userId: string;
  scrimId: string;
  kind?: NotificationKind;
}) {
  const rows = await db
    .select({ message: notifications.message, at: notifications.createdAt })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.relatedScrimId, scrimId), eq(notifications.kind, kind)),
    );
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime()).map((r) => r.message);
}

/** A scrim's commitments as userId → outcome. */
export async function commitmentsOf({ db, scrimId }: { db: Database; scrimId: string }) {
  const rows = await db.select().from(scrimCommitments).where(eq(scrimCommitments.scrimId, scrimId));
  return Object.fromEntries(rows.map((r) => [r.userId, r.outcome]));
}

/** The audit log's rows about a scrim with this action. */
export function auditRowsOf({ db, scrimId, action }: { db: Database; scrimId: string; action: string }) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetScrimId, scrimId), eq(auditLog.action, action)));
}
