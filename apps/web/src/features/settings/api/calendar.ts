import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@scrim-gym/shared';
import { api } from '../../../lib/api';

/** GET /api/calendar: the session user's calendar feed address (made on first use). */
export const getCalendarFeed = () => api.get<CalendarFeed>('/calendar');

export const calendarFeedQuery = queryOptions({ queryKey: ['calendar-feed'], queryFn: getCalendarFeed });

export const useCalendarFeed = () => useQuery(calendarFeedQuery);

/** POST /api/calendar/rotate: a new address; the old one stops working at once. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('/calendar/rotate'),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery.queryKey, feed),
  });
}
