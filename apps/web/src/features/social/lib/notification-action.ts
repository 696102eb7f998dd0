import { seriesAlertPath, type Notification } from '@scrim-gym/shared';
import { profilePath } from '../../../lib/profile-link';

export type NotificationAction =
  | { type: 'friendRequests' }
  | { type: 'navigate'; to: string }
  | { type: 'conversation'; conversationId: string }
  | { type: 'none' };

const NONE: NotificationAction = { type: 'none' };

/**
 * Where a click on a notification leads: the friend requests dialog, the scrim page, the series page (or the
 * scrim board), the conversation, or the friend's profile, by its kind.
 */
export function notificationAction(notification: Notification): NotificationAction {
  const scrim = notification._relatedScrim;
  const user = notification._relatedUser;
  switch (notification.kind) {
    case 'friend_request':
      return { type: 'friendRequests' };
    case 'scrim_alert':
    case 'scrim_placed':
    case 'result_decided':
      return scrim ? { type: 'navigate', to: `/scrims/${scrim._id}` } : NONE;
    case 'series_alert':
      return { type: 'navigate', to: seriesAlertPath(notification) };
    case 'conversation_start':
      return notification.conversation ? { type: 'conversation', conversationId: notification.conversation } : NONE;
    case 'friend_accepted':
      return user ? { type: 'navigate', to: profilePath(user) } : NONE;
    default:
      if (scrim) return { type: 'navigate', to: `/scrims/${scrim._id}` };
      return user ? { type: 'navigate', to: profilePath(user) } : NONE;
  }
}
