import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FriendStatusResponse, SendFriendRequestResponse, UnfriendResponse } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { friendsQuery } from '../../social/api/friends';
import { profileKeys } from './profile';

/** Where the signed-in user stands with `userId`: drives the friend button (from the friends API). */
export const friendStatusQuery = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.friendStatus(userId),
    queryFn: () => api.get<FriendStatusResponse>(`/friend-requests/check-friend-request-sent/${userId}`),
  });

export function useFriendStatus(userId: string, enabled: boolean) {
  return useQuery({ ...friendStatusQuery(userId), enabled });
}

/**
 * Refreshes what a friendship change touches: the button, both friend lists (the social feature's one entry, which
 * the messenger reads too) and the counts on profiles.
 */
function useFriendshipChanged() {
  const queryClient = useQueryClient();
  return (userId: string, ownId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.friendStatus(userId) }),
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
