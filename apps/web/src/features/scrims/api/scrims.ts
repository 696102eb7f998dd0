import { useQuery } from '@tanstack/react-query';
import type { Region, Scrim } from '@scrim-gym/shared';
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

export const getScrims = ({ region, startDate, endDate }: ScrimListParams) =>
  api.get<Scrim[]>(`/scrims?${new URLSearchParams({ region, startDate, endDate })}`);

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
      return withSecrets ? (await import('../lazy')).withMySecrets(list, params) : list;
    },
  });
}
