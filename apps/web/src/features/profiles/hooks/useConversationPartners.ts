import { useQuery } from '@tanstack/react-query';
import { conversationsQuery } from '../../social/api/conversations';

/**
 * The signed-in user's direct conversation partners: who gets a message button rather than a start-conversation
 * one. It reads the messenger's own entry (the social feature owns `/conversations/user`), so a conversation
 * started from the messenger shows here at once.
 */
export function useConversationPartners(enabled: boolean) {
  return useQuery({
    ...conversationsQuery,
    select: (conversations) => new Set(conversations.flatMap((c) => c.members.map((m) => m._id))),
    enabled,
  });
}
