import { beforeEach } from 'vitest';
import { setSocketOpener, type AppSocket } from '../lib/socket';

/** A socket that never connects: what every test gets (src/test/setup.ts), as a page whose server is not there. */
export const neverConnects = () => new Promise<AppSocket>(() => {});

/**
 * The app's socket (lib/socket.ts) is `socket` for each test of the calling file: a stand-in whose server events
 * the test fires and whose emits it reads. Only the methods the code under test calls need to exist, and
 * `disconnect`, which the app calls on a sign-out or a change of user whatever the page.
 */
export function withFakeSocket(socket: { disconnect: () => unknown }) {
  beforeEach(() => setSocketOpener(async () => socket as AppSocket));
}
