import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSENGER_VOLUME_STORAGE_KEY, SOCKET_EVENTS, type Notification, type SocialUser } from '@scrim-gym/shared';
import { requestOpenChat } from '../../../lib/open-chat';
import { lastWrite, renderAt, stubApi, testUser } from '../../../test/render';
import { resetVolumeCache } from '../lib/volume';
import { resetSocialUi } from '../store';
import { conversation, notification, socialUser } from '../test/social-factory';
import { SocialNav } from './SocialNav';
import { withFakeSocket } from '../../../test/socket';

/** A socket that records listeners, so a test can play server events. */
const fake = (() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    listeners,
    socket: {
      connected: true,
      on: (event: string, fn: (payload: unknown) => void) => {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(fn);
      },
      off: (event: string, fn: (payload: unknown) => void) => listeners.get(event)?.delete(fn),
      disconnect: () => {},
      emit: () => {},
      timeout: () => ({ emitWithAck: async () => ({ ok: true, data: null }) }),
    },
  };
})();
withFakeSocket(fake.socket);
// Whole dialogs with their lazy chunk: slower than a unit test, more so on a busy machine.
vi.setConfig({ testTimeout: 15_000 });

const serverSends = (event: string, payload: unknown) =>
  act(() => fake.listeners.get(event)?.forEach((listener) => listener(payload)));

const ME = testUser();
const MY_SOCIAL = socialUser(0, { _id: ME._id, name: ME.name });
const ALICE = socialUser(1, { name: 'Alice' });
const BOB = socialUser(2, { name: 'Bob' });
const CARL = socialUser(3, { name: 'Carl' });
const DANA = socialUser(4, { name: 'Dana' });

function renderNav(handlers: Record<string, unknown> = {}, notifications: Notification[] = []) {
  const calls = stubApi({
    'GET /auth/session': { token: 't', user: ME, identity: null },
    'GET /notifications/user-notifications': { notifications },
    'GET /messages/verifiedUser/unseen-messages': { total: 0, conversations: [], scrimChats: [] },
    'GET /friend-requests': [],
    ...handlers,
  });
  renderAt('/scrims', '/scrims', <SocialNav user={ME} navHidden={false} />, {
    '/users/:name': 'profile page',
    '/scrims/:id': 'scrim page',
  });
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  resetVolumeCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fake.listeners.clear();
  resetSocialUi();
});

