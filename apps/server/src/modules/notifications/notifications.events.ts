import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SOCKET_EVENTS, type Notification } from '@scrim-gym/shared';
import { userRoom, type AppServer } from '../../plugins/io.js';

/** A notification written and ready to be pushed: `userId` is its owner. */
export interface StoredNotification {
  userId: string;
  notification: Notification;
}

/** Called with the notifications just published (committed, sent to the owners' tabs). Must not block. */
export type NotificationsPublishedListener = (stored: StoredNotification[]) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes committed notifications: every action that notifies receives it in its dependencies. */
    notifier: Notifier;
  }
}

/**
 * Sends stored notifications live and tells the modules that react to every published one. Notifications is a
 * sink: modules above it (push sends them to the owners' devices) subscribe through `app.notifier.onPublished(…)`
 * when they register, so that notifications never imports them.
 */
export class Notifier {
  private readonly listeners: NotificationsPublishedListener[] = [];

  constructor(private readonly io: AppServer) {}

  onPublished(listener: NotificationsPublishedListener) {
    this.listeners.push(listener);
  }

  /**
   * Sends each notification to its owner's tabs (`getNotification` to `user:<id>`), then runs each listener
   * synchronously; one that throws is skipped and never fails the action that published. Call it after the
   * commit, once per stored batch.
   */
  publish(stored: StoredNotification[]) {
    if (stored.length === 0) return;
    for (const { userId, notification } of stored)
      this.io.to(userRoom(userId)).emit(SOCKET_EVENTS.getNotification, notification);
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

/**
 * One notifier per app, decorated on it, from its Socket.IO server; registered before the jobs and modules that
 * publish notifications or listen to them.
 */
export const notifierPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('notifier', new Notifier(app.io));
  },
  { name: 'notifier', decorators: { fastify: ['io'] } },
);
