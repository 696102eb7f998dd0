/**
 * Notifications, the sink of the social modules: it imports none of them. Friends, conversations, scrims and
 * the scrim start job write notifications through these functions (inside their transaction, then publish
 * after commit) and never touch its repository. Modules that react to every published notification (push)
 * listen through `notificationEventsFor(io)`.
 */
export { notificationsRoutes } from './notifications.routes.js';
export {
  notificationEventsFor,
  type NotificationEvents,
  type NotificationsPublishedListener,
} from './notifications.events.js';
export {
  createNotification,
  insertNotificationRows,
  notifyScrimAlertOnce,
  notifyScrimStart,
  publishNotifications,
  removeNotificationsAbout,
  type NotificationDeps,
  type StoredNotification,
} from './notifications.service.js';
export type { NewNotification } from './notifications.repository.js';
