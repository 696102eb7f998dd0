import { useSearchParams } from 'react-router';
import { REGIONS, type Region } from '@scrim-gym/shared';
import { useCurrentUser } from '../../auth/api/session';
import { isDayKey, isPastDay, todayKey, type HubView } from '../lib/day';

export const VISIBILITY = ['previous', 'current', 'upcoming'] as const;
export type Visibility = (typeof VISIBILITY)[number];

export interface HubFilters {
  region: Region;
  day: string;
  /** One day, or the week from it (?view=week). */
  view: HubView;
  isPast: boolean;
  /** What is shown; upcoming is forced off for past days. */
  show: Record<Visibility, boolean>;
}

/**
 * The hub's filters live in the URL (?region=EUW&date=2026-05-01&view=week&previous=0), so a filtered hub can be shared
 * and the navigation bar (wide screens) and the page (narrow screens) share one state. Defaults: the user's
 * region (else NA), today, everything shown. The controls that change them are in HubFilters.
 */
export function useHubFilters(): HubFilters {
  const [params] = useSearchParams();
  const { user } = useCurrentUser();
  const region = params.get('region') as Region;
  const date = params.get('date');
  const day = isDayKey(date) ? date : todayKey();
  const isPast = isPastDay(day);
  const shown = (which: Visibility) => params.get(which) !== '0';
  return {
    region: REGIONS.includes(region) ? region : (user?.region ?? 'NA'),
    day,
    view: params.get('view') === 'week' ? 'week' : 'day',
    isPast,
    show: { previous: shown('previous'), current: shown('current'), upcoming: !isPast && shown('upcoming') },
  };
}
