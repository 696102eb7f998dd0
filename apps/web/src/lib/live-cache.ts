import type { QueryClient, QueryFilters } from '@tanstack/react-query';

/**
 * Applies a live change (a socket event, an action's answer) to cached reads. A read of those queries still in
 * flight may have been answered before the change, and its answer would overwrite it when it lands (a refetch on
 * connect, say, racing the event it was meant to catch up with): each such read is started again after the change,
 * so it answers with the change in.
 */
export function applyLiveChange(queryClient: QueryClient, filters: QueryFilters, apply: () => void) {
  const inFlight = queryClient.getQueryCache().findAll({ ...filters, fetchStatus: 'fetching' });
  apply();
  for (const query of inFlight) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
}
