import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Region } from '@scrim-gym/shared';
import { useCurrentUser } from '../../auth/api/session';
import type { ScrimRoom } from './scrim-live';

/** Watches a region (the hub) or one scrim (its page) live while mounted; the socket code loads on demand. */
export function useScrimSocket(room: ScrimRoom) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().user?._id;
  const kind = 'region' in room ? 'region' : 'scrimId';
  const target = 'region' in room ? room.region : room.scrimId;

  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../lazy')
      .then(({ watchScrims }) =>
        watchScrims({
          queryClient,
          userId,
          room: kind === 'region' ? { region: target as Region } : { scrimId: target },
        }),
      )
      .then((unwatch) => (cancelled ? unwatch() : (stop = unwatch)));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, userId, kind, target]);
}
