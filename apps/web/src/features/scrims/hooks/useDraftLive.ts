import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SOCKET_EVENTS, type DraftChangePayload } from '@scrim-gym/shared';
import { getSocket } from '../../../lib/socket';
import { draftKeys, keepNewestDraft } from '../api/draft';

/**
 * Keeps the scrim's draft live for a signed-in viewer: `draftChange` for this scrim replaces the cached state when it
 * is newer, and a reconnect reads the draft again (what changed while the socket was away was never pushed). A
 * viewer `involved` in the draft (a player of it, whoever runs it, anyone the server granted a power) also reads it
 * again after each change: what they may do now is the server's answer to them, which a live update does not carry.
 * The page joins the scrim's room itself (useScrimSocket); this only listens.
 */
export function useDraftLive(scrimId: string, userId: string | null, involved: boolean) {
  const queryClient = useQueryClient();
  const involvedNow = useRef(involved);
  involvedNow.current = involved;
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const onChange = ({ scrimId: changed, draft }: DraftChangePayload) => {
      if (changed !== scrimId) return;
      keepNewestDraft(queryClient, draft);
      if (involvedNow.current) void queryClient.invalidateQueries({ queryKey: draftKeys.detail(scrimId) });
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
