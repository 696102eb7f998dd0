import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATIONS_LIST_LIMIT, type NotificationKind } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { notifications, scrims, users } from '../../db/schema/index.js';
import { userSummaryColumns, type UserSummaryRow } from '../../db/user-summary.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** Notifications with their related user and scrim title (one query). */
function selectWithRelations(db: DbOrTx) {
  return db
    .select({
      notification: notifications,
      relatedUser: userSummaryColumns(),
      relatedScrim: { id: scrims.id, title: scrims.title },
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.relatedUserId))
    .leftJoin(scrims, eq(scrims.id, notifications.relatedScrimId));
}
export interface NotificationAggregate {
  notification: NotificationRow;
  relatedUser: UserSummaryRow | null;
  relatedScrim: { id: string; title: string } | null;
}

export async function insertNotifications({
  db,
  values,
}: {
  db: DbOrTx;
  values: NewNotification[];
}): Promise<NotificationAggregate[]> {
  if (values.length === 0) return [];
  const ids = (await db.insert(notifications).values(values).returning({ id: notifications.id })).map((r) => r.id);
  const rows = await selectWithRelations(db).where(inArray(notifications.id, ids));
  // In the order they were given (the caller pairs them with their receivers).
  return ids.map((id) => rows.find((row) => row.notification.id === id)!);
}

/** The user's notifications, newest first. */
export function findUserNotifications({
  db,
  userId,
}: {
  db: DbOrTx;
  userId: string;
}): Promise<NotificationAggregate[]> {
  return selectWithRelations(db)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIST_LIMIT);
}

export async function findNotificationOwner({ db, id }: { db: DbOrTx; id: string }) {
  const [row] = await db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.id, id));
  return row?.userId ?? null;
}

export async function deleteNotification({ db, id, userId }: { db: DbOrTx; id: string; userId: string }) {
  await db.delete(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
}

export async function deleteUserNotifications({ db, userId }: { db: DbOrTx; userId: string }) {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}

/** Removes `userId`'s notifications of `kind` about `relatedUserId` (a friend request that was answered). */
export async function deleteNotificationsAbout({
  db,
  userId,
  kind,
  relatedUserId,
}: {
  db: DbOrTx;
  userId: string;
  kind: NotificationKind;
  relatedUserId: string;
}) {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, kind),
        eq(notifications.relatedUserId, relatedUserId),
      ),
    );
}

/** What a notification sent once is about: a scrim ('scrim_alert') or a team series ('series_alert'). */
export type AlertSubject = { kind: 'scrim_alert'; scrimId: string } | { kind: 'series_alert'; seriesId: string };

/**
 * The alert `message` about its subject for each of `userIds` that does not have this very alert yet (a job may
 * run twice: nobody is notified twice; another alert about the same scrim or series, e.g. check-in, does not
 * count). Returns the new ones.
 */
export async function insertAlertsOnce({
  db,
  subject,
  userIds,
  message,
}: {
  db: DbOrTx;
  subject: AlertSubject;
  userIds: string[];
  message: string;
}): Promise<NotificationAggregate[]> {
  if (userIds.length === 0) return [];
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const scrimId = subject.kind === 'scrim_alert' ? subject.scrimId : null;
  const seriesId = subject.kind === 'series_alert' ? subject.seriesId : null;
  const result = await db.execute(sql`
    insert into ${notifications} (user_id, kind, message, related_scrim_id, related_series_id)
    select u.id, ${subject.kind}::notification_kind, ${message}, ${scrimId}::uuid, ${seriesId}::uuid
    from unnest(array[${ids}]) as u(id)
    where not exists (
      select 1 from ${notifications} n
      where n.user_id = u.id and n.kind = ${subject.kind}::notification_kind
        and n.related_scrim_id is not distinct from ${scrimId}::uuid
        and n.related_series_id is not distinct from ${seriesId}::uuid
        and n.message = ${message}
    )
    returning id`);
  const inserted = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (inserted.length === 0) return [];
  return selectWithRelations(db).where(inArray(notifications.id, inserted));
}
