import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SOCKET_EVENTS, watchPresencePayloadSchema } from '@scrim-gym/shared';
import { onClientEvent } from '../../plugins/socket-events.js';
import { presenceRoom, type SocketData, type AppSocket } from '../../plugins/io.js';
import { findCircle, findVisibleUserIds, updateLastSeen } from './presence.repository.js';
import { findOnlineUserIds, findPresence, publishPresence } from './presence.service.js';

/**
 * Presence: a user is online while any of their sockets is connected (computed from their `user:<id>` room
 * across instances, never from a local map). Sockets follow the presence of other users through their
 * `presence:<id>` rooms, joined only for users they may see:
 * - `addUser`: the user's friends and conversation partners (answered with `getUsers`);
 * - `watchPresence {userIds}`: the players a page shows, filtered by `findVisibleUserIds` (answered with
 *   `getUsers` and in the acknowledgement); each call replaces the socket's previous list.
 * A user's first socket announces them online; when the last one goes, `lastSeenAt` is written and they are
 * announced offline.
 */
export function registerPresenceSocketHandlers(app: FastifyInstance) {
  const { io, db, log } = app;
  const deps = { io, db };
  // A closing instance's sockets move to the others (clients reconnect): that is not their users leaving.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  /** Per socket, the users it follows because of watchPresence (not its circle), to replace on the next call. */
  const watchedBySocket = new Map<string, Set<string>>();

  async function announceOnline(userId: string) {
    const [presence] = await findPresence({ deps, userIds: [userId] });
    if (presence) publishPresence({ io, presence: { ...presence, isOnline: true } });
  }

  async function announceIfGone(userId: string) {
    if ((await findOnlineUserIds({ io, userIds: [userId] })).size > 0) return;
    const lastSeenAt = new Date();
    await updateLastSeen({ db, userId, at: lastSeenAt });
    // A tab opened meanwhile announced itself online: do not contradict it.
    if ((await findOnlineUserIds({ io, userIds: [userId] })).size > 0) return;
    publishPresence({ io, presence: { _id: userId, isOnline: false, lastSeenAt: lastSeenAt.toISOString() } });
  }

  io.on('connection', (socket: AppSocket) => {
    const { userId } = socket.data as SocketData;
    announceOnline(userId).catch((err) => log.warn({ err }, 'presence: announcing online failed'));

    // The original client's addUser may carry a user id: it is ignored, the socket's user is the handshake's.
    onClientEvent(
      socket,
      SOCKET_EVENTS.addUser,
      z.unknown(),
      async () => {
        const circle = await findCircle({ db, userId });
        await socket.join(circle.map(presenceRoom));
        const presence = await findPresence({ deps, userIds: circle });
        socket.emit(SOCKET_EVENTS.getUsers, presence);
        return presence;
      },
      log,
    );

    onClientEvent(
      socket,
      SOCKET_EVENTS.watchPresence,
      watchPresencePayloadSchema,
      async ({ userIds }) => {
        const visible = await findVisibleUserIds({ db, viewerId: userId, userIds: [...new Set(userIds)] });
        const previous = watchedBySocket.get(socket.id) ?? new Set<string>();
        const stillFollowed = new Set([...visible, ...(await findCircle({ db, userId }))]);
        for (const id of previous) if (!stillFollowed.has(id)) await socket.leave(presenceRoom(id));
        if (socket.disconnected) return [];
        watchedBySocket.set(socket.id, new Set(visible));
        await socket.join(visible.map(presenceRoom));
        const presence = await findPresence({ deps, userIds: visible });
        socket.emit(SOCKET_EVENTS.getUsers, presence);
        return presence;
      },
      log,
    );

    socket.on('disconnect', () => {
      watchedBySocket.delete(socket.id);
      if (closing) return;
      announceIfGone(userId).catch((err) => log.warn({ err }, 'presence: announcing offline failed'));
    });
  });
}
