import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SOCIAL_MESSAGES } from '@scrim-gym/shared';
import { useConversations } from '../api/conversations';
import { socialKeys } from '../api/keys';
import { useMessages, useSendMessage } from '../api/messages';
import { usePresence } from '../api/presence';
import { useMarkSeenWhileOpen } from '../hooks/useMarkSeenWhileOpen';
import { partnerOf } from '../lib/sort-conversations';
import { ChatDialog } from './ChatDialog';
import { UserLabel } from './UserLabel';

/** 'Messenger Chat': a direct conversation, live, with the partner's presence and seen marks. */
export function DirectChatDialog({
  viewerId,
  conversationId,
  onClose,
}: {
  viewerId: string;
  conversationId: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const conversations = useConversations();
  const conversation = conversations.data?.find((c) => c._id === conversationId);
  const partner = conversation ? partnerOf(conversation, viewerId) : undefined;
  const presence = usePresence();
  const messages = useMessages(conversationId);
  const send = useSendMessage();
  useMarkSeenWhileOpen({ viewerId, conversationId, messages: messages.data });

  // Opened from a notification for a conversation this tab has not listed yet: refetch the list, once.
  const missing = conversations.isSuccess && !conversation;
  const refetched = useRef(false);
  useEffect(() => {
    if (!missing || refetched.current) return;
    refetched.current = true;
    void queryClient.invalidateQueries({ queryKey: socialKeys.conversations });
  }, [missing, queryClient]);

  return (
    <ChatDialog
      open
      title={SOCIAL_MESSAGES.messengerTitle}
      subtitle={partner && <UserLabel user={partner} presence={presence[partner._id]} />}
      messages={messages.data}
      loading={messages.isPending}
      viewerId={viewerId}
      seenBy={partner?._id}
      canSend={!messages.isError}
      onSend={(text) => send.mutateAsync({ conversationId, text })}
      onClose={onClose}
    />
  );
}
