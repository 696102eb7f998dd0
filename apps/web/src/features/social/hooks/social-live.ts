import type { QueryClient } from '@tanstack/react-query';
import {
  SOCKET_EVENTS,
  type Conversation,
  type FriendshipChangedPayload,
  type Message,
  type MessagesSeenPayload,
  type Notification,
  type Presence,
  type ScrimMessagePayload,
  type ServerEventName,
  type ServerToClientEvents,
} from '@scrim-gym/shared';
import { getSocket } from '../../../lib/socket';
import {
  addMessage,
  addNotification,
  markConversationSeen,
  mergePresence,
  refetchIfInFlight,
  setUnseen,
  touchConversation,
  upsertConversation,
} from '../api/cache';
import { socialKeys } from '../api/keys';
import { isChatOnScreen } from '../store';

/** What the app does beyond the cache when something arrives (sound, desktop notification, a banner). */
export interface SocialEffects {
  onNotification: (notification: Notification) => void;
  /** A direct message from someone else, the first time this tab hears of it. */
  onIncomingMessage: (message: Message) => void;
  onScrimStart: (scrim: { scrimId: string; title: string }) => void;
}

interface SocialLiveArgs {
  queryClient: QueryClient;
  userId: string;
  effects: SocialEffects;
}

/** Remembers the last ids seen, so an event delivered twice (a reconnect, two rooms) acts once. */
function recentIds(max = 500) {
  const ids = new Set<string>();
  return (id: string) => {
    if (ids.has(id)) return false;
    ids.add(id);
    if (ids.size > max) ids.delete(ids.values().next().value!);
    return true;
  };
}

/** The social feature's socket listeners: each event updates the TanStack Query cache, then runs its effect. */
export function socialListeners({ queryClient, userId, effects }: SocialLiveArgs) {
  const firstTime = recentIds();
  const knownConversation = (id: string) =>
    queryClient.getQueryData<Conversation[]>(socialKeys.conversations)?.some((c) => c._id === id) ?? true;

  return {
    [SOCKET_EVENTS.getNotification]: (notification: Notification) => {
      refetchIfInFlight(queryClient, socialKeys.notifications);
      if (!addNotification(queryClient, notification) || !firstTime(notification._id)) return;
      if (notification.kind === 'friend_request' || notification.kind === 'friend_accepted')
        void queryClient.invalidateQueries({ queryKey: socialKeys.friendRequests });
      if (notification.kind === 'friend_accepted')
        void queryClient.invalidateQueries({ queryKey: socialKeys.friends(userId) });
      effects.onNotification(notification);
    },
    [SOCKET_EVENTS.getMessage]: (message: Message) => {
      for (const key of [socialKeys.unseen, socialKeys.conversations, socialKeys.messages(message._conversation)])
        refetchIfInFlight(queryClient, key);
      addMessage(queryClient, message);
      touchConversation(queryClient, message);
      if (message._sender._id === userId || !firstTime(message._id)) return;
      if (!knownConversation(message._conversation))
        void queryClient.invalidateQueries({ queryKey: socialKeys.conversations });
      if (!isChatOnScreen({ conversationId: message._conversation }))
        setUnseen(queryClient, { conversationId: message._conversation }, (n) => n + 1);
      effects.onIncomingMessage(message);
    },
    [SOCKET_EVENTS.getConversation]: (conversation: Conversation) => upsertConversation(queryClient, conversation),
    [SOCKET_EVENTS.getMessagesSeen]: ({ conversationId, userId: seenBy }: MessagesSeenPayload) =>
      markConversationSeen(queryClient, { conversationId, userId: seenBy, viewerId: userId }),
    [SOCKET_EVENTS.getScrimMessage]: ({ scrimId, message }: ScrimMessagePayload) => {
      for (const key of [socialKeys.unseen, socialKeys.messages(message._conversation)])
        refetchIfInFlight(queryClient, key);
      addMessage(queryClient, message);
      if (message._sender._id === userId || !firstTime(message._id)) return;
      if (!isChatOnScreen({ scrimId }))
        setUnseen(queryClient, { conversationId: message._conversation, scrimId }, (n) => n + 1);
    },
    [SOCKET_EVENTS.getUsers]: (entries: Presence[]) => mergePresence(queryClient, entries),
    // A request sent, taken back or answered, or a friend added or removed, by either user: the requests dialog
    // and the messenger's friends follow.
    [SOCKET_EVENTS.friendshipChanged]: (_change: FriendshipChangedPayload) => {
      void queryClient.invalidateQueries({ queryKey: socialKeys.friendRequests });
      void queryClient.invalidateQueries({ queryKey: socialKeys.friends(userId) });
    },
    [SOCKET_EVENTS.scrimStartNotification]: (scrim: { scrimId: string; title: string }) => effects.onScrimStart(scrim),
  } satisfies Partial<ServerToClientEvents>;
}

/**
 * Listens to the social events for the signed-in user; returns the function that stops. After every (re)connect
 * it announces the user (`addUser`: the server answers with friends' and partners' presence) and refetches
 * what may have been missed before it.
 */
export async function watchSocial({ queryClient, userId, effects }: SocialLiveArgs) {
  const socket = await getSocket(userId);
  const listeners = socialListeners({ queryClient, userId, effects });
  // A connect seen here came after the social reads began (a first connect slower than them, or a reconnect):
  // what was sent meanwhile was never pushed, so the open lists are read again.
  const onConnect = () => {
    socket.emit(SOCKET_EVENTS.addUser);
    void queryClient.invalidateQueries({ queryKey: socialKeys.all });
  };
  if (socket.connected) socket.emit(SOCKET_EVENTS.addUser);
  socket.on('connect', onConnect);
  // Each listener's payload is checked against the contract above (`satisfies`); the loop only pairs them up.
  const entries = Object.entries(listeners) as [ServerEventName, (...args: never[]) => void][];
  for (const [event, listener] of entries) socket.on(event, listener as ServerToClientEvents[typeof event]);
  return () => {
    socket.off('connect', onConnect);
    for (const [event, listener] of entries) socket.off(event, listener as ServerToClientEvents[typeof event]);
  };
}
