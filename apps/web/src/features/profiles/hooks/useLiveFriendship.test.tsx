import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@scrim-gym/shared';
import { renderAt, stubApi } from '../../../test/render';
import { useFriendStatus } from '../api/friends';
import { useLiveFriendship } from './useLiveFriendship';
import { withFakeSocket } from '../../../test/socket';

/** A stand-in socket: tests fire its events. */
const handlers = new Map<string, (...args: unknown[]) => void>();
const fakeSocket = {
  on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
  off: (event: string) => handlers.delete(event),
  disconnect: () => {},
};
withFakeSocket(fakeSocket);

afterEach(() => {
  vi.unstubAllGlobals();
  handlers.clear();
});

function FriendButton() {
  useLiveFriendship('viewer');
  const { data } = useFriendStatus('other', true);
  return <p>{data ? `status: ${data.status}` : 'loading'}</p>;
}

describe('live friend state on a profile', () => {
  it('takes a friendshipChanged at once, and reads the state again on every connect (changes sent while offline)', async () => {
    let status = 'none';
    const calls = stubApi({
      'GET /friend-requests/check-friend-request-sent/other': () => ({ body: { status, friendRequestSent: false } }),
    });
    renderAt('/p', '/p', <FriendButton />);
    expect(await screen.findByText('status: none')).toBeInTheDocument();
    await waitFor(() => expect(handlers.has('connect')).toBe(true));

    handlers.get(SOCKET_EVENTS.friendshipChanged)!({ userId: 'other', status: 'sent' });
    expect(await screen.findByText('status: sent')).toBeInTheDocument();

    // The other user sent a request while this socket was connecting: nothing was pushed, the connect reads it.
    status = 'received';
    const before = calls.length;
    handlers.get('connect')!();
    expect(await screen.findByText('status: received')).toBeInTheDocument();
    expect(calls.length).toBe(before + 1);
  });
});
