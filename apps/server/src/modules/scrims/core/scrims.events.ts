import { ADMINS_ROOM, hostRoom, regionRoom, scrimRoom, userRoom, type AppServer } from '../../../plugins/io.js';
import { isLobbyReady, presentScrim } from './scrims.presenter.js';
import type { ScrimAggregate } from './scrim-aggregate.repository.js';

/** The socket event that carries a changed scrim (getScrimTransaction). */
export const SCRIM_UPDATED_EVENT = 'getScrimTransaction';
export const SCRIM_DELETED_EVENT = 'scrimDeleted';

/**
 * Sends the changed scrim to everyone watching it (its room, and the hub room of its region when public).
 * The players and casters once the lobby is ready (isLobbyReady), and its community host while they host its region (their
 * host room), get the version with the lobby secrets, admins that and Riot's error details; everyone else the
 * version without; its host and admins also get Riot's errors and the result's evidence. Called after the transaction commits.
 */
export function publishScrim({ io, aggregate }: { io: AppServer; aggregate: ScrimAggregate }) {
  const { scrim, participants } = aggregate;
  // Never `io.to([])`: no room at all means every socket.
  const hostRooms = scrim.hostedBy ? [hostRoom(scrim.hostedBy, scrim.region)] : [];
  const playerRooms = isLobbyReady(aggregate) ? participants.map((p) => userRoom(p.user.id)) : [];
  const watchingRooms = [scrimRoom(scrim.id), ...(scrim.isPrivate ? [] : [regionRoom(scrim.region)])];
  io.to(watchingRooms)
    .except([ADMINS_ROOM, ...playerRooms, ...hostRooms])
    .emit(SCRIM_UPDATED_EVENT, presentScrim(aggregate, { withLobby: false }));
  if (playerRooms.length > 0) {
    io.to(playerRooms)
      .except([ADMINS_ROOM, ...hostRooms])
      .emit(SCRIM_UPDATED_EVENT, presentScrim(aggregate, { withLobby: true }));
  }
  // Its host runs it: Riot's errors and the result's evidence too.
  if (hostRooms.length > 0) {
    io.to(hostRooms)
      .except(ADMINS_ROOM)
      .emit(
        SCRIM_UPDATED_EVENT,
        presentScrim(aggregate, { withLobby: true, withRiotErrors: true, withEvidence: true }),
      );
  }
  io.to(ADMINS_ROOM).emit(
    SCRIM_UPDATED_EVENT,
    presentScrim(aggregate, { withLobby: true, withRiotErrors: true, withEvidence: true }),
  );
}

export function publishScrimDeleted({ io, scrimId, region }: { io: AppServer; scrimId: string; region: string }) {
  io.to([scrimRoom(scrimId), regionRoom(region), ADMINS_ROOM]).emit(SCRIM_DELETED_EVENT, { _id: scrimId });
}
