import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { NOTIFICATIONS_LIST_HEIGHT_PX, SOCIAL_MESSAGES, SOCIAL_TEXTS, type Notification } from '@scrim-gym/shared';
import { useFriendRequests } from '../api/friend-requests';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';
import { formatDateTime } from '../lib/format';
import { DialogHeader } from './DialogHeader';
import { FriendRequestAnswer } from './FriendRequestAnswer';

/**
 * Notifications: the list (400 px tall), 'Mark all as read', 'No notifications found'. A click on one
 * leads where its kind says (`onOpen`); 'mark as read' removes it. A friend request still waiting is answered
 * right there (Accept, Reject): the server then removes its notification, and the toast says the outcome.
 */
export function NotificationsDialog({
  userId,
  onOpen,
  onClose,
}: {
  userId: string;
  onOpen: (notification: Notification) => void;
  onClose: () => void;
}) {
  const id = useId();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead(userId);
  const list = notifications.data ?? [];
  const requests = useFriendRequests();
  const requestOf = (notification: Notification) =>
    notification.kind === 'friend_request'
      ? requests.data?.find((r) => r._user._id === notification._relatedUser?._id)
      : undefined;

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogHeader id={`${id}-title`} title={SOCIAL_TEXTS.notifications} onClose={onClose} />
      <Box sx={{ px: 3, pb: 1 }}>
        <Button size="small" onClick={() => markRead.mutate(null)} disabled={list.length === 0 || markRead.isPending}>
          {SOCIAL_MESSAGES.markAllAsRead}
        </Button>
      </Box>
      <Box
        component="ul"
        aria-label={SOCIAL_TEXTS.notifications}
        sx={{
          height: NOTIFICATIONS_LIST_HEIGHT_PX,
          overflowY: 'auto',
          listStyle: 'none',
          m: 0,
          p: 0,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        {notifications.isPending && (
          <Typography component="li" color="text.secondary" sx={{ p: 3 }}>
            {SOCIAL_TEXTS.loading}
          </Typography>
        )}
        {notifications.isSuccess && list.length === 0 && (
          <Typography component="li" color="text.secondary" sx={{ p: 3 }}>
            {SOCIAL_MESSAGES.noNotifications}
          </Typography>
        )}
        {list.map((notification) => (
          <Box
            component="li"
            key={notification._id}
            sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
          >
            <ListItemButton onClick={() => onOpen(notification)} sx={{ display: 'block', py: 1.25, minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{notification.message}</Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(notification.createdAt)}
              </Typography>
            </ListItemButton>
            {requestOf(notification) && <FriendRequestAnswer userId={userId} request={requestOf(notification)!} />}
            <IconButton
              aria-label={`${SOCIAL_TEXTS.markAsRead}: ${notification.message}`}
              title={SOCIAL_TEXTS.markAsRead}
              onClick={() => markRead.mutate(notification._id)}
              disabled={markRead.isPending}
              sx={{ mx: 1 }}
            >
              <CheckIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Box>
    </Dialog>
  );
}
