import { SOCKET_EVENTS, type Region } from '@scrim-gym/shared';
import { boardRoom, seriesRoom, type AppServer } from '../../plugins/io.js';

/*
 * The board's live updates: after a commit, the pages that show what changed are told to read it again. Only ids
 * travel (the API applies who may see what). `io.to(room)` reaches the room's sockets on every instance through
 * the Redis adapter, as the scrims' updates do.
 */

/** Something on `region`'s board changed: a post created, taken down or closed, or a request count. */
export function publishBoardChange(io: AppServer, region: Region) {
  io.to(boardRoom(region)).emit(SOCKET_EVENTS.boardChanged, { region });
}

/** The series changed: a lineup, a side, a game (or its scrim), its scores or its end. */
export function publishSeriesChange(io: AppServer, seriesId: string) {
  io.to(seriesRoom(seriesId)).emit(SOCKET_EVENTS.seriesChanged, { seriesId });
}
