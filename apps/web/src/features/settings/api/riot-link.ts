import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthState, RiotLinkResponse } from '@scrim-gym/shared';
import { apiRequest } from '../../../lib/api';
import { sessionQuery } from '../../auth/api/session';

/**
 * POST /api/riot/link/start: Settings posts a plain form here (a top-level navigation); the server answers 303 to
 * Riot Sign On, which comes back to /settings?riotLink=<outcome>.
 */
export const RIOT_LINK_START_URL = '/api/riot/link/start';

/** The session's user becomes the one the server answered (verified or not, Riot's name and rank). */
function useLinkMutation(method: 'POST' | 'DELETE', path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RiotLinkResponse>(method, path),
    onSuccess: ({ user }) =>
      queryClient.setQueryData<AuthState>(sessionQuery.queryKey, { token: null, user, identity: null }),
  });
}

/** POST /api/riot/link/refresh: the linked account's Riot ID and rank, read from Riot now (429 within 5 min). */
export const useRefreshRiotRank = () => useLinkMutation('POST', '/riot/link/refresh');

/** DELETE /api/riot/link: unlinks; the rank stays, self-reported. */
export const useUnlinkRiot = () => useLinkMutation('DELETE', '/riot/link');
