import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Activity,
  BanHistoryEntry,
  DashboardStats,
  LiftExpiredBansResponse,
  SystemStatus,
} from '@scrim-gym/shared';
import { api } from '../../../lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'dashboard-stats'] as const,
  activities: ['admin', 'recent-activities'] as const,
  status: ['admin', 'server-status'] as const,
  bans: ['admin', 'all-bans-history'] as const,
};

/** Admin figures are always read fresh: a page open is a request. */
const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;

export function useDashboardStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: () => api.get<DashboardStats>('/admin/dashboard-stats'),
    ...fresh,
  });
}

/** Falls back to an empty list on failure (spec 7). */
export function useRecentActivities() {
  return useQuery({
    queryKey: adminKeys.activities,
    queryFn: () => api.get<Activity[]>('/admin/recent-activities').catch((): Activity[] => []),
    ...fresh,
  });
}

/** Falls back to none on failure (spec 7): the panel then says 'Unable to fetch server status'. */
export function useServerStatus() {
  return useQuery({
    queryKey: adminKeys.status,
    queryFn: () => api.get<SystemStatus>('/admin/server-status').catch(() => null),
    ...fresh,
  });
}

export function useBanHistory() {
  return useQuery({
    queryKey: adminKeys.bans,
    queryFn: () => api.get<BanHistoryEntry[]>('/admin/all-bans-history'),
    ...fresh,
  });
}

/** Every admin figure is read again after a change. */
const refreshAdmin = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: adminKeys.all });

export function useLiftExpiredBans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LiftExpiredBansResponse>('/admin/lift-expired-bans'),
    onSuccess: () => refreshAdmin(queryClient),
  });
}

export function useUnban() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bannedUserId: string) =>
      api.post<{ success: true; message: string }>('/admin/unbanUser', { bannedUserId }),
    onSuccess: () => refreshAdmin(queryClient),
  });
}
