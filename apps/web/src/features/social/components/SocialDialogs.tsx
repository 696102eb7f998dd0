import { useCallback } from 'react';
import type { CurrentUser, Notification } from '@scrim-gym/shared';
import { updateSocialUi, type SocialUi } from '../store';
import { DirectChatDialog } from './DirectChatDialog';
import { FriendRequestsDialog } from './FriendRequestsDialog';
import { MessengerMenu } from './MessengerMenu';
import { NotificationsDialog } from './NotificationsDialog';
import { ScrimChatDialog } from './ScrimChatDialog';
import { ScrimStartSnackbar } from './ScrimStartSnackbar';
import { StartConversationDialog } from './StartConversationDialog';

/** The messenger dropdown and every social dialog, as the social store says (loaded at their first use). */
export function SocialDialogs({
  user,
  ui,
  messengerAnchor,
  onCloseMessenger,
  startingScrim,
  onCloseStartingScrim,
  onOpenScrim,
  onOpenNotification,
}: {
  user: CurrentUser;
  ui: SocialUi;
  messengerAnchor: HTMLElement | null;
  onCloseMessenger: () => void;
  startingScrim: { scrimId: string; title: string } | null;
  onCloseStartingScrim: () => void;
  onOpenScrim: (scrimId: string) => void;
  onOpenNotification: (notification: Notification) => void;
}) {
  const closeChat = useCallback(() => updateSocialUi({ chat: null }), []);
  return (
    <>
      <MessengerMenu userId={user._id} anchor={messengerAnchor} onClose={onCloseMessenger} />
      {ui.notificationsOpen && (
        <NotificationsDialog
          userId={user._id}
          onOpen={onOpenNotification}
          onClose={() => updateSocialUi({ notificationsOpen: false })}
        />
      )}
      {ui.friendRequestsOpen && (
        <FriendRequestsDialog userId={user._id} onClose={() => updateSocialUi({ friendRequestsOpen: false })} />
      )}
      {ui.startConversationWith && (
        <StartConversationDialog
          friend={ui.startConversationWith}
          onClose={() => updateSocialUi({ startConversationWith: null })}
        />
      )}
      {ui.chat?.kind === 'direct' && (
        <DirectChatDialog
          key={ui.chat.conversationId}
          viewerId={user._id}
          conversationId={ui.chat.conversationId}
          onClose={closeChat}
        />
      )}
      {ui.chat?.kind === 'scrim' && !ui.chat.onScrimPage && (
        <ScrimChatDialog
          key={ui.chat.scrimId}
          viewerId={user._id}
          scrimId={ui.chat.scrimId}
          title={ui.chat.title}
          onClose={closeChat}
        />
      )}
      <ScrimStartSnackbar scrim={startingScrim} onOpen={onOpenScrim} onClose={onCloseStartingScrim} />
    </>
  );
}
