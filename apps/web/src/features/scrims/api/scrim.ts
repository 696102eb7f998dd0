import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Scrim } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { scrimKeys } from './scrims';

export const getScrim = (id: string) => api.get<Scrim>(`/scrims/${encodeURIComponent(id)}`);

export const scrimQuery = (id: string) => queryOptions({ queryKey: scrimKeys.detail(id), queryFn: () => getScrim(id) });

/** One scrim, private ones too (the share link). */
export function useScrim(id: string, { refetchOnMount }: { refetchOnMount?: 'always' } = {}) {
  return useQuery({ ...scrimQuery(id), refetchOnMount: refetchOnMount ?? true });
}
