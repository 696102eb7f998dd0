import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { readSessionToken, resolveAuth } from './auth.js';
import { allowSocketOrigin } from './origin.js';
import { createResilientRedisAdapter } from './redis-adapter.js';
import type { RedisHandle } from './redis.js';
import { assertActiveUser } from '../modules/auth/auth.policy.js';
import { AppError, databaseUnavailable, isDatabaseUnavailable } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

export interface SocketData {
  userId: string;
  isAdmin: boolean;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const scrimRoom = (scrimId: string) => `scrim:${scrimId}`;
export const regionRoom = (region: string) => `region:${region}`;
export const ADMINS_ROOM = 'admins';
/** The sockets that have a scrim's chat open (joined only after the chat rule allows it). */
export const scrimChatRoom = (scrimId: string) => `scrim-chat:${scrimId}`;
/** The sockets allowed to follow a user's online status (friends, conversation partners, viewers of their scrims). */
export const presenceRoom = (userId: string) => `presence:${userId}`;

/** Socket.IO servers that share rooms with other instances (the Redis adapter is attached), and their Redis. */
const clustered = new WeakMap<object, RedisHandle>();

/** The Redis behind a Socket.IO server's adapter (null on a single instance), for code that only has `io`. */
export function redisOf(io: object): RedisHandle | null {
  return clustered.get(io) ?? null;
}

/**
 * Tells the other instances (their `io.on(event)` listeners) that something changed, e.g. cached lists. A
 * single instance has nobody to tell (and Socket.IO's in-memory adapter would log a warning on every call).
 */
export function emitToOtherInstances(io: { serverSideEmit(event: string): unknown }, event: string) {
  if (clustered.has(io)) io.serverSideEmit(event);
}

/**
 * Socket.IO on the HTTP server. Identity comes only from the session at the handshake (cookie or
 * `auth.token`), never from an event. With REDIS_URL, rooms span every instance through the Redis adapter.
 */
export const ioPlugin = fp(async (app: FastifyInstance) => {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: app.config.PUBLIC_URL ? { origin: new URL(app.config.PUBLIC_URL).origin, credentials: true } : undefined,
    // CORS does not cover WebSocket upgrades: the handshake's Origin is checked for every transport.
    allowRequest: allowSocketOrigin(app.config),
  });

  if (app.redis) {
    // The redis plugin owns the connections (closed after this server); the adapter degrades to this instance's
    // own sockets while Redis is down.
    io.adapter(createResilientRedisAdapter(app.redis, { key: `${app.redis.prefix}#socket.io`, requestsTimeout: 3000 }));
    clustered.set(io, app.redis);
  }

  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const token =
        (typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null) ??
        readSessionToken({ authorization: socket.handshake.headers.authorization }, cookies);
      const user = assertActiveUser(await resolveAuth(app, token));
      socket.data = { userId: user.id, isAdmin: user.isAdmin };
      next();
    } catch (error) {
      const refusal = error instanceof AppError ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : null;
      const err = new Error(refusal?.message ?? 'unauthorized') as Error & { data?: unknown };
      err.data = { code: refusal?.code ?? 'UNAUTHORIZED' };
      next(err);
    }
  });

  io.on('connection', (socket: Socket) => {
    const { userId, isAdmin } = socket.data as SocketData;
    void socket.join(userRoom(userId));
    if (isAdmin) void socket.join(ADMINS_ROOM);
  });

  app.decorate('io', io as unknown as Server);
  // Shutdown, before the HTTP server stops: close this instance's connections (only its own, never the other
  // instances') at the transport level, so clients reconnect at once, through the load balancer, elsewhere. A
  // Socket.IO "server disconnect" would tell them not to reconnect.
  app.addHook('preClose', async () => {
    // engine.io keeps its connections in a protected map (every connection, handshaken or not).
    const { clients } = io.engine as unknown as { clients: Record<string, { close(discard: boolean): void }> };
    for (const client of Object.values(clients)) client.close(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
});
