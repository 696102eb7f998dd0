import { WAITLIST_MESSAGES, type Role, type TeamName } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import {
  createNotification,
  insertNotificationRows,
  type NotificationDeps,
  type StoredNotification,
} from '../../notifications/index.js';
import type { ScrimAggregate } from '../core/scrim-aggregate.repository.js';
import { promoteWaitlist } from './waitlist.repository.js';

/**
 * Waitlist promotion from the server's side. The rule itself is the SQL function scrim_promote_waitlist
 * (db/functions/scrim_promote_waitlist.sql): the slot statement (db/functions/scrim_slot_change.sql) calls it for leaves, kicks, moves and the admin tools'
 * assign and swap; the JS paths that free a slot inside a changeScrim transaction (a balanced scrim's withdrawal)
 * call promoteIntoFreedSlots. Either way the promoted player is told: "A spot opened in … you are in as …".
 */

export interface FreedSlot {
  team: TeamName | null;
  role: Role | null;
}

function promotedNotification({
  scrimId,
  title,
  userId,
  role,
}: {
  scrimId: string;
  title: string;
  userId: string;
  role: Role | null;
}) {
  return {
    userId,
    kind: 'scrim_alert' as const,
    relatedScrimId: scrimId,
    message: role
      ? WAITLIST_MESSAGES.promotedNotification(title, role)
      : WAITLIST_MESSAGES.promotedSignupNotification(title),
  };
}

/**
 * Each freed slot (in order) goes to the first suitable waitlisted player, inside the caller's transaction, which
 * holds the scrim's row lock (changeScrim). A balanced scrim without teams frees a sign-up: `{team: null, role:
 * null}`. Returns the promoted players' stored notifications: publish them after the commit.
 */
export async function promoteIntoFreedSlots({
  db,
  scrim,
  freed,
}: {
  db: DbOrTx;
  scrim: { id: string; title: string };
  freed: FreedSlot[];
}): Promise<StoredNotification[]> {
  const values = [];
  for (const slot of freed) {
    const userId = await promoteWaitlist({ db, scrimId: scrim.id, team: slot.team, role: slot.role });
    if (userId) values.push(promotedNotification({ scrimId: scrim.id, title: scrim.title, userId, role: slot.role }));
  }
  return insertNotificationRows({ db, values });
}

/**
 * A slot statement run inside the caller's transaction promoted `userId` into `role`: their notification, stored in
 * that transaction. Publish it after the commit.
 */
export function storePromotion({
  db,
  scrim,
  userId,
  role,
}: {
  db: DbOrTx;
  scrim: { id: string; title: string };
  userId: string;
  role: Role | null;
}): Promise<StoredNotification[]> {
  return insertNotificationRows({
    db,
    values: [promotedNotification({ scrimId: scrim.id, title: scrim.title, userId, role })],
  });
}

/**
 * After a slot statement that promoted `userId` (its answer's `promoted`): their notification, stored and sent
 * live. Their role is read from the scrim as the statement answered it.
 */
export async function notifyPromoted({
  deps,
  aggregate,
  userId,
}: {
  deps: NotificationDeps;
  aggregate: ScrimAggregate;
  userId: string;
}) {
  const seat = aggregate.participants.find((p) => p.kind === 'player' && p.user.id === userId);
  await createNotification({
    deps,
    ...promotedNotification({
      scrimId: aggregate.scrim.id,
      title: aggregate.scrim.title,
      userId,
      role: seat?.role ?? null,
    }),
  });
}
