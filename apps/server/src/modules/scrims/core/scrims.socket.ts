import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REGIONS, SOCKET_EVENTS, socialIdSchema } from '@scrim-gym/shared';
import { onClientEvent } from '../../../plugins/socket-events.js';
import { regionRoom, scrimRoom, type AppSocket } from '../../../plugins/io.js';

const regionSchema = z.enum(REGIONS);

/**
 * Which scrims a socket watches: a scrim page joins `scrim:<id>`, the hub joins `region:<region>`. Joining a
 * room reveals nothing (updates to it carry no lobby secrets unless the user is entitled); a socket may watch
 * one region at a time, and a few scrims (the room cap, plugins/socket-limits.ts). The web app sends these
 * without asking for an acknowledgement; a client that asks gets `{ok}` or the refusal.
 */
export function registerScrimSocketHandlers(app: FastifyInstance) {
  const { io, log } = app;
  io.on('connection', (socket: AppSocket) => {
    onClientEvent(
      socket,
      SOCKET_EVENTS.joinScrimRoom,
      socialIdSchema,
      async (scrimId) => {
        await socket.join(scrimRoom(scrimId));
        return null;
      },
      log,
    );
    onClientEvent(
      socket,
      SOCKET_EVENTS.leaveScrimRoom,
      socialIdSchema,
      async (scrimId) => {
        await socket.leave(scrimRoom(scrimId));
        return null;
      },
      log,
    );
    onClientEvent(
      socket,
      SOCKET_EVENTS.joinRegionRoom,
      regionSchema,
      async (region) => {
        for (const room of socket.rooms) if (room.startsWith(regionRoom(''))) await socket.leave(room);
        await socket.join(regionRoom(region));
        return null;
      },
      log,
    );
  });
}
