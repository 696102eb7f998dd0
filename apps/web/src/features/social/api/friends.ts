import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserFriendsResponse } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { socialKeys } from './keys';

export const getFriends = (userId: string) => api.get<UserFriendsResponse>(`/friends/user-friends/${userId}`);

/**
 * A user's friends, sorted by name: the one cache entry of `/friends/user-friends/:id`, read by the messenger (the
 * session user's friends without a conversation) and by a profile's "{name}'s Friends" dialog. Whatever changes a
 * friendship invalidates `friendsQuery(id).queryKey` (or sets it, as accepting a request does).
 */
export const friendsQuery = (userId: string) =>
  queryOptions({
    queryKey: socialKeys.friends(userId),
    queryFn: () => getFriends(userId),
    select: (data) => data.friends,
  });

export function useFriends(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...friendsQuery(userId), enabled });
}
