import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SOCIAL_MESSAGES, type Conversation } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { openChat, type ConversationPartner } from '../store';
import { upsertConversation } from './cache';
import { socialKeys } from './keys';

export const getConversations = () => api.get<Conversation[]>('/conversations/user');

/**
 * The session user's direct conversations with unseen counts: the one cache entry of `/conversations/user`, read by
 * the messenger dropdown and by a profile's friends dialog (who gets a message button); the socket and the
 * mutations here update it in place (cache.ts).
 */
export const conversationsQuery = queryOptions({ queryKey: socialKeys.conversations, queryFn: getConversations });

export function useConversations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...conversationsQuery, enabled });
}

/** The conversation of the session user and `otherId`, or null (a 'message' button elsewhere in the app). */
export const findConversation = (userId: string, otherId: string) =>
  api.get<{ conversation: Conversation | null }>(`/conversations/find/${userId}/${otherId}`);

/**
 * 'Start a new conversation': the conversation and its first message in one
 * call; then it joins the list, the dialog closes, the chat opens, and 'started a new conversation with {name}'.
 * The text must not be blank: 'cannot start conversation, no message provided!'.
 */
export function useStartConversation() {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  return useMutation({
    mutationFn: ({ friend, text }: { friend: ConversationPartner; text: string }) =>
      api.post<Conversation>('/conversations', { receiverId: friend._id, text }),
    onSuccess: (conversation, { friend }) => {
      upsertConversation(queryClient, conversation);
      openChat({ kind: 'direct', conversationId: conversation._id });
      showAlert({ type: 'Success', message: SOCIAL_MESSAGES.conversationStarted(friend.name) });
    },
    onError: (_error, { friend }) =>
      showAlert({ type: 'Error', message: SOCIAL_MESSAGES.conversationError(friend.name) }),
  });
}
