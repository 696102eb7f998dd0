import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketData } from '@scrim-gym/shared';

/*
 * The app's Socket.IO types, from the contract in packages/shared (socket-contract.ts). Modules import them
 * through plugins/io.ts; the plugins io.ts itself imports (guard, sessions) take them from here.
 */

/** The app's Socket.IO server: what clients may send, what it publishes, what instances tell each other. */
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
/** One connected client of the app's Socket.IO server. */
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type { SocketData };
