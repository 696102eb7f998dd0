import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DateSort, ParticipatedScrimsResponse, ProfileScrimPage } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { profileKeys } from './profile';

export type ScrimListKind = 'participated' | 'created';

const PATHS: Record<ScrimListKind, string> = { participated: 'scrims', created: 'created-scrims' };

/**
 * A profile's scrim list, page by page; the server filters, sorts and pages. `participated`: the scrims the user
 * played or casted in, each page with the stats. `created`: rendered only on the own profile or for admins (the
 * server refuses anyone else).
 */
export const scrimListQuery = <Page extends ProfileScrimPage = ProfileScrimPage>({
  kind,
  userId,
  filter,
  sort,
}: {
  kind: ScrimListKind;
  userId: string;
  filter: string;
  sort: DateSort;
}) =>
  infiniteQueryOptions({
    queryKey: [...profileKeys[kind](userId), { filter, sort }],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ filter, sort });
      if (pageParam) query.set('cursor', pageParam);
      return api.get<Page>(`/users/${userId}/${PATHS[kind]}?${query}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page) => last.nextCursor,
  });

export function useScrimList<Page extends ProfileScrimPage = ProfileScrimPage>(
  list: Parameters<typeof scrimListQuery>[0],
) {
  return useInfiniteQuery(scrimListQuery<Page>(list));
}

/** The first page of the default list, which carries the stats of the user's whole history. */
export const userStatsQuery = (userId: string) =>
  scrimListQuery<ParticipatedScrimsResponse>({ kind: 'participated', userId, filter: 'none', sort: 'desc' });

/** The stats of the user's whole history: the first page of the default list (shared with it) carries them. */
export function useUserStats(userId: string) {
  const query = useInfiniteQuery(userStatsQuery(userId));
  return { ...query, stats: query.data?.pages[0]?.stats ?? null };
}
