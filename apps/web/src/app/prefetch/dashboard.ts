import { dashboardStatsQuery, recentActivitiesQuery, serverStatusQuery } from '../../features/admin/api/admin';
import type { RoutePrefetch } from './route-data';

/** /admin/dashboard: its three reads at once (a non-admin's are refused, and the page sends them home). */
export const prefetch: RoutePrefetch = (queryClient) =>
  Promise.all([
    queryClient.prefetchQuery(dashboardStatsQuery),
    queryClient.prefetchQuery(recentActivitiesQuery),
    queryClient.prefetchQuery(serverStatusQuery),
  ]);
