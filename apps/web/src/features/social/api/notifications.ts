import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { socialKeys } from './keys';

export const getNotifications = () => api.get<NotificationsResponse>('/notifications/user-notifications');

/** The session user's notifications, newest first; `getNotification` adds to them live. */
export const notificationsQuery = queryOptions({
  queryKey: socialKeys.notifications,
  queryFn: getNotifications,
  select: (data) => data.notifications,
});

export function useNotifications() {
  return useQuery(notificationsQuery);
}

/** 'mark as read' of one notification, or (`id` null) 'Mark all as read': the server answers with what is left. */
export function useMarkNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  return useMutation({
    mutationFn: (id: string | null) =>
      api.post<NotificationsResponse>(
        id ? `/notifications/remove-user-notification/${id}` : `/notifications/remove-all-user-notifications/${userId}`,
      ),
    onSuccess: (data) => queryClient.setQueryData(notificationsQuery.queryKey, data),
    onError: (error) => showAlert({ type: 'Error', message: error }),
  });
}
