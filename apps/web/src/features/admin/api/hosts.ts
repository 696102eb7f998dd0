import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommunityHost, Region } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { adminKeys, refreshAdmin } from './admin';

/** GET /api/admin/hosts: the community hosts and their regions (under the admin keys: refreshed with them). */
export const communityHostsQuery = queryOptions({
  queryKey: [...adminKeys.all, 'hosts'] as const,
  queryFn: () => api.get<CommunityHost[]>('/admin/hosts'),
  staleTime: 5_000,
});

export const useCommunityHosts = () => useQuery(communityHostsQuery);

/** POST /api/admin/hosts: the user hosts `region` from now on. */
export function useGrantHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; region: Region }) => api.post<CommunityHost>('/admin/hosts', body),
    onSuccess: () => refreshAdmin(queryClient),
  });
}

/** DELETE /api/admin/hosts/:userId: every region of the user, or only `region`. */
export function useRevokeHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, region }: { userId: string; region?: Region }) =>
      api.delete<CommunityHost>(`/admin/hosts/${userId}${region ? `?region=${region}` : ''}`),
    onSuccess: () => refreshAdmin(queryClient),
  });
}
