import { SOCIAL_MESSAGES } from '@scrim-gym/shared';
import type { Database, DbOrTx } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Notifier, StoredNotification } from './notifications.events.js';
import { presentNotification } from './notifications.presenter.js';
import {
  deleteNotification,
  deleteNotificationsAbout,
  deleteUserNotifications,
  findNotificationOwner,
  findUserNotifications,
  insertNotifications,
  insertAlertsOnce,
  type AlertSubject,
  type NewNotification,
} from './notifications.repository.js';

export interface NotificationDeps {
  db: Database;
  notifier: Notifier;
}

/** Writes notifications inside the caller's transaction; publish them with the app's `Notifier` after commit. */
export async function insertNotificationRows({
  db,
  values,
}: {
  db: DbOrTx;
  values: NewNotification[];
}): Promise<StoredNotification[]> {
  const rows = await insertNotifications({ db, values });
  return rows.map((row) => ({ userId: row.notification.userId, notification: presentNotification(row) }));
}

/**
 * Stores a notification for `userId` and pushes it live once stored. The one entry point for other modules
 * (e.g. the scrim start job: kind 'scrim_alert', relatedScrimId). Inside a transaction, use
 * `insertNotificationRows` and publish after commit instead.
 */
export async function createNotification({ deps, ...value }: { deps: NotificationDeps } & NewNotification) {
  const [stored] = await insertNotificationRows({ db: deps.db, values: [value] });
  deps.notifier.publish([stored!]);
  return stored!.notification;
}

/**
 * A scrim is starting: its players and casters get a stored 'scrim_alert' (the bell, a click opens the scrim),
 * pushed live. Idempotent per user and scrim, for the at-least-once start job.
 */
export function notifyScrimStart({
  deps,
  scrimId,
  title,
  userIds,
}: {
  deps: NotificationDeps;
  scrimId: string;
  title: string;
  userIds: string[];
}) {
  return notifyScrimAlertOnce({ deps, scrimId, userIds, message: SOCIAL_MESSAGES.scrimStartingNotification(title) });
}

/**
 * A stored 'scrim_alert' `message` about a scrim (the bell, a click opens the scrim) for each of `userIds` that
 * does not have this very alert yet, pushed live: for jobs that may run twice (check-in open, its reminder).
 */
export function notifyScrimAlertOnce({
  scrimId,
  ...rest
}: {
  deps: NotificationDeps;
  scrimId: string;
  userIds: string[];
  message: string;
}) {
  return notifyAlertOnce({ ...rest, subject: { kind: 'scrim_alert', scrimId } });
}

/**
 * A stored alert `message` about a scrim or a team series for each of `userIds` that does not have this very alert
 * yet, pushed live: for jobs and listeners that may run twice.
 */
export async function notifyAlertOnce({
  deps,
  subject,
  userIds,
  message,
}: {
  deps: NotificationDeps;
  subject: AlertSubject;
  userIds: string[];
  message: string;
}) {
  const rows = await insertAlertsOnce({ db: deps.db, subject, userIds: [...new Set(userIds)], message });
  const stored = rows.map((row) => ({ userId: row.notification.userId, notification: presentNotification(row) }));
  deps.notifier.publish(stored);
  return stored;
}

/** Inside the caller's transaction: `userId`'s notifications of `kind` about `relatedUserId` go (an answered request). */
export async function removeNotificationsAbout(about: Parameters<typeof deleteNotificationsAbout>[0]) {
  await deleteNotificationsAbout(about);
}

export async function listNotifications({ db, userId }: { db: DbOrTx; userId: string }) {
  return (await findUserNotifications({ db, userId })).map(presentNotification);
}

function assertSelf(viewerId: string, userId: string) {
  if (viewerId !== userId) throw forbidden(SOCIAL_MESSAGES.notYourNotification, 'NOT_YOURSELF');
}

/**
 * push-user-notification/:id: the original client pushed notifications to other users; here notifications about
 * others are only written by the server as part of an action, so this only lets users write a reminder for
 * themselves (:id must be their own id).
 */
export async function pushOwnNotification({
  deps,
  viewerId,
  userId,
  message,
}: {
  deps: NotificationDeps;
  viewerId: string;
  userId: string;
  message: string;
}) {
  assertSelf(viewerId, userId);
  await createNotification({ deps, userId, kind: 'general', message });
  return listNotifications({ db: deps.db, userId });
}

/** Mark as read: only the owner removes a notification (403 for anyone else, 404 when gone). */
export async function removeNotification({ db, viewerId, id }: { db: Database; viewerId: string; id: string }) {
  const owner = await findNotificationOwner({ db, id });
  if (!owner) throw notFound(SOCIAL_MESSAGES.notificationNotFound, 'NOTIFICATION_NOT_FOUND');
  assertSelf(viewerId, owner);
  await deleteNotification({ db, id, userId: viewerId });
  return listNotifications({ db, userId: viewerId });
}

/** Mark all as read (:userId must be the session user). */
export async function removeAllNotifications({
  db,
  viewerId,
  userId,
}: {
  db: Database;
  viewerId: string;
  userId: string;
}) {
  assertSelf(viewerId, userId);
  await deleteUserNotifications({ db, userId });
  return [];
}
