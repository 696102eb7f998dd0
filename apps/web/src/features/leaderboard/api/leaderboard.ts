import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LeaderboardResponse, Region, TeamLeaderboardResponse } from '@scrim-gym/shared';
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
  teams: (filters: LeaderboardFilters) => ['leaderboard', 'teams', filters] as const,
  seasons: ['leaderboard', 'seasons'] as const,
};

/** The query string of a board's page: its filters and cursor. */
function pageQuery({ region, season }: LeaderboardFilters, cursor: string | null) {
  const query = new URLSearchParams();
  if (region) query.set('region', region);
  if (season) query.set('season', String(season));
  if (cursor) query.set('cursor', cursor);
  return query.size ? `?${query}` : '';
}

/** One page of a board (`cursor` null: the first), with the viewer's own row. */
export function getLeaderboardPage(filters: LeaderboardFilters, cursor: string | null) {
  return api.get<LeaderboardResponse>(`/leaderboard${pageQuery(filters, cursor)}`);
}

/** One page of the teams' board (`cursor` null: the first). */
export function getTeamLeaderboardPage(filters: LeaderboardFilters, cursor: string | null) {
  return api.get<TeamLeaderboardResponse>(`/leaderboard/teams${pageQuery(filters, cursor)}`);
}

/** A season's board, page by page ("Load more"); the server ranks and pages. */
export const leaderboardQuery = (filters: LeaderboardFilters) =>
  infiniteQueryOptions({
    queryKey: leaderboardKeys.board(filters),
    queryFn: ({ pageParam }) => getLeaderboardPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: LeaderboardResponse) => last.nextCursor,
  });

export function useLeaderboard(filters: LeaderboardFilters, enabled = true) {
  return useInfiniteQuery({ ...leaderboardQuery(filters), enabled });
}

/** A season's teams' board, page by page; read only while the Teams board is shown. */
export const teamLeaderboardQuery = (filters: LeaderboardFilters) =>
  infiniteQueryOptions({
    queryKey: leaderboardKeys.teams(filters),
    queryFn: ({ pageParam }) => getTeamLeaderboardPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TeamLeaderboardResponse) => last.nextCursor,
  });

export function useTeamLeaderboard(filters: LeaderboardFilters, enabled: boolean) {
  return useInfiniteQuery({ ...teamLeaderboardQuery(filters), enabled });
}

export const getSeasons = () => api.get<SeasonSummary[]>('/seasons');

/** The rating seasons, newest first. Signed-in users only: a visitor's board stays on the current season. */
export const seasonsQuery = () =>
  queryOptions({ queryKey: leaderboardKeys.seasons, queryFn: getSeasons, staleTime: 5 * 60_000, retry: false });

export function useSeasons(enabled: boolean) {
  return useQuery({ ...seasonsQuery(), enabled });
}
