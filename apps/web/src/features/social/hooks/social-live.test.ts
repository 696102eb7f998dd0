import { waitFor } from '@testing-library/react';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SOCKET_EVENTS,
  type Conversation,
  type Message,
  type NotificationsResponse,
  type UnseenMessages,
} from '@scrim-gym/shared';
import { socialKeys } from '../api/keys';
import { openChat, resetSocialUi } from '../store';
import { conversation, message, notification, socialUser } from '../test/social-factory';
import { socialListeners } from './social-live';

const ME = socialUser(0, { name: 'Me' });
const FRIEND = socialUser(1);
const CHAT = conversation(1, ME, FRIEND);

function setup() {
  const queryClient = new QueryClient();
  queryClient.setQueryData<UnseenMessages>(socialKeys.unseen, { total: 0, conversations: [], scrimChats: [] });
  queryClient.setQueryData<Conversation[]>(socialKeys.conversations, [CHAT]);
  queryClient.setQueryData<Message[]>(socialKeys.messages(CHAT._id), []);
  queryClient.setQueryData<NotificationsResponse>(socialKeys.notifications, { notifications: [] });
  const effects = { onNotification: vi.fn(), onIncomingMessage: vi.fn(), onScrimStart: vi.fn() };
  const on = socialListeners({ queryClient, userId: ME._id, effects });
  return { queryClient, effects, on };
}

afterEach(() => resetSocialUi());

