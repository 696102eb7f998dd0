import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DateSort, ParticipatedScrimsResponse, ProfileScrimPage } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { profileKeys } from './profile';

export type ScrimListKind = 'participated' | 'created';

const PATHS: Record<ScrimListKind, string> = { participated: 'scrims', created: 'created-scrims' };

export interface ProfileScrimListParams {
  kind: ScrimListKind;
  userId: string;
  filter: string;
  sort: DateSort;
}

/** One page of a profile's scrim list (`cursor` null: the first). */
export function getScrimListPage<Page extends ProfileScrimPage = ProfileScrimPage>(
  { kind, userId, filter, sort }: ProfileScrimListParams,
  cursor: string | null,
) {
  const query = new URLSearchParams({ filter, sort });
  if (cursor) query.set('cursor', cursor);
  return api.get<Page>(`/users/${userId}/${PATHS[kind]}?${query}`);
}

/**
 * A profile's scrim list, page by page; the server filters, sorts and pages. `participated`: the scrims the user
 * played or casted in, each page with the stats. `created`: rendered only on the own profile or for admins (the
 * server refuses anyone else).
 */
export const scrimListQuery = <Page extends ProfileScrimPage = ProfileScrimPage>(list: ProfileScrimListParams) =>
  infiniteQueryOptions({
    queryKey: [...profileKeys[list.kind](list.userId), { filter: list.filter, sort: list.sort }],
    queryFn: ({ pageParam }) => getScrimListPage<Page>(list, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page) => last.nextCursor,
  });

export function useScrimList<Page extends ProfileScrimPage = ProfileScrimPage>(list: ProfileScrimListParams) {
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
