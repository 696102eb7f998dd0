import { SOCKET_EVENTS } from '@scrim-gym/shared';
import { scrimRoom, type AppServer } from '../../../plugins/io.js';

/**
 * Tells the scrim's room that its match stats changed (stored, attached, given up on): the page reads
 * GET /api/scrims/:id/match again, which decides what the viewer may see. The event itself carries no stats.
 */
export function emitMatchStatus(io: AppServer, scrimId: string, status: 'pending' | 'ready' | 'failed') {
  io.to(scrimRoom(scrimId)).emit(SOCKET_EVENTS.scrimMatch, { scrimId, status });
}
