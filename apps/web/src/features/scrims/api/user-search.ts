import { useQuery } from '@tanstack/react-query';
import { ADMIN_SEARCH_LIMIT, ADMIN_SEARCH_MIN_CHARS, type Region, type ScrimUser } from '@scrim-gym/shared';
import { api } from '../../../lib/api';

export type FoundUser = Pick<ScrimUser, '_id' | 'name' | 'summonerTagline' | 'region' | 'rank'>;

/**
 * Admin assign's user search: at least 2 characters, the scrim's region, at most 10 results. The
 * server matches name or tagline ('Name#Tag' splits on '#') and ranks the results.
 */
export function useUserSearch({ q, region }: { q: string; region: Region }) {
  const query = q.trim();
  return useQuery({
    queryKey: ['users', 'search', { q: query, region }],
    queryFn: () =>
      api.get<{ users: FoundUser[] }>(
        `/users/search?${new URLSearchParams({ q: query, region, limit: String(ADMIN_SEARCH_LIMIT) })}`,
      ),
    enabled: query.length >= ADMIN_SEARCH_MIN_CHARS,
    select: (data) => data.users,
    staleTime: 30_000,
  });
}
