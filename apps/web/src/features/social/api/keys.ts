/** TanStack Query keys of the social feature; socket listeners update these caches. */
export const socialKeys = {
  all: ['social'] as const,
  notifications: ['social', 'notifications'] as const,
  friendRequests: ['social', 'friend-requests'] as const,
  friends: (userId: string) => ['social', 'friends', userId] as const,
  conversations: ['social', 'conversations'] as const,
  unseen: ['social', 'unseen'] as const,
  messages: (conversationId: string) => ['social', 'messages', conversationId] as const,
  scrimChat: (scrimId: string) => ['social', 'scrim-chat', scrimId] as const,
  presence: ['social', 'presence'] as const,
};
