import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTeamBody,
  DraftStats,
  OpenTeamInvite,
  Region,
  TeamInvite,
  TeamRatingHistory,
  TeamRole,
  TeamSeriesLists,
  TeamSummary,
  TeamView,
  UpdateTeamBody,
} from '@scrim-gym/shared';
import { api } from '../../../lib/api';

export const teamKeys = {
  all: ['teams'] as const,
  team: (id: string) => ['teams', 'team', id] as const,
  ofUser: (userId: string) => ['teams', 'user', userId] as const,
  invites: (id: string) => ['teams', 'invites', id] as const,
  ratingHistory: (id: string) => ['teams', 'rating-history', id] as const,
  draftStats: (id: string) => ['teams', 'draft-stats', id] as const,
  series: (id: string) => ['teams', 'series', id] as const,
  search: (region: Region | undefined, q: string) => ['teams', 'search', region ?? '', q] as const,
};

/** GET /api/teams/:id: the team, its roster and what the viewer may do with it. */
export const teamQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.team(id),
    queryFn: () => api.get<{ team: TeamView }>(`/teams/${id}`).then((res) => res.team),
    retry: false,
  });
export const useTeam = (id: string) => useQuery(teamQuery(id));

/** GET /api/teams/:id/draft-stats: the team's drafted series games, from each side and per champion. */
export const teamDraftStatsQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.draftStats(id),
    queryFn: () => api.get<DraftStats>(`/teams/${id}/draft-stats`),
  });
export const useTeamDraftStats = (id: string) => useQuery(teamDraftStatsQuery(id));

/** GET /api/teams/:id/rating-history: the team's rating after each rated series game of the current season. */
export const teamRatingHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.ratingHistory(id),
    queryFn: () => api.get<TeamRatingHistory>(`/teams/${id}/rating-history`).then((res) => res.history),
  });
export const useTeamRatingHistory = (id: string) => useQuery(teamRatingHistoryQuery(id));

/** GET /api/teams/:id/series: the team's upcoming series (scheduled or live) and its recent ones, from its side. */
export const teamSeriesQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.series(id),
    queryFn: () => api.get<TeamSeriesLists>(`/teams/${id}/series`),
  });
export const useTeamSeries = (id: string) => useQuery(teamSeriesQuery(id));

/** GET /api/users/:id/teams: the teams a player is on (at most three). */
export const userTeamsQuery = (userId: string) =>
  queryOptions({
    queryKey: teamKeys.ofUser(userId),
    queryFn: () => api.get<{ teams: TeamSummary[] }>(`/users/${userId}/teams`).then((res) => res.teams),
  });
export const useUserTeams = (userId: string | undefined) =>
  useQuery({ ...userTeamsQuery(userId ?? ''), enabled: Boolean(userId) });

/** GET /api/teams?region&q&cursor: teams by name or tag, a page at a time. */
export const teamSearchQuery = (region: Region | undefined, q: string) =>
  infiniteQueryOptions({
    queryKey: teamKeys.search(region, q),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      if (region) query.set('region', region);
      if (q) query.set('q', q);
      if (pageParam) query.set('cursor', pageParam);
      return api.get<{ rows: TeamSummary[]; nextCursor: string | null }>(`/teams${query.size ? `?${query}` : ''}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** After any change to a team: its page, every list that shows it. */
function useRefreshTeams() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

const withTeam = (res: { team: TeamView }) => res.team;

export function useCreateTeam() {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (body: CreateTeamBody) => api.post<{ team: TeamView }>('/teams', body).then(withTeam),
    onSuccess: refresh,
  });
}

export function useUpdateTeam(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (body: UpdateTeamBody) => api.patch<{ team: TeamView }>(`/teams/${id}`, body).then(withTeam),
    onSuccess: refresh,
  });
}

export function useDeleteTeam(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({ mutationFn: () => api.delete<unknown>(`/teams/${id}`), onSuccess: refresh });
}

/** GET /api/teams/:id/invites: a captain's open links (made when, by whom, until when; never their token). */
export const useOpenInvites = (id: string) =>
  useQuery({
    queryKey: teamKeys.invites(id),
    queryFn: () => api.get<{ invites: OpenTeamInvite[] }>(`/teams/${id}/invites`).then((res) => res.invites),
  });

function useRefreshInvites(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.invites(id) });
}

export function useCreateInvite(id: string) {
  const refresh = useRefreshInvites(id);
  return useMutation({ mutationFn: () => api.post<TeamInvite>(`/teams/${id}/invites`), onSuccess: refresh });
}

export function useRevokeInvite(id: string) {
  const refresh = useRefreshInvites(id);
  return useMutation({
    mutationFn: (inviteId: string) => api.delete<unknown>(`/teams/${id}/invites/${inviteId}`),
    onSuccess: refresh,
  });
}

export function useJoinTeam() {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (token: string) => api.post<{ team: TeamView }>(`/teams/join/${token}`).then(withTeam),
    onSuccess: refresh,
  });
}

export function useUpdateMember(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: string; role: TeamRole; isCaptain: boolean; isOwner?: true }) =>
      api.put<{ team: TeamView }>(`/teams/${id}/members/${userId}`, body).then(withTeam),
    onSuccess: refresh,
  });
}

export function useRemoveMember(id: string) {
  const refresh = useRefreshTeams();
  return useMutation({
    mutationFn: (userId: string) => api.delete<unknown>(`/teams/${id}/members/${userId}`),
    onSuccess: refresh,
  });
}
