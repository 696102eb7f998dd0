import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResultDispute, Season } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { adminKeys, refreshAdmin } from './admin';

/** The open result disputes, oldest first (GET /api/admin/disputes). */
export const disputesQuery = queryOptions({
  queryKey: [...adminKeys.all, 'disputes'] as const,
  queryFn: () => api.get<ResultDispute[]>('/admin/disputes'),
  staleTime: 5_000,
});

export const useDisputes = () => useQuery(disputesQuery);

/** Ends the current rating season and starts the next (POST /api/admin/seasons). */
export function useStartSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Season>('/admin/seasons', {}),
    onSuccess: () => refreshAdmin(queryClient),
  });
}
