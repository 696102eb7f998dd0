import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../../features/auth/api/session';

/**
 * A page's data, requested the moment its route matches (app/router.tsx), in parallel with the page's code and
 * with each other, instead of in a chain of renders (session, then the page's chunk, then its first query, then
 * the ones that need its answer). The pages' own hooks use the same query options, so they find these answers
 * (or the requests in flight) in the cache. Each route's prefetch is a small chunk of its own, loaded with the
 * page's code: nothing of it weighs on the landing page's first visit.
 */
export interface RouteData {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
}
export type RoutePrefetch = (queryClient: QueryClient, route: RouteData) => unknown;

export const signedInUser = (queryClient: QueryClient) =>
  queryClient
    .ensureQueryData(sessionQuery)
    .then((session) => session.user)
    .catch(() => null);
