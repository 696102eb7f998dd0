import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BanUserBody, BanUserResponse } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { profileKeys } from './profile';

/**
 * Admin ban and unban (`/admin/banUser`, `/admin/unbanUser`): this module is their one owner, because what they
 * change on screen is a user's ban state, which the profile shows. Every profile is read again after either (the
 * button's state). The admin pages read their own figures fresh on every open (admin/api), and the ban history's
 * unban adds its refresh through `onSuccess` (admin/api's useUnban).
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
