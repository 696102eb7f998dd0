import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@scrim-gym/shared';

/** The app's socket, typed by the contract in packages/shared (socket-contract.ts). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The app's one Socket.IO connection, opened for the signed-in user the first time a page needs it.
 * socket.io-client is loaded with a dynamic import, so it never weighs on a first visit. The handshake is
 * authenticated by the session cookie, so a different user (after a log out and a sign-in) gets a new one.
 */
let current: { userId: string; socket: Promise<AppSocket> } | null = null;

type SocketOpener = () => Promise<AppSocket>;

const openWithSocketIo: SocketOpener = () =>
  import('socket.io-client').then(({ io }): AppSocket =>
    io({
      path: '/socket.io',
      withCredentials: true,
      // WebSocket first: behind several instances it needs no sticky sessions; long-polling stays as the
      // fallback where a proxy blocks WebSocket.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
    }),
  );
let open = openWithSocketIo;

export function getSocket(userId: string): Promise<AppSocket> {
  if (current?.userId === userId) return current.socket;
  closeSocket();
  const socket = open();
  current = { userId, socket };
  return socket;
}

/**
 * What getSocket connects with from now on: a test's stand-in socket (src/test/socket.ts), or Socket.IO again with
 * null. The connection made so far is forgotten, not closed: it belongs to whoever made it.
 */
export function setSocketOpener(opener: SocketOpener | null) {
  current = null;
  open = opener ?? openWithSocketIo;
}

/** Ends the connection (log out). */
export function closeSocket() {
  const closing = current?.socket;
  current = null;
  void closing?.then((socket) => socket.disconnect());
}
