import { useQueryClient } from '@tanstack/react-query';
import { useUnbanUser } from '../../profiles/api/profile';
import { refreshAdmin } from './admin';

// Apart from admin.ts: the dashboard (and its route prefetch) load admin.ts and need nothing of the profiles.

/** The ban history's 'Unban': the profiles feature owns the endpoint (and refreshes the profiles); the admin figures follow. */
export function useUnban() {
  const queryClient = useQueryClient();
  return useUnbanUser({ onSuccess: () => refreshAdmin(queryClient) });
}
