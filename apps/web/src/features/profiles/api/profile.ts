import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Region, UserProfile } from '@scrim-gym/shared';
import { api } from '../../../lib/api';

export interface ProfileAddress {
  name: string;
  region?: Region;
  tagline?: string;
}

export const profileKeys = {
  all: ['profiles'] as const,
  /** Every profile page's entry (a friendship or ban change refreshes all of them). */
  anyByName: ['profiles', 'by-name'] as const,
  byName: (address: ProfileAddress) => ['profiles', 'by-name', address] as const,
  participated: (userId: string) => ['profiles', 'participated', userId] as const,
  created: (userId: string) => ['profiles', 'created', userId] as const,
  activity: (userId: string) => ['profiles', 'activity', userId] as const,
  friendStatus: (userId: string) => ['profiles', 'friend-status', userId] as const,
};

export function getProfile({ name, region, tagline }: ProfileAddress) {
  const query = new URLSearchParams();
  if (region) query.set('region', region);
  if (tagline) query.set('tagline', tagline);
  const search = query.size ? `?${query}` : '';
  return api.get<UserProfile>(`/users/${encodeURIComponent(name)}${search}`);
}

export const profileQuery = (address: ProfileAddress) =>
  queryOptions({ queryKey: profileKeys.byName(address), queryFn: () => getProfile(address) });

/** The profile of /users/:name?region=&tagline= (what the server lets this viewer see). */
export function useProfile(address: ProfileAddress) {
  return useQuery(profileQuery(address));
}
