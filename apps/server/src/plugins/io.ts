import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { MESSAGES, type ErrorCode, type InterServerEvents } from '@scrim-gym/shared';
import { allowSocketOrigin } from './origin.js';
import { createResilientRedisAdapter } from './redis-adapter.js';
import type { RedisHandle } from '../lib/redis.js';
import { createSocketGuard } from './socket-guard.js';
import { socketBudgets, SOCKET_MAX_PACKET_BYTES } from './socket-limits.js';
import { limitedParser } from './socket-parser.js';
import type { AppServer, AppSocket, SocketData } from './socket-types.js';
import { ADMINS_ROOM, hostRoom, sessionRoom, userRoom } from './socket-rooms.js';
import { AppError, databaseUnavailable, isDatabaseUnavailable } from '../lib/errors.js';
import { hashToken } from '../lib/tokens.js';

export type { AppServer, AppSocket, SocketData } from './socket-types.js';

declare module 'fastify' {
  interface FastifyInstance {
    io: AppServer;
  }
}

/**
 * Who a socket is: the auth module provides it (modules/auth/auth.socket.ts), app.ts passes it in, so this
 * plugin knows nothing of sessions.
 */
export interface SocketAuth {
  /** The session token a handshake carries, if any. */
  tokenOf(handshake: AppSocket['handshake']): string | null;
  /** The signed-in, unbanned user of a token; throws an AppError to refuse the handshake. */
  identify(token: string | null): Promise<SocketData>;
  /** Throws when the socket's session no longer signs anyone in (checked before events that write). */
  assertSession(data: SocketData): Promise<unknown>;
  /** Starts what keeps sockets and sessions in step on this server (the periodic check). */
  attach(io: AppServer, options: { tokenHashOf: (socket: AppSocket) => string }): { stop(): void };
}

export {
  ADMINS_ROOM,
  boardRoom,
  hostRoom,
  presenceRoom,
  regionRoom,
  scrimChatRoom,
  scrimRoom,
  seriesRoom,
  sessionRoom,
  userRoom,
} from './socket-rooms.js';

/** Socket.IO servers that share rooms with other instances (the Redis adapter is attached), and their Redis. */
const clustered = new WeakMap<object, RedisHandle>();

/**
 * Tells the other instances (their `io.on(event)` listeners) that something changed, e.g. cached lists. A
 * single instance has nobody to tell (and Socket.IO's in-memory adapter would log a warning on every call).
 */
export function emitToOtherInstances<E extends keyof InterServerEvents>(
  io: AppServer,
  event: E,
  ...args: Parameters<InterServerEvents[E]>
) {
  // Socket.IO types serverSideEmit's arguments for acknowledgements; these events take none.
  const emitter = io as unknown as { serverSideEmit(event: string, ...args: unknown[]): unknown };
  if (clustered.has(io)) emitter.serverSideEmit(event, ...args);
}

/**
 * Socket.IO on the HTTP server. Identity comes only from the session at the handshake (cookie or
 * `auth.token`), never from an event, and a socket lives no longer than that session (`SocketAuth`, from the auth module).
 * With REDIS_URL, rooms span every instance through the Redis adapter. What a client may send is bounded before
 * any handler runs: packet size and nesting in the parser, budgets and declared events in the guard.
 */
export const ioPlugin = fp(async (app: FastifyInstance, { auth }: { auth: SocketAuth }) => {
  const io: AppServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: app.config.PUBLIC_URL ? { origin: new URL(app.config.PUBLIC_URL).origin, credentials: true } : undefined,
    // CORS does not cover WebSocket upgrades: the handshake's Origin is checked for every transport.
    allowRequest: allowSocketOrigin(app.config),
    // A WebSocket message or a long-polling POST body over this is cut off before it is read whole.
    maxHttpBufferSize: SOCKET_MAX_PACKET_BYTES,
    // Refuses too large or too deeply nested packets in one scan, before JSON.parse.
    parser: limitedParser,
  });
  const guard = createSocketGuard({
    budgets: socketBudgets({ burst: app.config.SOCKET_EVENTS_BURST, perSecond: app.config.SOCKET_EVENTS_PER_SECOND }),
    log: app.log,
    userIdOf: (socket) => socket.data.userId,
    assertSession: (socket) => auth.assertSession(socket.data),
  });

  if (app.redis) {
    // The redis plugin owns the connections (closed after this server); the adapter degrades to this instance's
    // own sockets while Redis is down.
    io.adapter(createResilientRedisAdapter(app.redis, { key: `${app.redis.prefix}#socket.io`, requestsTimeout: 3000 }));
    clustered.set(io, app.redis);
  }
  io.use(async (socket, next) => {
    try {
      const token = auth.tokenOf(socket.handshake);
      // A reconnecting loop is braked before its database look-up.
      if (token && token.length <= 200 && !guard.admitHandshake(hashToken(token))) {
        throw new AppError(429, 'RATE_LIMITED', MESSAGES.tooManyRequests);
      }
      socket.data = await auth.identify(token);
      next();
    } catch (error) {
      const refusal = error instanceof AppError ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : null;
      const err = new Error(refusal?.message ?? 'unauthorized') as Error & { data?: { code: ErrorCode } };
      err.data = { code: refusal?.code ?? 'UNAUTHORIZED' };
      next(err);
    }
  });

  io.on('connection', (socket) => {
    const { userId, isAdmin, tokenHash, hostRegions } = socket.data;
    void socket.join([
      userRoom(userId),
      sessionRoom(tokenHash),
      ...(isAdmin ? [ADMINS_ROOM] : []),
      ...hostRegions.map((region) => hostRoom(userId, region)),
    ]);
    guard.protect(socket);
  });

  const sessions = auth.attach(io, {
    tokenHashOf: (socket) => socket.data.tokenHash,
  });

  app.decorate('io', io);
  // Shutdown, before the HTTP server stops: close this instance's connections (only its own, never the other
  // instances') at the transport level, so clients reconnect at once, through the load balancer, elsewhere. A
  // Socket.IO "server disconnect" would tell them not to reconnect.
  app.addHook('preClose', async () => {
    sessions.stop();
    // engine.io keeps its connections in a protected map (every connection, handshaken or not).
    const { clients } = io.engine as unknown as { clients: Record<string, { close(discard: boolean): void }> };
    for (const client of Object.values(clients)) client.close(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
});
