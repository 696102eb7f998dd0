import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityPreset, ActivityResponse } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { profileKeys } from './profile';

export type ActivityRange = { preset: ActivityPreset } | { preset: 'custom'; from: string; to: string };

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Finished games played and casted per day, week or month of the range, in the browser's time zone. */
export function activityQuery(userId: string, range: ActivityRange) {
  const query = new URLSearchParams({ range: range.preset, tz: browserTimeZone() });
  if (range.preset === 'custom') {
    query.set('from', range.from);
    query.set('to', range.to);
  }
  return queryOptions({
    queryKey: [...profileKeys.activity(userId), range],
    queryFn: () => api.get<ActivityResponse>(`/users/${userId}/activity?${query}`),
  });
}

export function useActivity(userId: string, range: ActivityRange) {
  return useQuery({ ...activityQuery(userId, range), placeholderData: keepPreviousData });
}
