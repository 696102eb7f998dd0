import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PresenceMap } from './cache';
import { socialKeys } from './keys';

/**
 * Presence of friends and conversation partners, filled by the socket's `getUsers` (never fetched): the query
 * only gives components a subscription to what the listeners merged in (cache.ts `mergePresence`).
 */
export const presenceQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: socialKeys.presence,
    queryFn: () => queryClient.getQueryData<PresenceMap>(socialKeys.presence) ?? {},
    staleTime: Infinity,
  });

export function usePresence(): PresenceMap {
  const queryClient = useQueryClient();
  const { data } = useQuery(presenceQuery(queryClient));
  return data ?? {};
}
