import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_BANNED_EVENT } from '@scrim-gym/shared';
import { renderAt, stubApi, testUser } from '../../../test/render';
import { withFakeSocket } from '../../../test/socket';
import { useCurrentUser } from '../api/session';
import { useBanSignOut } from './useBanSignOut';

/** A stand-in socket: tests fire its server events. */
const handlers = new Map<string, (...args: unknown[]) => void>();
const fakeSocket = {
  on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
  off: (event: string) => handlers.delete(event),
  disconnect: vi.fn(),
};
withFakeSocket(fakeSocket);

afterEach(() => {
  vi.unstubAllGlobals();
  handlers.clear();
  fakeSocket.disconnect.mockClear();
});

/** GET /auth/session: signed in as `name` while `live()` says so, signed out after. */
function stubSession(name: string, live: () => boolean) {
  return stubApi({
    'GET /auth/session': () => ({
      body: live()
        ? { token: null, user: testUser({ name }), identity: null }
        : { token: null, user: null, identity: null },
    }),
  });
}

function Page() {
  useBanSignOut();
  const { user } = useCurrentUser();
  return <p>{user ? `signed in as ${user.name}` : 'signed out'}</p>;
}

describe('a ban signs the open tab out live', () => {
  it("goes home, forgets the session and shows the ban text on 'userBanned'", async () => {
    stubApi({ 'GET /auth/session': { token: 't', user: testUser({ name: 'Griefer' }), identity: null } });
    renderAt('/scrims', '/scrims', <Page />);
    // The probe route at /scrims is replaced by the page itself: wait for the session.
    expect(await screen.findByText('signed in as Griefer')).toBeInTheDocument();
    await waitFor(() => expect(handlers.has(USER_BANNED_EVENT)).toBe(true));
    handlers.get(USER_BANNED_EVENT)!({
      message: 'You are banned until 02/01/2026. Reason: flame',
      dateTo: '2026-02-01T00:00:00.000Z',
      reason: 'flame',
    });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(await screen.findByText('You are banned until 02/01/2026. Reason: flame')).toBeInTheDocument();
    expect(fakeSocket.disconnect).toHaveBeenCalled();
  });

  it('a server disconnect without the event re-checks the session', async () => {
    const calls = stubApi({ 'GET /auth/session': { token: 't', user: testUser(), identity: null } });
    renderAt('/scrims', '/scrims', <Page />);
    await waitFor(() => expect(handlers.has('disconnect')).toBe(true));
    const before = calls.filter((c) => c.path === '/auth/session').length;
    handlers.get('disconnect')!('transport close');
    handlers.get('disconnect')!('io server disconnect');
    await waitFor(() => expect(calls.filter((c) => c.path === '/auth/session').length).toBe(before + 1));
  });

  it('a server disconnect of a session that has ended (logout elsewhere, expiry) signs the tab out and closes the socket', async () => {
    let live = true;
    stubSession('Quitter', () => live);
    renderAt('/scrims', '/scrims', <Page />);
    expect(await screen.findByText('signed in as Quitter')).toBeInTheDocument();
    await waitFor(() => expect(handlers.has('disconnect')).toBe(true));
    live = false;
    handlers.get('disconnect')!('io server disconnect');
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(fakeSocket.disconnect).toHaveBeenCalled();
  });

  it('a server disconnect while the session still holds keeps the tab signed in', async () => {
    const calls = stubSession('Stayer', () => true);
    renderAt('/scrims', '/scrims', <Page />);
    await waitFor(() => expect(handlers.has('disconnect')).toBe(true));
    const before = calls.filter((c) => c.path === '/auth/session').length;
    handlers.get('disconnect')!('io server disconnect');
    await waitFor(() => expect(calls.filter((c) => c.path === '/auth/session').length).toBe(before + 1));
    expect(screen.getByText('signed in as Stayer')).toBeInTheDocument();
    expect(fakeSocket.disconnect).not.toHaveBeenCalled();
  });

  it('a reconnection refused for the session signs the tab out; a refusal for another reason re-checks nothing', async () => {
    let live = true;
    const calls = stubSession('Sleeper', () => live);
    renderAt('/scrims', '/scrims', <Page />);
    await waitFor(() => expect(handlers.has('connect_error')).toBe(true));
    const before = calls.filter((c) => c.path === '/auth/session').length;
    handlers.get('connect_error')!(Object.assign(new Error('Too many requests'), { data: { code: 'RATE_LIMITED' } }));
    handlers.get('connect_error')!(new Error('xhr poll error'));
    live = false;
    handlers.get('connect_error')!(
      Object.assign(new Error('You need to sign in first.'), { data: { code: 'UNAUTHORIZED' } }),
    );
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/auth/session').length).toBe(before + 1);
    expect(fakeSocket.disconnect).toHaveBeenCalled();
  });
});
