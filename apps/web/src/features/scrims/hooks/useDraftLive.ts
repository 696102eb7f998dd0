import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SOCKET_EVENTS, type DraftChangePayload } from '@scrim-gym/shared';
import { getSocket } from '../../../lib/socket';
import { draftKeys, keepNewestDraft } from '../api/draft';

/**
 * Keeps the scrim's draft live for a signed-in viewer: `draftChange` for this scrim replaces the cached state when it
 * is newer, and a reconnect reads the draft again (what changed while the socket was away was never pushed). The
 * page joins the scrim's room itself (useScrimSocket); this only listens.
 */
export function useDraftLive(scrimId: string, userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const onChange = ({ scrimId: changed, draft }: DraftChangePayload) => {
      if (changed === scrimId) keepNewestDraft(queryClient, draft);
    };
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: draftKeys.detail(scrimId) });
    void getSocket(userId).then((socket) => {
      if (cancelled) return;
      socket.on(SOCKET_EVENTS.draftChange, onChange);
      socket.on('connect', onConnect);
      stop = () => {
        socket.off(SOCKET_EVENTS.draftChange, onChange);
        socket.off('connect', onConnect);
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, scrimId, userId]);
}
