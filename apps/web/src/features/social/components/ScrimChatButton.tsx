import ChatIcon from '@mui/icons-material/Chat';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { SOCIAL_MESSAGES, SOCIAL_TEXTS } from '@scrim-gym/shared';
import { useUnseenMessages } from '../api/messages';
import { SCRIM_CHAT_BUTTON_ID, SCRIM_CHAT_PANEL_ID } from '../lib/scrim-page-chat';
import { isScrimPageChatOpen, openChat, updateSocialUi, useSocialUi } from '../store';

/**
 * The scrim card's chat button, with the scrim chat's unread count. On the scrim's page it opens and closes the
 * page's chat panel (ScrimChatPanel); on a hub card it opens the '{title} | Chat' dialog.
 */
export function ScrimChatButton({
  scrimId,
  title,
  onScrimPage = false,
}: {
  scrimId: string;
  title: string;
  onScrimPage?: boolean;
}) {
  const unread = useUnseenMessages().data?.scrimChats.find((c) => c.scrimId === scrimId)?.count ?? 0;
  const open = isScrimPageChatOpen(useSocialUi(), scrimId);
  const label = unread ? SOCIAL_TEXTS.scrimChatUnread(unread) : SOCIAL_TEXTS.scrimChat;
  const pageProps = onScrimPage
    ? { id: SCRIM_CHAT_BUTTON_ID, 'aria-expanded': open, 'aria-controls': open ? SCRIM_CHAT_PANEL_ID : undefined }
    : { 'aria-haspopup': 'dialog' as const };
  return (
    <IconButton
      aria-label={label}
      title={SOCIAL_MESSAGES.scrimChatTitle(title)}
      {...pageProps}
      size="small"
      color={open ? 'primary' : 'default'}
      onClick={() => (open ? updateSocialUi({ chat: null }) : openChat({ kind: 'scrim', scrimId, title, onScrimPage }))}
    >
      <Badge badgeContent={unread || undefined} color="error" max={99}>
        <ChatIcon fontSize="small" />
      </Badge>
    </IconButton>
  );
}
