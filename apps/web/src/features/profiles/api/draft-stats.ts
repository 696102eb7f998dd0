import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DraftStats } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { profileKeys } from './profile';

/** GET /api/users/:id/draft-stats: the player's drafted games, from each side and per champion. */
export const userDraftStatsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...profileKeys.all, 'draft-stats', userId] as const,
    queryFn: () => api.get<DraftStats>(`/users/${encodeURIComponent(userId)}/draft-stats`),
  });

export const useUserDraftStats = (userId: string) => useQuery(userDraftStatsQuery(userId));
