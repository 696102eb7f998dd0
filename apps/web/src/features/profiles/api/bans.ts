import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BanUserBody, BanUserResponse } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { profileKeys } from './profile';

/** Admin ban and unban from a profile; the profile is read again for the button's state. */
export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BanUserBody) => api.post<BanUserResponse>('/admin/banUser', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'by-name'] }),
  });
}

export function useUnbanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bannedUserId: string) => api.post<{ success: true }>('/admin/unbanUser', { bannedUserId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'by-name'] }),
  });
}
