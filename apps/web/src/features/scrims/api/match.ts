import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScrimMatchResponse } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { scrimMatchKeys } from './scrims';

export const getScrimMatch = (scrimId: string) =>
  api.get<ScrimMatchResponse>(`/scrims/${encodeURIComponent(scrimId)}/match`);

export const scrimMatchQuery = (scrimId: string) =>
  queryOptions({ queryKey: scrimMatchKeys.detail(scrimId), queryFn: () => getScrimMatch(scrimId), retry: 1 });

/**
 * The scrim's Riot game: GET /api/scrims/:id/match while `enabled` (the game has started: a future scrim has nothing to ask). The
 * socket's 'scrimMatch' for the scrim invalidates it (hooks/scrim-live.ts), so the scoreboard arrives live.
 */
export function useScrimMatch(scrimId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...scrimMatchQuery(scrimId), enabled });
}

/**
 * POST /api/admin/scrims/:id/attach-match (admins): a match by Riot id for a scrim played with the manual lobby.
 * The answer is the scrim's match, put straight into the page's query (the socket's 'scrimMatch' follows).
 */
export function useAttachMatch(scrimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (matchId: string) =>
      api.post<ScrimMatchResponse>(`/admin/scrims/${encodeURIComponent(scrimId)}/attach-match`, { matchId }),
    onSuccess: (answer) => queryClient.setQueryData(scrimMatchKeys.detail(scrimId), answer),
  });
}
