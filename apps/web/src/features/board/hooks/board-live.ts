import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Region } from '@scrim-gym/shared';
import { getSocket, type AppSocket } from '../../../lib/socket';
import { useCurrentUser } from '../../auth/api/session';
import { boardKeys } from '../api/board';

/**
 * Joins a room while `join` says so, on every connect (rooms do not survive a reconnect), and calls `refresh` on
 * `event` and on each connect seen here: a connect after the page's first read (a slow first connect, a reconnect)
 * means changes were missed. Returns the function that stops (and leaves the room).
 */
function watchRoom(
  userId: string,
  {
    event,
    join,
    leave,
    refresh,
  }: {
    event: 'board:changed' | 'series:changed';
    join: (socket: AppSocket) => void;
    leave: (socket: AppSocket) => void;
    refresh: () => void;
  },
) {
  let stop: (() => void) | undefined;
  let stopped = false;
  void getSocket(userId).then((socket) => {
    if (stopped) return;
    const onConnect = () => {
      join(socket);
      refresh();
    };
    if (socket.connected) join(socket);
    socket.on('connect', onConnect);
    socket.on(event, refresh);
    stop = () => {
      socket.off('connect', onConnect);
      socket.off(event, refresh);
      leave(socket);
    };
  });
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * The scrim board of `regions` live (every region when it does not filter by one): on `board:changed` the board's
 * queries (its pages, request counts, requests shown) are read again; the events carry the region only.
 */
export function useBoardLive(regions: readonly Region[]) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().user?._id;
  const key = regions.join(',');
  useEffect(() => {
    if (!userId) return;
    const shown = key ? (key.split(',') as Region[]) : [];
    return watchRoom(userId, {
      event: 'board:changed',
      join: (socket) => socket.emit('board:watch', { regions: shown }),
      leave: (socket) => socket.emit('board:watch', { regions: [] }),
      refresh: () => void queryClient.invalidateQueries({ queryKey: boardKeys.all }),
    });
  }, [queryClient, userId, key]);
}

/** A series' page live: on `series:changed` (a lineup, a side, a game or its scrim, its end) it is read again. */
export function useSeriesLive(seriesId: string) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().user?._id;
  useEffect(() => {
    if (!userId) return;
    return watchRoom(userId, {
      event: 'series:changed',
      join: (socket) => socket.emit('series:watch', { seriesId }),
      leave: (socket) => socket.emit('series:unwatch', { seriesId }),
      refresh: () => void queryClient.invalidateQueries({ queryKey: boardKeys.series(seriesId) }),
    });
  }, [queryClient, userId, seriesId]);
}
