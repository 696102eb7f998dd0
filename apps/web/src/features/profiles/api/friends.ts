import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Conversation,
  FriendStatusResponse,
  SendFriendRequestResponse,
  UnfriendResponse,
  UserFriendsResponse,
} from '@scrim-gym/shared';
import { api } from '../../../lib/api';
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

/** A user's friends, for the "{name}'s Friends" dialog. */
export function useUserFriends(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.friends(userId),
    queryFn: () => api.get<UserFriendsResponse>(`/friends/user-friends/${userId}`),
    select: (data) => data.friends,
    enabled,
  });
}

/** The signed-in user's direct conversations: who gets a message button rather than a start-conversation one. */
export function useConversationPartners(enabled: boolean) {
  return useQuery({
    queryKey: [...profileKeys.all, 'conversation-partners'],
    queryFn: () => api.get<Conversation[]>('/conversations/user'),
    select: (conversations) => new Set(conversations.flatMap((c) => c.members.map((m) => m._id))),
    enabled,
  });
}

/** Refreshes what a friendship change touches: the button, both friend lists and the counts on profiles. */
function useFriendshipChanged() {
  const queryClient = useQueryClient();
  return (userId: string, ownId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.friendStatus(userId) }),
      queryClient.invalidateQueries({ queryKey: profileKeys.friends(userId) }),
      queryClient.invalidateQueries({ queryKey: profileKeys.friends(ownId) }),
      queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'by-name'] }),
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
