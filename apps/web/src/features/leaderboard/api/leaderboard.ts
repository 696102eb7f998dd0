import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LeaderboardResponse, Region } from '@scrim-gym/shared';
import { api } from '../../../lib/api';

/**
 * A rating season as `GET /api/seasons` lists it (the ratings module's route; this module is its one owner on
 * the web). The same shape as the shared `Season` schema.
 */
export interface SeasonSummary {
  id: number;
  name: string;
  startedAt: string;
  endedAt: string | null;
  current: boolean;
}

export interface LeaderboardFilters {
  /** All regions when absent. */
  region?: Region;
  /** The current season when absent. */
  season?: number;
}

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  board: (filters: LeaderboardFilters) => ['leaderboard', 'board', filters] as const,
  seasons: ['leaderboard', 'seasons'] as const,
};

/** One page of a board (`cursor` null: the first), with the viewer's own row. */
export function getLeaderboardPage({ region, season }: LeaderboardFilters, cursor: string | null) {
  const query = new URLSearchParams();
  if (region) query.set('region', region);
  if (season) query.set('season', String(season));
  if (cursor) query.set('cursor', cursor);
  return api.get<LeaderboardResponse>(`/leaderboard${query.size ? `?${query}` : ''}`);
}

/** A season's board, page by page ("Load more"); the server ranks and pages. */
export const leaderboardQuery = (filters: LeaderboardFilters) =>
  infiniteQueryOptions({
    queryKey: leaderboardKeys.board(filters),
    queryFn: ({ pageParam }) => getLeaderboardPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: LeaderboardResponse) => last.nextCursor,
  });

export function useLeaderboard(filters: LeaderboardFilters) {
  return useInfiniteQuery(leaderboardQuery(filters));
}

export const getSeasons = () => api.get<SeasonSummary[]>('/seasons');

/** The rating seasons, newest first. Signed-in users only: a visitor's board stays on the current season. */
export const seasonsQuery = () =>
  queryOptions({ queryKey: leaderboardKeys.seasons, queryFn: getSeasons, staleTime: 5 * 60_000, retry: false });

export function useSeasons(enabled: boolean) {
  return useQuery({ ...seasonsQuery(), enabled });
}
