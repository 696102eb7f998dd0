import { useQuery } from '@tanstack/react-query';
import type { Region, Scrim, ScrimSecrets } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { dayRange } from '../lib/day';

export interface ScrimListParams {
  region: Region;
  startDate: string;
  endDate: string;
}

export const scrimKeys = {
  all: ['scrims'] as const,
  lists: () => ['scrims', 'list'] as const,
  list: (params: ScrimListParams) => ['scrims', 'list', params] as const,
  detail: (id: string) => ['scrims', 'detail', id] as const,
};

const dayQuery = ({ region, startDate, endDate }: ScrimListParams) =>
  new URLSearchParams({ region, startDate, endDate });
export const getScrims = (params: ScrimListParams) => api.get<Scrim[]>(`/scrims?${dayQuery(params)}`);
/** The viewer's own lobby secrets for the same day (GET /api/scrims/mine-secrets); see api/scrims-secrets.ts. */
export const getMySecrets = (params: ScrimListParams) =>
  api.get<ScrimSecrets[]>(`/scrims/mine-secrets?${dayQuery(params)}`);

/**
 * The public scrims of one region on one local day (the hub). `withSecrets` (signed in, not an admin: admins get
 * every secret in the list itself): the viewer's own lobby secrets merged in (api/scrims-secrets.ts, loaded with
 * the hub's body).
 */
export function useScrims({ region, day, withSecrets }: { region: Region; day: string; withSecrets: boolean }) {
  const params: ScrimListParams = { region, ...dayRange(day) };
  return useQuery({
    queryKey: scrimKeys.list(params),
    queryFn: async () => {
      const list = getScrims(params);
      if (!withSecrets) return list;
      // Without them should that request fail: the list still shows.
      const secrets = getMySecrets(params).catch((error: unknown) => {
        console.error('Error fetching lobby secrets', error);
        return [];
      });
      return (await import('../lazy')).withMySecrets(list, secrets);
    },
  });
}
