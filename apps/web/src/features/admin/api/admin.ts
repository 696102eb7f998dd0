import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * Admin figures are read fresh: a page open is a request. Those the route prefetch (app/router.tsx) started
 * with the page's code a moment ago count as that request: only older figures are read again on mount.
 */
const fresh = { staleTime: 5_000 } as const;

export const dashboardStatsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: () => api.get<DashboardStats>('/admin/dashboard-stats'),
  ...fresh,
});

/** Falls back to an empty list on failure. */
export const recentActivitiesQuery = queryOptions({
  queryKey: adminKeys.activities,
  queryFn: () => api.get<Activity[]>('/admin/recent-activities').catch((): Activity[] => []),
  ...fresh,
});

/** Falls back to none on failure: the panel then says 'Unable to fetch server status'. */
export const serverStatusQuery = queryOptions({
  queryKey: adminKeys.status,
  queryFn: () => api.get<SystemStatus>('/admin/server-status').catch(() => null),
  ...fresh,
});

export const useDashboardStats = () => useQuery(dashboardStatsQuery);
export const useRecentActivities = () => useQuery(recentActivitiesQuery);
export const useServerStatus = () => useQuery(serverStatusQuery);

export function useBanHistory() {
  return useQuery({
    queryKey: adminKeys.bans,
    queryFn: () => api.get<BanHistoryEntry[]>('/admin/all-bans-history'),
    ...fresh,
  });
}

/** Every admin figure is read again after a change. */
export const refreshAdmin = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: adminKeys.all });

export function useLiftExpiredBans() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LiftExpiredBansResponse>('/admin/lift-expired-bans'),
    onSuccess: () => refreshAdmin(queryClient),
  });
}
