import type { FastifyInstance } from 'fastify';
import { SOCKET_EVENTS, watchBoardPayloadSchema, watchSeriesPayloadSchema } from '@scrim-gym/shared';
import { onClientEvent } from '../../plugins/socket-events.js';
import { boardRoom, seriesRoom, type AppSocket } from '../../plugins/io.js';

/**
 * Which boards and series a socket watches: the board page joins the rooms of the regions it shows
 * (`board:watch {regions}` replaces the ones before), a series page joins that series' room. As with the scrims'
 * rooms, joining reveals nothing: the events carry ids only and the page reads through the API. Who may send them
 * is the handshake's (a signed-in user who is not banned) and the guard checks the session again before a join.
 */
export function registerBoardSocketHandlers(app: FastifyInstance) {
  const { io, log } = app;
  io.on('connection', (socket: AppSocket) => {
    onClientEvent(
      socket,
      SOCKET_EVENTS.watchBoard,
      watchBoardPayloadSchema,
      async ({ regions }) => {
        const wanted = new Set(regions.map(boardRoom));
        for (const room of socket.rooms)
          if (room.startsWith(boardRoom('')) && !wanted.has(room)) await socket.leave(room);
        if (wanted.size > 0) await socket.join([...wanted]);
        return null;
      },
      log,
    );
    onClientEvent(
      socket,
      SOCKET_EVENTS.watchSeries,
      watchSeriesPayloadSchema,
      async ({ seriesId }) => {
        await socket.join(seriesRoom(seriesId));
        return null;
      },
      log,
    );
    onClientEvent(
      socket,
      SOCKET_EVENTS.unwatchSeries,
      watchSeriesPayloadSchema,
      async ({ seriesId }) => {
        await socket.leave(seriesRoom(seriesId));
        return null;
      },
      log,
    );
  });
}
