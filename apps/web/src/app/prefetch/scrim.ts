import { scrimQuery } from '../../features/scrims/api/scrim';
import type { RoutePrefetch } from './route-data';

/** /scrims/:id: the scrim (its lobby panel and card). */
export const prefetch: RoutePrefetch = (queryClient, { params }) =>
  params.id && queryClient.prefetchQuery(scrimQuery(params.id));
