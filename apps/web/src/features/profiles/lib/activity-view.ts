import dayjs from 'dayjs';
import type { ActivityBucket, ActivityPoint } from '@scrim-gym/shared';

export const ACTIVITY_TYPES = ['all', 'played', 'casted'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The custom range applies once both dates are set and To is not before From. */
export function customRangeState(from: string, to: string): 'incomplete' | 'invalid' | 'ready' {
  if (!from || !to) return 'incomplete';
  return to < from ? 'invalid' : 'ready';
}

/** An axis label for a bucket's first day. */
export function bucketLabel(start: string, bucket: ActivityBucket): string {
  return dayjs(start).format(bucket === 'month' ? 'MMM YYYY' : 'MMM D');
}

/** What the chart draws for a type: All is played and casted stacked (their sum is every finished game). */
export function activityTotals(points: readonly ActivityPoint[]) {
  return points.reduce((sum, p) => ({ played: sum.played + p.played, casted: sum.casted + p.casted }), {
    played: 0,
    casted: 0,
  });
}
