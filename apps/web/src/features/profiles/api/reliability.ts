import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reliability } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { profileKeys } from './profile';

/**
 * A user's reliability: `GET /api/users/:id/reliability` (readable by anyone signed in) and the admin's
 * `DELETE /api/admin/users/:id/cooldown`; this module is their one owner on the web.
 */
export const reliabilityKeys = {
  of: (userId: string) => [...profileKeys.all, 'reliability', userId] as const,
};

export const getReliability = (userId: string) => api.get<Reliability>(`/users/${userId}/reliability`);

export const reliabilityQuery = (userId: string) =>
  queryOptions({ queryKey: reliabilityKeys.of(userId), queryFn: () => getReliability(userId) });

export function useReliability(userId: string) {
  return useQuery(reliabilityQuery(userId));
}

/** An admin clears a user's cooldown; the answer is 204 or the new reliability, read again when it is 204. */
export function useClearCooldown(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Reliability | undefined>(`/admin/users/${userId}/cooldown`),
    onSuccess: (answer) => {
      if (answer) queryClient.setQueryData(reliabilityKeys.of(userId), answer);
      else void queryClient.invalidateQueries({ queryKey: reliabilityKeys.of(userId) });
    },
  });
}
