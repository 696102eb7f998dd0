import ForumIcon from '@mui/icons-material/Forum';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SOCIAL_MESSAGES, SOCIAL_TEXTS, type CurrentUser, type Notification } from '@scrim-gym/shared';
import { useUnseenMessages } from '../api/messages';
import { useNotifications } from '../api/notifications';
import { useOpenChatRequests } from '../hooks/useOpenChatRequests';
import { useSocialSocket } from '../hooks/useSocialSocket';
import { askDesktopPermission, showDesktopNotification } from '../lib/desktop-notification';
import { notificationAction } from '../lib/notification-action';
import { playMessageSound, unlockAudioOnGesture } from '../lib/sound';
import { getVolume } from '../lib/volume';
import { openChat, openFriendRequests, resetSocialUi, updateSocialUi, useSocialUi } from '../store';
import { UserSearchBox } from './UserSearchBox';

const APP_NAME = 'Scrim Gym';

// The dropdown and the dialogs load at their first use (or when the pointer nears the buttons): the bar's icons,
// badges and live updates are all a page needs at first.
const loadDialogs = () => import('../dialogs');
const SocialDialogs = lazy(() => loadDialogs().then((m) => ({ default: m.SocialDialogs })));

const prefetchDialogs = () => void loadDialogs();

/**
 * The signed-in user's social corner of the navigation bar: user search, messenger dropdown and
 * notifications bell; it also hosts the social dialogs and keeps the social caches live over the socket.
 */
export function SocialNav({ user, navHidden }: { user: CurrentUser; navHidden: boolean }) {
  const ui = useSocialUi();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const unseen = useUnseenMessages();
  const [messengerAnchor, setMessengerAnchor] = useState<HTMLElement | null>(null);
  const [startingScrim, setStartingScrim] = useState<{ scrimId: string; title: string } | null>(null);
  // Once something needed the dialogs, they stay mounted (closing animations play, nothing reloads).
  const wanted = Boolean(
    messengerAnchor ||
    startingScrim ||
    ui.chat ||
    ui.notificationsOpen ||
    ui.friendRequestsOpen ||
    ui.startConversationWith,
  );
  const [dialogsMounted, setDialogsMounted] = useState(false);
  if (wanted && !dialogsMounted) setDialogsMounted(true);

  const openNotification = useCallback(
    (notification: Notification) => {
      const action = notificationAction(notification);
      if (action.type === 'friendRequests') openFriendRequests();
      else if (action.type === 'conversation') openChat({ kind: 'direct', conversationId: action.conversationId });
      else if (action.type === 'navigate') {
        updateSocialUi({ notificationsOpen: false });
        navigate(action.to);
      }
    },
    [navigate],
  );

  useSocialSocket(user._id, {
    onNotification: (notification) => {
      // A scrim start also comes as `scrimStartNotification`, which notifies (and opens the scrim) below.
      if (notification.kind === 'scrim_alert') return;
      showDesktopNotification({
        title: APP_NAME,
        body: notification.message,
        onClick: () => openNotification(notification),
      });
    },
    onIncomingMessage: (message) => {
      playMessageSound(getVolume());
      showDesktopNotification({
        title: message._sender.name,
        body: message.text,
        onClick: () => openChat({ kind: 'direct', conversationId: message._conversation }),
      });
    },
    onScrimStart: (scrim) => {
      setStartingScrim(scrim);
      showDesktopNotification({
        title: SOCIAL_MESSAGES.scrimStartingNotification(scrim.title),
        onClick: () => navigate(`/scrims/${scrim.scrimId}`),
      });
    },
  });
  useOpenChatRequests();
  useEffect(() => unlockAudioOnGesture(), []);
  useEffect(() => resetSocialUi, []);

  const unseenDirect = unseen.data?.conversations.reduce((sum, c) => sum + c.count, 0) ?? 0;
  const notificationCount = notifications.data?.length ?? 0;

  return (
    <>
      <UserSearchBox clear={navHidden} />
      <IconButton
        aria-label={unseenDirect ? SOCIAL_TEXTS.messengerUnseen(unseenDirect) : SOCIAL_TEXTS.messenger}
        aria-haspopup="dialog"
        onPointerEnter={prefetchDialogs}
        onFocus={prefetchDialogs}
        onClick={(event) => setMessengerAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unseenDirect || undefined} color="error" max={99}>
          <ForumIcon />
        </Badge>
      </IconButton>
      <IconButton
        aria-label={notificationCount ? SOCIAL_TEXTS.notificationsCount(notificationCount) : SOCIAL_TEXTS.notifications}
        aria-haspopup="dialog"
        onPointerEnter={prefetchDialogs}
        onFocus={prefetchDialogs}
        onClick={() => {
          askDesktopPermission();
          updateSocialUi({ notificationsOpen: true });
        }}
      >
        <Badge badgeContent={notificationCount || undefined} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>

      {(dialogsMounted || wanted) && (
        <Suspense>
          <SocialDialogs
            user={user}
            ui={ui}
            messengerAnchor={messengerAnchor}
            onCloseMessenger={() => setMessengerAnchor(null)}
            startingScrim={startingScrim}
            onCloseStartingScrim={() => setStartingScrim(null)}
            onOpenScrim={(scrimId) => navigate(`/scrims/${scrimId}`)}
            onOpenNotification={openNotification}
          />
        </Suspense>
      )}
    </>
  );
}
