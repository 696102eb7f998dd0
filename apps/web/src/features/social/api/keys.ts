import type { Region } from '@scrim-gym/shared';

/** What `/users/search` takes: the text (trimmed, at most 40 characters), and for admin assign a region and limit. */
export interface UserSearchParams {
  q: string;
  region?: Region;
  limit?: number;
}

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
  /** Every user search (the header's and admin assign's). */
  searches: ['social', 'user-search'] as const,
  search: (params: UserSearchParams) => ['social', 'user-search', params] as const,
};
