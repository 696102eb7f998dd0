import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthState, DeleteAccountBody } from '@scrim-gym/shared';
import { apiRequest } from '../../../lib/api';
import { unsubscribeThisDevice } from '../../../lib/service-worker';
import { closeSocket } from '../../../lib/socket';
import { sessionQuery } from '../../auth/api/session';

/**
 * DELETE /api/users/me with the typed summoner name. Once deleted, the tab forgets everything as a logout does
 * (the server has ended every session and socket of the account already, and its push subscriptions with the
 * sessions), and this browser unsubscribes from pushes.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => apiRequest<{ message: string }>('DELETE', '/users/me', body),
    onSuccess: () => {
      void unsubscribeThisDevice();
      closeSocket();
      queryClient.clear();
      queryClient.setQueryData<AuthState>(sessionQuery.queryKey, { token: null, user: null, identity: null });
    },
  });
}
