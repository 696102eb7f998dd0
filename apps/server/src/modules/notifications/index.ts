/**
 * Notifications, the sink of the social modules: it imports none of them. Friends, conversations, scrims and
 * the scrim start job write notifications through these functions (inside their transaction, then publish
 * after commit through the app's `Notifier`, which their dependencies carry) and never touch its repository.
 * Modules that react to every published notification (push) listen through `app.notifier.onPublished(…)`.
 */
export { notificationsRoutes } from './notifications.routes.js';
export { notifierPlugin, Notifier, type StoredNotification } from './notifications.events.js';
export {
  createNotification,
  insertNotificationRows,
  notifyAlertOnce,
  notifyScrimAlertOnce,
  notifyScrimStart,
  removeNotificationsAbout,
  type NotificationDeps,
} from './notifications.service.js';
export type { NewNotification } from './notifications.repository.js';
