import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AuthState } from '@scrim-gym/shared';
import { closeSocket } from '../../../lib/socket';
import { sessionQuery } from '../../auth/api/session';
import { watchSocial, type SocialEffects } from './social-live';

/**
 * Keeps the social caches live for the signed-in user while mounted (the navigation bar). The effects are read
 * through a ref, so a new callback does not reconnect the listeners. When it unmounts because the user signed
 * out, the socket (authenticated as that user) is closed.
 */
export function useSocialSocket(userId: string, effects: SocialEffects) {
  const queryClient = useQueryClient();
  const latest = useRef(effects);
  useEffect(() => {
    latest.current = effects;
  });

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const stable: SocialEffects = {
      onNotification: (n) => latest.current.onNotification(n),
      onIncomingMessage: (m) => latest.current.onIncomingMessage(m),
      onScrimStart: (s) => latest.current.onScrimStart(s),
    };
    void watchSocial({ queryClient, userId, effects: stable }).then((unwatch) =>
      cancelled ? unwatch() : (stop = unwatch),
    );
    return () => {
      cancelled = true;
      stop?.();
      if (!queryClient.getQueryData<AuthState>(sessionQuery.queryKey)?.user) closeSocket();
    };
  }, [queryClient, userId]);
}
