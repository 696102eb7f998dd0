import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateScrimPostBody,
  CreateScrimRequestBody,
  ScrimPost,
  ScrimRequest,
  Series,
  SeriesFormat,
  Region,
} from '@scrim-gym/shared';
import { api } from '../../../lib/api';

/** The board's filters as GET /api/scrim-posts takes them; an absent field does not filter. */
export interface BoardFilters {
  region?: Region | undefined;
  from?: string | undefined;
  to?: string | undefined;
  format?: SeriesFormat | undefined;
  rankMin?: string | undefined;
  rankMax?: string | undefined;
  /** "Fits my team": one of the viewer's teams, whose rating band the server filters by. */
  fitsTeamId?: string | undefined;
}

export const boardKeys = {
  all: ['board'] as const,
  posts: (filters: BoardFilters) => ['board', 'posts', filters] as const,
  requests: (postId: string) => ['board', 'requests', postId] as const,
  series: (id: string) => ['series', id] as const,
};

/** GET /api/scrim-posts: open posts, the viewer's own teams' first, 20 a page by cursor. */
export const scrimBoardQuery = (filters: BoardFilters) =>
  infiniteQueryOptions({
    queryKey: boardKeys.posts(filters),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
      if (pageParam) query.set('cursor', pageParam);
      return api.get<{ rows: ScrimPost[]; nextCursor: string | null }>(`/scrim-posts${query.size ? `?${query}` : ''}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** GET /api/scrim-posts/:id/requests: every request for the poster's captains, the viewer's teams' own otherwise. */
export const scrimRequestsQuery = (postId: string) =>
  queryOptions({
    queryKey: boardKeys.requests(postId),
    queryFn: () => api.get<{ requests: ScrimRequest[] }>(`/scrim-posts/${postId}/requests`).then((res) => res.requests),
  });
export const useScrimRequests = (postId: string, enabled: boolean) =>
  useQuery({ ...scrimRequestsQuery(postId), enabled });

/** GET /api/series/:id. */
export const seriesQuery = (id: string) =>
  queryOptions({
    queryKey: boardKeys.series(id),
    queryFn: () => api.get<{ series: Series }>(`/series/${id}`).then((res) => res.series),
    retry: false,
  });
/** The series' page: read again when the series changes (`series:changed`, hooks/board-live.ts) and on reconnect. */
export const useSeries = (id: string) => useQuery(seriesQuery(id));

/** After any board action: the lists, their request counts and the requests shown. */
function useRefreshBoard() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: boardKeys.all });
}

export function useCreatePost() {
  const refresh = useRefreshBoard();
  return useMutation({
    mutationFn: (body: CreateScrimPostBody) =>
      api.post<{ post: ScrimPost }>('/scrim-posts', body).then((res) => res.post),
    onSuccess: refresh,
  });
}

export function useDeletePost() {
  const refresh = useRefreshBoard();
  return useMutation({
    mutationFn: (postId: string) => api.delete<unknown>(`/scrim-posts/${postId}`),
    onSuccess: refresh,
  });
}

export function useCreateRequest(postId: string) {
  const refresh = useRefreshBoard();
  return useMutation({
    mutationFn: (body: CreateScrimRequestBody) =>
      api.post<{ request: ScrimRequest }>(`/scrim-posts/${postId}/requests`, body).then((res) => res.request),
    onSuccess: refresh,
  });
}

export function useWithdrawRequest() {
  const refresh = useRefreshBoard();
  return useMutation({
    mutationFn: (requestId: string) => api.delete<unknown>(`/scrim-requests/${requestId}`),
    onSuccess: refresh,
  });
}

export function useAcceptRequest() {
  const refresh = useRefreshBoard();
  return useMutation({
    mutationFn: (requestId: string) =>
      api.post<{ series: Series }>(`/scrim-requests/${requestId}/accept`).then((res) => res.series),
    onSuccess: refresh,
  });
}

export function useDeclineRequest() {
  const refresh = useRefreshBoard();
  return useMutation({
    mutationFn: (requestId: string) =>
      api.post<{ request: ScrimRequest }>(`/scrim-requests/${requestId}/decline`).then((res) => res.request),
    onSuccess: refresh,
  });
}
