import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { SOCIAL_MESSAGES, SOCIAL_TEXTS } from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useMessages, useSendMessage } from '../api/messages';
import { useMarkSeenWhileOpen } from './useMarkSeenWhileOpen';
import { useScrimChatRoom } from './useScrimChatRoom';

/**
 * A scrim's chat room while its window is on screen (dialog, docked panel or sheet): the room open on the socket,
 * its messages marked seen, and what the window shows: '{title} | Chat', 'N in this chat', the messages and the
 * send. A refusal says 'Error opening chat for scrim' and closes the window.
 */
export function useScrimChat({
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

  return {
    title: SOCIAL_MESSAGES.scrimChatTitle(title),
    subtitle: room.userIds.length > 0 && (
      <Typography variant="caption" color="text.secondary">
        {SOCIAL_TEXTS.inChat(room.userIds.length)}
      </Typography>
    ),
    messages: messages.data,
    loading: !conversationId || messages.isPending,
    viewerId,
    canSend: Boolean(conversationId),
    onSend: (text: string) => send.mutateAsync({ conversationId: conversationId!, text }),
  };
}

export type ScrimChatView = ReturnType<typeof useScrimChat>;
