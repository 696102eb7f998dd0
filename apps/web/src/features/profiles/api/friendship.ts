import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendFriendRequestResponse, UnfriendResponse } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { friendsQuery } from '../../social/api/friends';
import { friendStatusQuery } from './friends';
import { profileKeys } from './profile';

// The friend button's mutations, apart from friends.ts: the profile route's prefetch (app/prefetch) reads the
// friend status from there and should not load the social feature's friends list with it.

/**
 * Refreshes what a friendship change touches: the button, both friend lists (the social feature's one entry, which
 * the messenger reads too) and the counts on profiles.
 */
function useFriendshipChanged() {
  const queryClient = useQueryClient();
  return (userId: string, ownId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: friendStatusQuery(userId).queryKey }),
      queryClient.invalidateQueries({ queryKey: friendsQuery(userId).queryKey }),
      queryClient.invalidateQueries({ queryKey: friendsQuery(ownId).queryKey }),
      queryClient.invalidateQueries({ queryKey: profileKeys.anyByName }),
    ]);
}

/** 'Send Friend Request' (it accepts theirs instead when they had already sent one). */
export function useSendFriendRequest() {
  const changed = useFriendshipChanged();
  return useMutation({
    mutationFn: ({ userId, ownId }: { userId: string; ownId: string }) =>
      api.post<SendFriendRequestResponse>(`/friend-requests/send-friend-request/${userId}/${ownId}`),
    onSuccess: (_data, { userId, ownId }) => changed(userId, ownId),
  });
}

export function useUnfriend() {
  const changed = useFriendshipChanged();
  return useMutation({
    mutationFn: ({ userId }: { userId: string; ownId: string }) =>
      api.post<UnfriendResponse>('/friends/unfriend-user', { friendUserId: userId }),
    onSuccess: (_data, { userId, ownId }) => changed(userId, ownId),
  });
}
