import type { QueryClient } from '@tanstack/react-query';
import type {
  Conversation,
  Message,
  Notification,
  NotificationsResponse,
  Presence,
  UnseenMessages,
} from '@scrim-gym/shared';
import { socialKeys } from './keys';

/*
 * Cache updates shared by the mutations and the socket listeners. Every event may arrive twice (several tabs of
 * the sender get `getMessage` too, a reply and its event race), so each update is idempotent: by `_id`.
 */

export type PresenceMap = Record<string, Presence>;

/**
 * A live update that lands while the same list is being fetched would be overwritten by the (older) answer:
 * fetch again instead (the update is committed before it is sent, so the new answer has it).
 */
export function refetchIfInFlight(queryClient: QueryClient, queryKey: readonly unknown[]) {
  if (queryClient.isFetching({ queryKey, exact: true }) > 0)
    void queryClient.invalidateQueries({ queryKey, exact: true });
}

/** Appends a message to its conversation's list, if that list is loaded; false when it was already there. */
export function addMessage(queryClient: QueryClient, message: Message) {
  let added = false;
  queryClient.setQueryData<Message[]>(socialKeys.messages(message._conversation), (old) => {
    if (!old || old.some((m) => m._id === message._id)) return old;
    added = true;
    return [...old, message];
  });
  return added;
}

/** `userId` saw everything in the conversation: their seen marks on its messages, and (the viewer) no unseen. */
export function markConversationSeen(
  queryClient: QueryClient,
  {
    conversationId,
    userId,
    viewerId,
    scrimId,
  }: { conversationId: string; userId: string; viewerId: string; scrimId?: string },
) {
  queryClient.setQueryData<Message[]>(socialKeys.messages(conversationId), (old) =>
    old?.map((m) =>
      m._sender._id === userId || m._seenBy.includes(userId) ? m : { ...m, _seenBy: [...m._seenBy, userId] },
    ),
  );
  if (userId === viewerId) setUnseen(queryClient, { conversationId, scrimId }, () => 0);
}

/**
 * Sets the unseen count of a direct conversation (`scrimId` absent) or of a scrim's chat, in the unseen summary
 * and in the messenger's list. A chat missing from the summary is added (its first unseen message).
 */
export function setUnseen(
  queryClient: QueryClient,
  { conversationId, scrimId }: { conversationId: string; scrimId?: string },
  next: (count: number) => number,
) {
  const update = <T extends { conversationId: string; count: number }>(list: T[], entry: T) =>
    (list.some((c) => c.conversationId === conversationId) ? list : [...list, entry])
      .map((c) => (c.conversationId === conversationId ? { ...c, count: Math.max(0, next(c.count)) } : c))
      .filter((c) => c.count > 0);
  let isScrimChat = scrimId !== undefined;
  queryClient.setQueryData<UnseenMessages>(socialKeys.unseen, (old) => {
    if (!old) return old;
    const scrimEntry = old.scrimChats.find((c) => c.conversationId === conversationId);
    isScrimChat ||= Boolean(scrimEntry);
    const conversations = isScrimChat ? old.conversations : update(old.conversations, { conversationId, count: 0 });
    const scrimChats = isScrimChat
      ? update(old.scrimChats, { scrimId: scrimId ?? scrimEntry!.scrimId, conversationId, count: 0 })
      : old.scrimChats;
    const total = [...conversations, ...scrimChats].reduce((sum, c) => sum + c.count, 0);
    return { total, conversations, scrimChats };
  });
  if (!isScrimChat)
    queryClient.setQueryData<Conversation[]>(socialKeys.conversations, (old) =>
      old?.map((c) => (c._id === conversationId ? { ...c, unseenCount: Math.max(0, next(c.unseenCount)) } : c)),
    );
}

/** A conversation created or updated elsewhere goes to the top of the messenger's list. */
export function upsertConversation(queryClient: QueryClient, conversation: Conversation) {
  queryClient.setQueryData<Conversation[]>(socialKeys.conversations, (old) =>
    old ? [conversation, ...old.filter((c) => c._id !== conversation._id)] : old,
  );
}

/** Moves a conversation's last activity forward (a new message). */
export function touchConversation(queryClient: QueryClient, message: Message) {
  queryClient.setQueryData<Conversation[]>(socialKeys.conversations, (old) =>
    old?.map((c) => (c._id === message._conversation ? { ...c, lastMessageAt: message.createdAt } : c)),
  );
}

/** A notification pushed live goes first in the bell's list; false when it was already there. */
export function addNotification(queryClient: QueryClient, notification: Notification) {
  let added = true;
  queryClient.setQueryData<NotificationsResponse>(socialKeys.notifications, (old) => {
    if (!old) return old;
    if (old.notifications.some((n) => n._id === notification._id)) {
      added = false;
      return old;
    }
    return { notifications: [notification, ...old.notifications] };
  });
  return added;
}

/** Merges `getUsers` entries (a snapshot after addUser, then single changes) into the presence map. */
export function mergePresence(queryClient: QueryClient, entries: Presence[]) {
  queryClient.setQueryData<PresenceMap>(socialKeys.presence, (old = {}) => {
    const next = { ...old };
    for (const entry of entries) next[entry._id] = entry;
    return next;
  });
}
