import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateScrimBody, Scrim, UpdateScrimBody } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { scrimKeys } from './scrims';
import { removeScrim, upsertScrim } from './scrims-cache';

/** POST /scrims (admin). */
export function useCreateScrim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScrimBody) => api.post<Scrim>('/scrims', body),
    onSuccess: (scrim) => upsertScrim(queryClient, scrim),
  });
}

/** PUT /scrims/:id (admin). */
export function useUpdateScrim(scrimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateScrimBody) => api.put<Scrim>(`/scrims/${scrimId}`, body),
    onSuccess: (scrim) => upsertScrim(queryClient, scrim),
  });
}

/** DELETE /scrims/:id (admin). */
export function useDeleteScrim(scrimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ success: true }>(`/scrims/${scrimId}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: scrimKeys.detail(scrimId) });
      removeScrim(queryClient, scrimId);
    },
  });
}

/** POST /scrims/:id/regenerate-tournament-code (admin): a new code replaces the old one. */
export function useRegenerateCode(scrimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Scrim>(`/scrims/${scrimId}/regenerate-tournament-code`),
    onSuccess: (scrim) => upsertScrim(queryClient, scrim),
  });
}
