import type { Server, Socket } from 'socket.io';
import { REGIONS } from '@scrim-gym/shared';
import { regionRoom, scrimRoom } from '../../plugins/io.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which scrims a socket watches: a scrim page joins `scrim:<id>`, the hub joins `region:<region>`. Joining a
 * room reveals nothing (updates to it carry no lobby secrets unless the user is entitled); a socket may watch
 * one region at a time.
 */
export function registerScrimSocketHandlers(io: Server) {
  io.on('connection', (socket: Socket) => {
    socket.on('join_scrim_room', (scrimId: unknown) => {
      if (typeof scrimId === 'string' && UUID.test(scrimId)) void socket.join(scrimRoom(scrimId));
    });
    socket.on('leave_scrim_room', (scrimId: unknown) => {
      if (typeof scrimId === 'string' && UUID.test(scrimId)) void socket.leave(scrimRoom(scrimId));
    });
    socket.on('join_region_room', (region: unknown) => {
      if (typeof region !== 'string' || !REGIONS.includes(region as never)) return;
      for (const room of socket.rooms) if (room.startsWith('region:')) void socket.leave(room);
      void socket.join(regionRoom(region));
    });
  });
}
