import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Region } from '@scrim-gym/shared';
import { useCurrentUser } from '../../auth/api/session';
import type { ScrimRoom, watchScrims } from './scrim-live';

/** Where the socket code comes from: the scrims lazy chunk (the hub) or the module itself (the scrim page's import). */
export type LoadScrimLive = () => Promise<{ watchScrims: typeof watchScrims }>;

/**
 * Watches a region (the hub) or one scrim (its page) live while mounted; the socket code loads on demand through
 * `load` (the hub passes its dynamic import of lazy.ts; the detail page, which imports scrim-live with its own code,
 * that static import), so this hook imports no chunk that imports it back.
 */
export function useScrimSocket(room: ScrimRoom, load: LoadScrimLive) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().user?._id;
  const kind = 'region' in room ? 'region' : 'scrimId';
  const target = 'region' in room ? room.region : room.scrimId;

  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void load()
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
  }, [queryClient, userId, kind, target, load]);
}