describe('social socket listeners update the cache', () => {
  it('counts a message from someone else as unseen (once), appends it, and plays its effect once', () => {
    const { queryClient, effects, on } = setup();
    const incoming = message(1, FRIEND, CHAT._id);
    on[SOCKET_EVENTS.getMessage](incoming);
    on[SOCKET_EVENTS.getMessage](incoming); // a second delivery changes nothing
    expect(queryClient.getQueryData(socialKeys.messages(CHAT._id))).toEqual([incoming]);
    expect(queryClient.getQueryData<UnseenMessages>(socialKeys.unseen)).toMatchObject({
      total: 1,
      conversations: [{ conversationId: CHAT._id, count: 1 }],
    });
    expect(queryClient.getQueryData<Conversation[]>(socialKeys.conversations)![0]!.unseenCount).toBe(1);
    expect(effects.onIncomingMessage).toHaveBeenCalledTimes(1);
  });

  it('does not count a message in the chat on screen, nor the viewer’s own', () => {
    const { queryClient, effects, on } = setup();
    openChat({ kind: 'direct', conversationId: CHAT._id });
    on[SOCKET_EVENTS.getMessage](message(1, FRIEND, CHAT._id));
    on[SOCKET_EVENTS.getMessage](message(2, ME, CHAT._id));
    expect(queryClient.getQueryData<Message[]>(socialKeys.messages(CHAT._id))).toHaveLength(2);
    expect(queryClient.getQueryData<UnseenMessages>(socialKeys.unseen)!.total).toBe(0);
    expect(effects.onIncomingMessage).toHaveBeenCalledTimes(1);
  });

  it('clears the count when the viewer saw the conversation, and marks messages seen by the partner', () => {
    const { queryClient, on } = setup();
    on[SOCKET_EVENTS.getMessage](message(1, FRIEND, CHAT._id));
    on[SOCKET_EVENTS.getMessage](message(2, ME, CHAT._id));
    on[SOCKET_EVENTS.getMessagesSeen]({ conversationId: CHAT._id, userId: ME._id, seenAt: '' });
    expect(queryClient.getQueryData<UnseenMessages>(socialKeys.unseen)).toEqual({
      total: 0,
      conversations: [],
      scrimChats: [],
    });
    on[SOCKET_EVENTS.getMessagesSeen]({ conversationId: CHAT._id, userId: FRIEND._id, seenAt: '' });
    const [fromFriend, mine] = queryClient.getQueryData<Message[]>(socialKeys.messages(CHAT._id))!;
    expect(mine!._seenBy).toEqual([FRIEND._id]);
    expect(fromFriend!._seenBy).toEqual([ME._id]);
  });

  it('counts scrim chat messages per scrim while that chat is closed', () => {
    const { queryClient, on } = setup();
    const scrimId = 'scrim-1';
    on[SOCKET_EVENTS.getScrimMessage]({ scrimId, message: message(3, FRIEND, 'room-1') });
    expect(queryClient.getQueryData<UnseenMessages>(socialKeys.unseen)!.scrimChats).toEqual([
      { scrimId, conversationId: 'room-1', count: 1 },
    ]);
    openChat({ kind: 'scrim', scrimId, title: 'T' });
    on[SOCKET_EVENTS.getScrimMessage]({ scrimId, message: message(4, FRIEND, 'room-1') });
    expect(queryClient.getQueryData<UnseenMessages>(socialKeys.unseen)!.scrimChats[0]!.count).toBe(1);
  });

  it('puts a live notification first in the bell once, and hands it to the desktop notifier once', () => {
    const { queryClient, effects, on } = setup();
    const incoming = notification(1, { kind: 'friend_request', message: '<img src=x onerror=alert(1)>' });
    on[SOCKET_EVENTS.getNotification](incoming);
    on[SOCKET_EVENTS.getNotification](incoming);
    expect(queryClient.getQueryData<NotificationsResponse>(socialKeys.notifications)!.notifications).toEqual([
      incoming,
    ]);
    expect(effects.onNotification).toHaveBeenCalledTimes(1);
  });

  it('merges presence entries and passes the scrim start on', () => {
    const { queryClient, effects, on } = setup();
    on[SOCKET_EVENTS.getUsers]([{ _id: FRIEND._id, isOnline: true, lastSeenAt: null }]);
    on[SOCKET_EVENTS.getUsers]([{ _id: FRIEND._id, isOnline: false, lastSeenAt: '2026-05-01T10:00:00.000Z' }]);
    expect(queryClient.getQueryData(socialKeys.presence)).toEqual({
      [FRIEND._id]: { _id: FRIEND._id, isOnline: false, lastSeenAt: '2026-05-01T10:00:00.000Z' },
    });
    on[SOCKET_EVENTS.scrimStartNotification]({ scrimId: 's', title: 'Friday customs' });
    expect(effects.onScrimStart).toHaveBeenCalledWith({ scrimId: 's', title: 'Friday customs' });
  });

  it('fetches the bell again when a notification lands during a fetch (its older answer would drop it)', async () => {
    const { queryClient, on } = setup();
    const live = notification(2);
    let fetches = 0;
    let answerFirst: (value: NotificationsResponse) => void = () => {};
    const queryFn = () => {
      fetches += 1;
      if (fetches === 1) return new Promise<NotificationsResponse>((resolve) => (answerFirst = resolve));
      return Promise.resolve({ notifications: [live] });
    };
    const observer = new QueryObserver(queryClient, {
      queryKey: socialKeys.notifications,
      queryFn,
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => {});
    void observer.refetch();
    await waitFor(() => expect(fetches).toBe(1));
    on[SOCKET_EVENTS.getNotification](live);
    answerFirst({ notifications: [] });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(queryClient.getQueryData<NotificationsResponse>(socialKeys.notifications)?.notifications).toEqual([live]);
    stop();
  });
});

describe('friendshipChanged: friend state live on both sides', () => {
  it('fetches the friend requests and the own friends list again', () => {
    const { queryClient, on } = setup();
    queryClient.setQueryData(socialKeys.friendRequests, []);
    queryClient.setQueryData(socialKeys.friends(ME._id), []);
    on[SOCKET_EVENTS.friendshipChanged]({ userId: FRIEND._id, status: 'none' });
    expect(queryClient.getQueryState(socialKeys.friendRequests)!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(socialKeys.friends(ME._id))!.isInvalidated).toBe(true);
  });
});
