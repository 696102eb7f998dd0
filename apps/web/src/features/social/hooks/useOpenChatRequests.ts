import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onOpenChatRequest } from '../../../lib/open-chat';
import { useAlert } from '../../alerts/alert-context';
import { conversationsQuery } from '../api/conversations';
import { openChat, updateSocialUi } from '../store';

/**
 * A 'message' button elsewhere (the friends dialog of a profile) asks for the chat with a user: the existing
 * conversation opens, or 'Start a new conversation' with them.
 */
export function useOpenChatRequests() {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  useEffect(
    () =>
      onOpenChatRequest(({ userId, name }) => {
        queryClient
          .fetchQuery({ ...conversationsQuery, staleTime: 30_000 })
          .then((conversations) => {
            const existing = conversations.find((c) => c.members.some((m) => m._id === userId));
            if (existing) openChat({ kind: 'direct', conversationId: existing._id });
            else updateSocialUi({ startConversationWith: { _id: userId, name } });
          })
          .catch((error: unknown) => showAlert({ type: 'Error', message: error }));
      }),
    [queryClient, showAlert],
  );
}
