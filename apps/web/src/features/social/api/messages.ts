import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SOCIAL_MESSAGES, type Message, type PostSeenResponse, type UnseenMessages } from '@scrim-gym/shared';
import { api, ApiError } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { addMessage, markConversationSeen, touchConversation } from './cache';
import { socialKeys } from './keys';

export const getUnseenMessages = () => api.get<UnseenMessages>('/messages/verifiedUser/unseen-messages');
export const getMessages = (conversationId: string) => api.get<Message[]>(`/messages/${conversationId}`);

/** Unseen counts per direct conversation and per scrim chat (the messenger's badge, a scrim chat's badge). */
export const unseenMessagesQuery = queryOptions({ queryKey: socialKeys.unseen, queryFn: getUnseenMessages });

export function useUnseenMessages() {
  return useQuery(unseenMessagesQuery);
}

/** The latest messages of a conversation, oldest first; `getMessage` / `getScrimMessage` append to them. */
export const messagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: socialKeys.messages(conversationId),
    queryFn: () => getMessages(conversationId),
    // The socket keeps an open list current; a refetch would only race with it.
    staleTime: Infinity,
  });

export function useMessages(conversationId: string | undefined) {
  return useQuery({ ...messagesQuery(conversationId ?? ''), enabled: Boolean(conversationId) });
}

/** Sends a message; a failure alerts the server's error text, else 'error sending message, try again later'. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  return useMutation({
    mutationFn: ({ conversationId, text }: { conversationId: string; text: string }) =>
      api.post<Message>('/messages', { conversationId, text }),
    onSuccess: (message) => {
      addMessage(queryClient, message);
      touchConversation(queryClient, message);
    },
    onError: (error) =>
      showAlert({
        type: 'Error',
        message: error instanceof ApiError && error.body.error ? error.body.error : SOCIAL_MESSAGES.sendMessageError,
      }),
  });
}

/** Marks everything in the conversation seen by the viewer (when a conversation opens). */
export function useMarkSeen(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId }: { conversationId: string; scrimId?: string }) =>
      api.post<PostSeenResponse>(`/messages/post-seen/${conversationId}`),
    onSuccess: (_data, { conversationId, scrimId }) =>
      markConversationSeen(queryClient, { conversationId, scrimId, userId: viewerId, viewerId }),
  });
}
