import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FriendStatusResponse } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { profileKeys } from './profile';

export const getFriendStatus = (userId: string) =>
  api.get<FriendStatusResponse>(`/friend-requests/check-friend-request-sent/${userId}`);

/** Where the signed-in user stands with `userId`: drives the friend button (from the friends API). */
export const friendStatusQuery = (userId: string) =>
  queryOptions({ queryKey: profileKeys.friendStatus(userId), queryFn: () => getFriendStatus(userId) });

export function useFriendStatus(userId: string, enabled: boolean) {
  return useQuery({ ...friendStatusQuery(userId), enabled });
}