describe('notifications bell', () => {
  it('counts live notifications, lists them as text with their date, and marks all as read', async () => {
    // Like the server: stored first, then pushed (a list fetched meanwhile has it).
    const stored: Notification[] = [];
    const calls = renderNav({
      'GET /notifications/user-notifications': () => ({ body: { notifications: stored } }),
      [`POST /notifications/remove-all-user-notifications/${ME._id}`]: { notifications: [] },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(fake.listeners.get(SOCKET_EVENTS.getNotification)?.size).toBe(1));
    const live = notification(1, {
      message: '<img src=x onerror=alert(1)>',
      createdAt: new Date(2026, 4, 1, 14, 5).toISOString(),
    });
    stored.push(live);
    serverSends(SOCKET_EVENTS.getNotification, live);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBe(bell);

    await userEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(dialog).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).getByText('05/01/2026 02:05 PM')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    expect(await within(dialog).findByText('No notifications found')).toBeInTheDocument();
    expect(lastWrite(calls)).toMatchObject({
      method: 'POST',
      path: `/notifications/remove-all-user-notifications/${ME._id}`,
    });
  });

  it('opens the Friend Requests dialog from a friend request, where accepting says so and clears the bell', async () => {
    const request = { _id: 'fr-1', _user: ALICE, createdAt: '2026-05-01T10:00:00.000Z' };
    // The server removes a request's notification once it is answered.
    let bellList = [
      notification(1, { kind: 'friend_request', message: 'Alice sent you a friend request', _relatedUser: ALICE }),
    ];
    const calls = renderNav({
      'GET /notifications/user-notifications': () => ({ body: { notifications: bellList } }),
      'GET /friend-requests': [request],
      [`POST /friend-requests/accept-request/${ME._id}`]: () => {
        bellList = [];
        return { body: { updatedUserFriends: [ALICE], friendRequests: [] } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByText('Alice sent you a friend request'));
    const dialog = await screen.findByRole('dialog', { name: 'Friend Requests' });
    await userEvent.click(within(dialog).getByRole('button', { name: "Accept Alice's friend request" }));
    expect(await screen.findByText('You and Alice are now friends!')).toBeInTheDocument();
    expect(await within(dialog).findByText('No friend requests found')).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/friend-requests/accept-request'))?.body).toEqual({
      newFriendUserId: ALICE._id,
    });
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
  });

  it('answers a friend request right in its notification: Accept, then the toast and an empty bell', async () => {
    const request = { _id: 'fr-3', _user: CARL, createdAt: '2026-05-01T10:00:00.000Z' };
    let bellList = [
      notification(1, { kind: 'friend_request', message: 'Carl sent you a friend request', _relatedUser: CARL }),
      notification(2, { kind: 'friend_accepted', message: 'You and Dana are now friends!', _relatedUser: DANA }),
    ];
    const calls = renderNav({
      'GET /notifications/user-notifications': () => ({ body: { notifications: bellList } }),
      'GET /friend-requests': [request],
      [`POST /friend-requests/accept-request/${ME._id}`]: () => {
        bellList = bellList.filter((n) => n.kind !== 'friend_request');
        return { body: { updatedUserFriends: [CARL], friendRequests: [] } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    // Only the request still waiting has answers; the other notification has none.
    expect(within(dialog).getAllByRole('button', { name: /^(Accept|Reject) .*'s friend request$/ })).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: "Accept Carl's friend request" }));
    expect(await screen.findByText('You and Carl are now friends!')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText('Carl sent you a friend request')).toBeNull());
    expect(calls.find((c) => c.path.startsWith('/friend-requests/accept-request'))?.body).toEqual({
      newFriendUserId: CARL._id,
    });
    expect(screen.queryByRole('dialog', { name: 'Friend Requests' })).toBeNull();
  });

  it('rejects with the Info "rejected {name}\'s friend request"', async () => {
    const request = { _id: 'fr-2', _user: BOB, createdAt: '2026-05-01T10:00:00.000Z' };
    renderNav({
      'GET /friend-requests': [request],
      [`POST /friend-requests/${ME._id}/reject-friend-request/${BOB._id}`]: { friendRequests: [] },
    });
    await waitFor(() => expect(fake.listeners.size).toBeGreaterThan(0));
    const { openFriendRequests } = await import('../store');
    act(() => openFriendRequests());
    const dialog = await screen.findByRole('dialog', { name: 'Friend Requests' });
    await userEvent.click(await within(dialog).findByRole('button', { name: "Reject Bob's friend request" }));
    expect(await screen.findByText("rejected Bob's friend request")).toBeInTheDocument();
  });

  it('opens the scrim page from a scrim alert', async () => {
    renderNav({}, [
      notification(1, {
        kind: 'scrim_alert',
        message: 'Friday customs is starting now!',
        _relatedScrim: { _id: 's1', title: 'Friday customs' },
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByText('Friday customs is starting now!'));
    expect(await screen.findByText('scrim page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('messenger dropdown', () => {
  it('sorts by unseen count then online status, offers friends without a conversation, and keeps the volume', async () => {
    renderNav({
      'GET /conversations/user': [
        conversation(1, MY_SOCIAL, ALICE),
        conversation(2, MY_SOCIAL, BOB, { unseenCount: 3 }),
        conversation(3, MY_SOCIAL, CARL),
      ],
      [`GET /friends/user-friends/${ME._id}`]: { friends: [ALICE, BOB, CARL, DANA] },
      'GET /messages/verifiedUser/unseen-messages': {
        total: 3,
        conversations: [{ conversationId: conversation(2, MY_SOCIAL, BOB)._id, count: 3 }],
        scrimChats: [],
      },
    });
    const messenger = await screen.findByRole('button', { name: 'Messenger, 3 unseen messages' });
    await waitFor(() => expect(fake.listeners.get(SOCKET_EVENTS.getUsers)?.size).toBe(1));
    serverSends(SOCKET_EVENTS.getUsers, [{ _id: CARL._id, isOnline: true, lastSeenAt: null }]);
    await userEvent.click(messenger);

    const list = await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(3));
    // Each row is named by what it shows: name, tag, presence, unseen count.
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Bob #EUW3 unseen', 'Carl #EUWOnline', 'Alice #EUW']);
    const friends = screen.getByRole('list', { name: 'Friends' });
    expect(within(friends).getByRole('button', { name: 'Start a conversation with Dana' })).toBeInTheDocument();

    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(volume).toHaveValue('25');
    act(() => {
      volume.focus();
    });
    await userEvent.keyboard('{ArrowRight}');
    expect(localStorage.getItem(MESSENGER_VOLUME_STORAGE_KEY)).toBe('26');
  });

  it("requires a first message to start a conversation, then says 'started a new conversation with {name}'", async () => {
    const created = conversation(9, MY_SOCIAL, DANA);
    const calls = renderNav({
      'GET /conversations/user': [],
      [`GET /friends/user-friends/${ME._id}`]: { friends: [DANA] },
      'POST /conversations': () => ({ status: 201, body: created }),
      [`GET /messages/${created._id}`]: [],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Messenger' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Start a conversation with Dana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a new conversation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('cannot start conversation, no message provided!')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'hey{Enter}');
    expect(await screen.findByText('started a new conversation with Dana')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Messenger Chat' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/conversations')?.body).toEqual({
      receiverId: DANA._id,
      text: 'hey',
    });
  });
});

describe('user search', () => {
  it("lists users as text, says 'No Option!' when none, and opens the chosen profile", async () => {
    const evil = socialUser(5, { name: '<b>Evil</b>', summonerTagline: 'X' });
    let found: SocialUser[] = [];
    const calls = renderNav({ 'GET /users/search': () => ({ body: { users: found } }) });
    const box = await screen.findByRole('combobox', { name: 'Search users' });
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('No Option!')).toBeInTheDocument();
    found = [evil, ALICE];
    await userEvent.clear(box);
    await userEvent.type(box, 'e');
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(2);
    expect(within(listbox).getByText('<b>Evil</b>')).toBeInTheDocument();
    expect(listbox.querySelector('b')).toBeNull();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByText('profile page')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/users/search')).toBeTruthy();
  });
});

describe('chats opened from elsewhere', () => {
  it("opens the existing conversation for a 'message' request, else 'Start a new conversation'", async () => {
    const withAlice = conversation(1, MY_SOCIAL, ALICE);
    renderNav({
      'GET /conversations/user': [withAlice],
      [`GET /messages/${withAlice._id}`]: [],
    });
    await waitFor(() => expect(fake.listeners.size).toBeGreaterThan(0));
    act(() => requestOpenChat({ userId: ALICE._id, name: ALICE.name }));
    const chat = await screen.findByRole('dialog', { name: 'Messenger Chat' });
    expect(within(chat).getByText('Alice')).toBeInTheDocument();
    await userEvent.click(within(chat).getByRole('button', { name: 'Close' }));
    act(() => requestOpenChat({ userId: DANA._id, name: DANA.name }));
    const start = await screen.findByRole('dialog', { name: 'Start a new conversation' });
    expect(within(start).getByText('Start a conversation with Dana')).toBeInTheDocument();
  });

  it('announces a scrim start with a button to its page', async () => {
    renderNav();
    await waitFor(() => expect(fake.listeners.get(SOCKET_EVENTS.scrimStartNotification)?.size).toBe(1));
    serverSends(SOCKET_EVENTS.scrimStartNotification, { scrimId: 's9', title: 'Friday customs' });
    expect(await screen.findByText('Friday customs is starting now!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open scrim' }));
    expect(await screen.findByText('scrim page')).toBeInTheDocument();
  });
});
