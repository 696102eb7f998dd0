import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Region, UserSearchResult } from '@scrim-gym/shared';
import { api } from '../../../lib/api';

/** What `/users/search` takes: the text (trimmed, at most 40 characters), and for admin assign a region and limit. */
export interface UserSearchParams {
  q: string;
  region?: Region;
  limit?: number;
}

/**
 * The search's keys live here rather than in keys.ts: the scrims feature's admin assign loads this module, and
 * keys.ts would then become a chunk of its own in every page's dependency list (the landing page's included).
 */
export const userSearchKeys = {
  all: ['social', 'user-search'] as const,
  search: (params: UserSearchParams) => ['social', 'user-search', params] as const,
};

/**
 * The server matches name or tagline ('Name#Tag' splits on '#'), ranks by edit distance and answers at most
 * `limit` (8 by default).
 */
export function searchUsers({ q, region, limit }: UserSearchParams) {
  const query = new URLSearchParams({ q });
  if (region) query.set('region', region);
  if (limit) query.set('limit', String(limit));
  return api.get<{ users: UserSearchResult[] }>(`/users/search?${query}`);
}

/**
 * The one cache entry of `/users/search` per (text, region, limit): the navigation bar's search and the scrims
 * feature's admin assign both read it through this factory.
 */
export const userSearchQuery = (params: UserSearchParams) =>
  queryOptions({
    queryKey: userSearchKeys.search(params),
    queryFn: () => searchUsers(params),
    select: (data) => data.users,
    staleTime: 30_000,
  });

/** A user search; `enabled` says when the text is long enough, `keepPrevious` keeps the last list while typing. */
export function useUserSearch(
  params: UserSearchParams,
  { enabled, keepPrevious = false }: { enabled: boolean; keepPrevious?: boolean },
) {
  return useQuery({
    ...userSearchQuery(params),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/** The navigation bar's user search: any text, the server's default limit. */
export function useHeaderUserSearch(q: string) {
  // The server takes at most 40 characters.
  const query = q.trim().slice(0, 40);
  return useUserSearch({ q: query }, { enabled: query.length > 0, keepPrevious: true });
}
