import type { Conversation } from '@scrim-gym/shared';
import type { PresenceMap } from '../api/cache';

/** The other member of a direct conversation. */
export const partnerOf = (conversation: Conversation, viewerId: string) =>
  conversation.members.find((m) => m._id !== viewerId) ?? conversation.members[0];

/**
 * The messenger's order: most unseen messages first, then partners online, then the latest activity.
 * Returns a new array.
 */
export function sortConversations(conversations: Conversation[], presence: PresenceMap, viewerId: string) {
  const online = (c: Conversation) => (presence[partnerOf(c, viewerId)?._id ?? '']?.isOnline ? 1 : 0);
  const last = (c: Conversation) => new Date(c.lastMessageAt ?? c.createdAt).getTime();
  return [...conversations].sort((a, b) => b.unseenCount - a.unseenCount || online(b) - online(a) || last(b) - last(a));
}
