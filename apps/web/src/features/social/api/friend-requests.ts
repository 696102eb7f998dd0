import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  SOCIAL_MESSAGES,
  type AcceptFriendRequestResponse,
  type FriendRequest,
  type FriendRequestListResponse,
  type UserFriendsResponse,
} from '@scrim-gym/shared';
import { api, messageOf } from '../../../lib/api';
import { useAlert } from '../../alerts/alert-context';
import { socialKeys } from './keys';

export const getFriendRequests = () => api.get<FriendRequest[]>('/friend-requests');

/** The friend requests the session user received (the drawer's badge and the Friend Requests dialog). */
export const friendRequestsQuery = queryOptions({ queryKey: socialKeys.friendRequests, queryFn: getFriendRequests });

export function useFriendRequests({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...friendRequestsQuery, enabled });
}

const withoutRequest = (requests: FriendRequest[] | undefined, id: string) => requests?.filter((r) => r._id !== id);

/**
 * Answering a request removes its 'friend_request' notification on the server: the bell follows (notifications.ts's
 * key, through keys.ts: importing that module would add the social lazy chunk to every signed-in page).
 */
const refreshBell = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: socialKeys.notifications });

/**
 * Accept: the two become friends, and both get 'You and {name} are now friends!'. When
 * the server says 'Friend already added!' the request is still removed and the error shown.
 */
export function useAcceptFriendRequest(userId: string) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  return useMutation({
    mutationFn: (request: FriendRequest) =>
      api.post<AcceptFriendRequestResponse>(`/friend-requests/accept-request/${userId}`, {
        newFriendUserId: request._user._id,
      }),
    onSuccess: (data, request) => {
      queryClient.setQueryData(friendRequestsQuery.queryKey, data.friendRequests);
      // friends.ts's key (`friendsQuery(userId).queryKey`) through keys.ts: importing friends.ts here would add its
      // chunk to every signed-in page (the drawer's badge loads this module).
      queryClient.setQueryData<UserFriendsResponse>(socialKeys.friends(userId), { friends: data.updatedUserFriends });
      void refreshBell(queryClient);
      showAlert({ type: 'Success', message: SOCIAL_MESSAGES.nowFriends(request._user.name) });
    },
    onError: (error, request) => {
      const message = messageOf(error);
      if (message === SOCIAL_MESSAGES.friendAlreadyAdded) {
        queryClient.setQueryData(friendRequestsQuery.queryKey, (old) => withoutRequest(old, request._id));
        void refreshBell(queryClient);
      }
      showAlert({ type: 'Error', message });
    },
  });
}

/** Reject: the request is removed and the Info "rejected {name}'s friend request" appears. */
export function useRejectFriendRequest(userId: string) {
  const queryClient = useQueryClient();
  const showAlert = useAlert();
  return useMutation({
    mutationFn: (request: FriendRequest) =>
      api.post<FriendRequestListResponse>(`/friend-requests/${userId}/reject-friend-request/${request._user._id}`),
    onSuccess: (data, request) => {
      queryClient.setQueryData(friendRequestsQuery.queryKey, data.friendRequests);
      void refreshBell(queryClient);
      showAlert({ type: 'Info', message: SOCIAL_MESSAGES.rejectedRequest(request._user.name) });
    },
    onError: (error) => showAlert({ type: 'Error', message: messageOf(error) }),
  });
}
