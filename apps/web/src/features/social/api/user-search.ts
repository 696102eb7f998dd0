import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserSearchResult } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { socialKeys } from './keys';

/**
 * The navigation bar's user search: the server matches name or tagline ('Name#Tag' splits on '#'),
 * ranks by edit distance and answers at most 8 (its default limit).
 */
export function useHeaderUserSearch(q: string) {
  // The server takes at most 40 characters.
  const query = q.trim().slice(0, 40);
  return useQuery({
    queryKey: socialKeys.search(query),
    queryFn: () => api.get<{ users: UserSearchResult[] }>(`/users/search?${new URLSearchParams({ q: query })}`),
    enabled: query.length > 0,
    select: (data) => data.users,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
