import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@scrim-gym/shared';
import { scrimKeys } from '../features/scrims/api/scrims';
import { watchScrims } from '../features/scrims/hooks/scrim-live';
import { socialKeys } from '../features/social/api/keys';
import { watchSocial } from '../features/social/hooks/social-live';
import { withFakeSocket } from '../test/socket';

/** A stand-in socket that is not connected yet: the test fires its `connect`. */
const fake = (() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const emitted: unknown[][] = [];
  const socket = {
    connected: false,
    on: (event: string, fn: (...args: unknown[]) => void) =>
      listeners.set(event, (listeners.get(event) ?? new Set()).add(fn)),
    off: (event: string, fn: (...args: unknown[]) => void) => listeners.get(event)?.delete(fn),
    disconnect: () => {},
    emit: (...args: unknown[]) => emitted.push(args),
  };
  const fire = (event: string) => listeners.get(event)?.forEach((fn) => fn());
  return { socket, emitted, fire };
})();
withFakeSocket(fake.socket);

/**
 * Live views read their data, then their socket connects (or reconnects): whatever changed in between was never
 * pushed, so every connect they see reads their data again (a friend request sent while a page's socket was still
 * connecting was never shown: e2e/polish at 390 px under load).
 */
describe('a connect after the first reads', () => {
  it('the hub joins its region room and reads its scrims again', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const stop = await watchScrims({ queryClient, userId: 'u1', room: { region: 'NA' } });
    expect(fake.emitted).toEqual([]);
    fake.fire('connect');
    expect(fake.emitted).toContainEqual(['join_region_room', 'NA']);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: scrimKeys.all });
    stop();
  });

  it('the social views announce the user and read their lists again', async () => {
    fake.emitted.length = 0;
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const effects = { onNotification: vi.fn(), onIncomingMessage: vi.fn(), onScrimStart: vi.fn() };
    const stop = await watchSocial({ queryClient, userId: 'u1', effects });
    fake.fire('connect');
    expect(fake.emitted).toContainEqual([SOCKET_EVENTS.addUser]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: socialKeys.all });
    stop();
  });
});
