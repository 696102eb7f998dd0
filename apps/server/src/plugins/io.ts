import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { readSessionToken, resolveAuth } from './auth.js';
import { assertActiveUser } from '../modules/auth/auth.policy.js';
import { AppError } from '../lib/errors.js';

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

/** Socket.IO servers that share rooms with other instances (the Redis adapter is attached). */
const clustered = new WeakSet<object>();

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
    cors: app.config.PUBLIC_URL ? { origin: app.config.PUBLIC_URL, credentials: true } : undefined,
  });

  if (app.config.REDIS_URL) {
    const pub = createClient({ url: app.config.REDIS_URL });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => app.log.warn({ err }, 'redis adapter error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${app.config.REDIS_PREFIX}#socket.io` }));
    clustered.add(io);
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
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
      const err = new Error(error instanceof AppError ? error.message : 'unauthorized') as Error & { data?: unknown };
      err.data = { code: error instanceof AppError ? error.code : 'UNAUTHORIZED' };
      next(err);
    }
  });

  io.on('connection', (socket: Socket) => {
    const { userId, isAdmin } = socket.data as SocketData;
    void socket.join(userRoom(userId));
    if (isAdmin) void socket.join(ADMINS_ROOM);
  });

  app.decorate('io', io as unknown as Server);
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
});
