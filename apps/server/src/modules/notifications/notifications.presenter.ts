import { isScrimNotificationKind, type Notification } from '@scrim-gym/shared';
import { toUserSummary } from '../../lib/user-summary.js';
import type { NotificationAggregate } from './notifications.repository.js';

export function presentNotification({ notification, relatedUser, relatedScrim }: NotificationAggregate): Notification {
  const createdAt = notification.createdAt.toISOString();
  return {
    _id: notification.id,
    kind: notification.kind,
    message: notification.message,
    createdAt,
    createdDate: createdAt,
    // A left-joined row comes back with null columns when absent.
    _relatedUser: relatedUser?.id ? toUserSummary(relatedUser) : null,
    _relatedScrim: relatedScrim?.id ? { _id: relatedScrim.id, title: relatedScrim.title } : null,
    _relatedSeries: notification.relatedSeriesId ? { _id: notification.relatedSeriesId } : null,
    conversation: notification.conversationId,
    isFriendRequest: notification.kind === 'friend_request',
    isScrimAlert: isScrimNotificationKind(notification.kind),
    isConversationStart: notification.kind === 'conversation_start',
  };
}
