import type { Notification } from '@scrim-gym/shared';
import type { AppServer } from '../../plugins/io.js';

/** A notification written and ready to be pushed: `userId` is its owner. */
export interface StoredNotification {
  userId: string;
  notification: Notification;
}

/** Called with the notifications just published (committed, sent to the owners' tabs). Must not block. */
export type NotificationsPublishedListener = (stored: StoredNotification[]) => void;

/**
 * Notifications is a sink: modules above it that react to every published notification (push sends them to the
 * owners' devices) subscribe here when they register, through `notificationEventsFor(app.io).onPublished(…)`,
 * so that notifications never imports them. One per Socket.IO server (per app), like scrims' lifecycle.
 */
export class NotificationEvents {
  private readonly listeners: NotificationsPublishedListener[] = [];

  onPublished(listener: NotificationsPublishedListener) {
    this.listeners.push(listener);
  }

  /** Runs each listener synchronously; one that throws is skipped and never fails the action that published. */
  published(stored: StoredNotification[]) {
    if (stored.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(stored);
      } catch {
        // A listener starts its own asynchronous work and handles its errors; a synchronous throw is a bug
        // there, and the action that published has committed already.
      }
    }
  }
}

const events = new WeakMap<AppServer, NotificationEvents>();
export function notificationEventsFor(io: AppServer): NotificationEvents {
  let found = events.get(io);
  if (!found) {
    found = new NotificationEvents();
    events.set(io, found);
  }
  return found;
}
