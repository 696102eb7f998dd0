import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResolveDisputeBody, ResultDispute, Scrim, Season } from '@scrim-gym/shared';
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

/** An admin's answer to a disputed result (POST /api/admin/scrims/:id/resolve-dispute); the queue is read again. */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scrimId, ...body }: ResolveDisputeBody & { scrimId: string }) =>
      api.post<Scrim>(`/admin/scrims/${scrimId}/resolve-dispute`, body),
    onSuccess: () => refreshAdmin(queryClient),
  });
}
