import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { SOCIAL_MESSAGES } from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useMessages, useSendMessage } from '../api/messages';
import { useMarkSeenWhileOpen } from '../hooks/useMarkSeenWhileOpen';
import { useScrimChatRoom } from '../hooks/useScrimChatRoom';
import { SOCIAL_TEXTS } from '../texts';
import { ChatDialog } from './ChatDialog';

/** A scrim's chat room, titled '{title} | Chat', live through `getScrimMessage`. */
export function ScrimChatDialog({
  viewerId,
  scrimId,
  title,
  onClose,
}: {
  viewerId: string;
  scrimId: string;
  title: string;
  onClose: () => void;
}) {
  const showAlert = useAlert();
  const room = useScrimChatRoom(viewerId, scrimId);
  const conversationId = room.conversation?._id;
  const messages = useMessages(conversationId);
  const send = useSendMessage();
  useMarkSeenWhileOpen({ viewerId, conversationId, scrimId, messages: messages.data });

  useEffect(() => {
    if (!room.error) return;
    showAlert({ type: 'Error', message: SOCIAL_MESSAGES.scrimChatOpenError });
    onClose();
  }, [room.error, showAlert, onClose]);

  return (
    <ChatDialog
      open
      title={SOCIAL_MESSAGES.scrimChatTitle(title)}
      subtitle={
        room.userIds.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {SOCIAL_TEXTS.inChat(room.userIds.length)}
          </Typography>
        )
      }
      messages={messages.data}
      loading={!conversationId || messages.isPending}
      viewerId={viewerId}
      canSend={Boolean(conversationId)}
      onSend={(text) => send.mutateAsync({ conversationId: conversationId!, text })}
      onClose={onClose}
    />
  );
}
