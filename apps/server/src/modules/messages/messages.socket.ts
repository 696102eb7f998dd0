import type { FastifyInstance } from 'fastify';
import {
  SOCKET_EVENTS,
  scrimChatPayloadSchema,
  sendMessagePayloadSchema,
  sendScrimMessagePayloadSchema,
} from '@scrim-gym/shared';
import { onClientEvent } from '../../plugins/socket-events.js';
import { scrimChatRoom, type AppSocket, type SocketData } from '../../plugins/io.js';
import type { Viewer } from '../auth/index.js';
import { openScrimConversation } from '../conversations/index.js';
import { assertSelf } from '../friends/index.js';
import { sendMessage, sendScrimMessage } from './messages.service.js';

const SCRIM_CHAT_PREFIX = scrimChatRoom('');

/**
 * Chat over the socket: open and close a scrim's chat (its room is joined only if the scrim chat rule allows),
 * and send messages with the same rules, budget and live delivery as POST /api/messages. Every event is
 * validated and acknowledged; the sender is always the handshake's user.
 */
export function registerMessageSocketHandlers(app: FastifyInstance) {
  const { io, db, log } = app;
  const deps = { db, io, limiter: app.messageLimiter };
  // While the instance closes, its sockets leave every chat at once: nobody is left to tell.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  /** `getScrimusers` to the chat's room: who has it open now, over every tab and instance. */
  async function publishChatUsers(scrimId: string) {
    const sockets = await io.in(scrimChatRoom(scrimId)).fetchSockets();
    const userIds = [...new Set(sockets.map((s) => (s.data as SocketData).userId))];
    io.to(scrimChatRoom(scrimId)).emit(SOCKET_EVENTS.getScrimusers, { scrimId, userIds });
  }
  const publishChatUsersSafely = (scrimId: string) =>
    publishChatUsers(scrimId).catch((err) => log.warn({ err }, 'scrim chat: publishing its users failed'));

  io.on('connection', (socket: AppSocket) => {
    const { userId, isAdmin } = socket.data as SocketData;
    const viewer: Viewer = { id: userId, isAdmin };

    onClientEvent(
      socket,
      SOCKET_EVENTS.scrimChatOpen,
      scrimChatPayloadSchema,
      async ({ scrimId, userId: claimed }) => {
        if (claimed !== undefined) assertSelf(userId, claimed);
        const { conversation } = await openScrimConversation({ db, viewer, scrimId });
        await socket.join(scrimChatRoom(scrimId));
        await publishChatUsersSafely(scrimId);
        return conversation;
      },
      log,
    );

    onClientEvent(
      socket,
      SOCKET_EVENTS.scrimChatClose,
      scrimChatPayloadSchema,
      async ({ scrimId }) => {
        if (!socket.rooms.has(scrimChatRoom(scrimId))) return null;
        await socket.leave(scrimChatRoom(scrimId));
        await publishChatUsersSafely(scrimId);
        return null;
      },
      log,
    );

    onClientEvent(
      socket,
      SOCKET_EVENTS.sendMessage,
      sendMessagePayloadSchema,
      (payload) => sendMessage({ deps, viewer, ...payload }),
      log,
    );

    onClientEvent(
      socket,
      SOCKET_EVENTS.sendScrimMessage,
      sendScrimMessagePayloadSchema,
      (payload) => sendScrimMessage({ deps, viewer, ...payload }),
      log,
    );

    // The chats this socket had open lose a reader: the rooms are gone by 'disconnect', so note them now.
    let openChats: string[] = [];
    socket.on('disconnecting', () => {
      openChats = [...socket.rooms].filter((room) => room.startsWith(SCRIM_CHAT_PREFIX));
    });
    socket.on('disconnect', () => {
      if (closing) return;
      for (const room of openChats) void publishChatUsersSafely(room.slice(SCRIM_CHAT_PREFIX.length));
    });
  });
}
