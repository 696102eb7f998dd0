import type { QueryClient } from '@tanstack/react-query';
import type { AuthState, Region, Scrim, ServerToClientEvents } from '@scrim-gym/shared';
import { closeSocket, getSocket } from '../../../lib/socket';
import { sessionQuery } from '../../auth/api/session';
import { scrimKeys, scrimMatchKeys } from '../api/scrims';
import { removeScrim, upsertScrim } from '../api/scrims-cache';

export const SCRIM_EVENTS = {
  updated: 'getScrimTransaction',
  deleted: 'scrimDeleted',
  /** A tournament code was made; the scrim with it comes as getScrimTransaction to those who may see it. */
  codeReady: 'tournamentInitialized',
  /** The scrim's Riot game was stored, attached or given up on: its scoreboard is asked again. */
  match: 'scrimMatch',
} as const;

export type ScrimRoom = { region: Region } | { scrimId: string };

/** The socket listeners of the scrims feature: each event updates the TanStack Query cache. */
export function scrimListeners(queryClient: QueryClient) {
  return {
    [SCRIM_EVENTS.updated]: (scrim: Scrim) => upsertScrim(queryClient, scrim),
    [SCRIM_EVENTS.deleted]: ({ _id }: { _id: string }) => removeScrim(queryClient, _id),
    // Tournament events update the scrim's tournament info. A page still without the code asks again
    // (the answer carries it only to the scrim's players, casters and admins).
    [SCRIM_EVENTS.codeReady]: ({ scrimId }: { scrimId: string }) => {
      const cached = queryClient.getQueryData<Scrim>(scrimKeys.detail(scrimId));
      if (cached && !cached.riotTournament?.tournamentCode)
        void queryClient.invalidateQueries({ queryKey: scrimKeys.detail(scrimId) });
    },
    [SCRIM_EVENTS.match]: ({ scrimId }: Parameters<ServerToClientEvents['scrimMatch']>[0]) =>
      void queryClient.invalidateQueries({ queryKey: scrimMatchKeys.detail(scrimId) }),
  } satisfies Partial<ServerToClientEvents>;
}

let endsWithSession = false;

/** The connection belongs to a signed-in user: it ends when the session does (log out, expiry). */
function endSocketWithSession(queryClient: QueryClient) {
  if (endsWithSession) return;
  endsWithSession = true;
  queryClient.getQueryCache().subscribe(({ type, query }) => {
    if ((type === 'added' || type === 'updated') && query.queryHash === JSON.stringify(sessionQuery.queryKey)) {
      const state = query.state.data as AuthState | undefined;
      if (state && !state.user) closeSocket();
    }
  });
}

/**
 * Watches a region (the hub) or one scrim (its page) live; returns the function that stops watching. The room
 * is joined on every connect (rooms do not survive a reconnect), and what may have been missed before it is
 * refetched.
 */
export async function watchScrims({
  queryClient,
  userId,
  room,
}: {
  queryClient: QueryClient;
  userId: string;
  room: ScrimRoom;
}) {
  endSocketWithSession(queryClient);
  const socket = await getSocket(userId);
  const listeners = scrimListeners(queryClient);
  const join = () =>
    'region' in room ? socket.emit('join_region_room', room.region) : socket.emit('join_scrim_room', room.scrimId);
  // A connect seen here came after the page read its scrims (a first connect slower than those reads, or a
  // reconnect): what changed meanwhile was never pushed, so the page's scrims are read again.
  const onConnect = () => {
    join();
    void queryClient.invalidateQueries({ queryKey: scrimKeys.all });
    void queryClient.invalidateQueries({ queryKey: scrimMatchKeys.all });
  };
  if (socket.connected) join();
  socket.on('connect', onConnect);
  socket.on(SCRIM_EVENTS.updated, listeners[SCRIM_EVENTS.updated]);
  socket.on(SCRIM_EVENTS.deleted, listeners[SCRIM_EVENTS.deleted]);
  socket.on(SCRIM_EVENTS.codeReady, listeners[SCRIM_EVENTS.codeReady]);
  socket.on(SCRIM_EVENTS.match, listeners[SCRIM_EVENTS.match]);
  return () => {
    socket.off('connect', onConnect);
    socket.off(SCRIM_EVENTS.updated, listeners[SCRIM_EVENTS.updated]);
    socket.off(SCRIM_EVENTS.deleted, listeners[SCRIM_EVENTS.deleted]);
    socket.off(SCRIM_EVENTS.codeReady, listeners[SCRIM_EVENTS.codeReady]);
    socket.off(SCRIM_EVENTS.match, listeners[SCRIM_EVENTS.match]);
    if ('scrimId' in room) socket.emit('leave_scrim_room', room.scrimId);
  };
}
