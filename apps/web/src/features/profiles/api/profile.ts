import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BanUserBody, BanUserResponse, Region, UserProfile } from '@scrim-gym/shared';
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

/**
 * Admin ban and unban (`/admin/banUser`, `/admin/unbanUser`): this module is their one owner, because what they
 * change on screen is a user's ban state, which the profile shows. Every profile is read again after either (the
 * button's state). The admin pages read their own figures fresh on every open (admin/api), and the ban history's
 * unban adds its refresh through `onSuccess` (admin/api/unban.ts).
 */
const refreshProfiles = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: profileKeys.anyByName });

export const banUser = (body: BanUserBody) => api.post<BanUserResponse>('/admin/banUser', body);
export const unbanUser = (bannedUserId: string) =>
  api.post<{ success: true; message: string }>('/admin/unbanUser', { bannedUserId });

export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: banUser, onSuccess: () => refreshProfiles(queryClient) });
}

/** `onSuccess`: what else the caller's feature refreshes after the profiles (the admin ban history). */
export function useUnbanUser({ onSuccess }: { onSuccess?: () => Promise<unknown> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbanUser,
    onSuccess: () => Promise.all([refreshProfiles(queryClient), onSuccess?.()]),
  });
}
