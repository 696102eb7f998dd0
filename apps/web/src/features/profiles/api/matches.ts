import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Role, UserChampionStats, UserMatchesResponse, UserRoleStats } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { profileKeys } from './profile';

/** The history's filters: a role, a champion key, or neither. */
export interface MatchFilters {
  role: Role | null;
  champion: string | null;
}

/** Games a page of the history holds. */
export const MATCHES_PAGE_SIZE = 20;

export const matchKeys = {
  all: (userId: string) => [...profileKeys.all, 'matches', userId] as const,
  list: (userId: string, filters: MatchFilters) => [...matchKeys.all(userId), 'list', filters] as const,
  champions: (userId: string) => [...matchKeys.all(userId), 'champions'] as const,
  roles: (userId: string) => [...matchKeys.all(userId), 'roles'] as const,
};

/** GET /api/users/:id/matches?cursor&role&champion&limit: one page of the user's games with Riot stats. */
export function getUserMatches(userId: string, { role, champion }: MatchFilters, cursor: string | null) {
  const query = new URLSearchParams({ limit: String(MATCHES_PAGE_SIZE) });
  if (role) query.set('role', role);
  if (champion) query.set('champion', champion);
  if (cursor) query.set('cursor', cursor);
  return api.get<UserMatchesResponse>(`/users/${encodeURIComponent(userId)}/matches?${query}`);
}

/** The history, page by page through `nextCursor`, newest first; each filter is a list of its own. */
export const userMatchesQuery = (userId: string, filters: MatchFilters) =>
  infiniteQueryOptions({
    queryKey: matchKeys.list(userId, filters),
    queryFn: ({ pageParam }) => getUserMatches(userId, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: UserMatchesResponse) => last.nextCursor,
  });

export const useUserMatches = (userId: string, filters: MatchFilters) =>
  useInfiniteQuery(userMatchesQuery(userId, filters));

/** GET /api/users/:id/champions: the champion pool's totals, most played first. */
export const userChampionsQuery = (userId: string) =>
  queryOptions({
    queryKey: matchKeys.champions(userId),
    queryFn: () => api.get<UserChampionStats>(`/users/${encodeURIComponent(userId)}/champions`),
  });

export const useUserChampions = (userId: string) => useQuery(userChampionsQuery(userId));

/** GET /api/users/:id/match-roles: totals per role, in the order of ROLES. */
export const userRolesQuery = (userId: string) =>
  queryOptions({
    queryKey: matchKeys.roles(userId),
    queryFn: () => api.get<UserRoleStats>(`/users/${encodeURIComponent(userId)}/match-roles`),
  });

export const useUserRoles = (userId: string) => useQuery(userRolesQuery(userId));
