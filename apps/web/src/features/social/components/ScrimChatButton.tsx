import ChatIcon from '@mui/icons-material/Chat';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { SOCIAL_MESSAGES } from '@scrim-gym/shared';
import { useUnseenMessages } from '../api/messages';
import { openChat } from '../store';
import { SOCIAL_TEXTS } from '../texts';

/** The scrim card's chat button: opens '{title} | Chat', with the scrim chat's unread count. */
export function ScrimChatButton({ scrimId, title }: { scrimId: string; title: string }) {
  const unread = useUnseenMessages().data?.scrimChats.find((c) => c.scrimId === scrimId)?.count ?? 0;
  const label = unread ? SOCIAL_TEXTS.scrimChatUnread(unread) : SOCIAL_TEXTS.scrimChat;
  return (
    <IconButton
      aria-label={label}
      title={SOCIAL_MESSAGES.scrimChatTitle(title)}
      aria-haspopup="dialog"
      size="small"
      onClick={() => openChat({ kind: 'scrim', scrimId, title })}
    >
      <Badge badgeContent={unread || undefined} color="error" max={99}>
        <ChatIcon fontSize="small" />
      </Badge>
    </IconButton>
  );
}
