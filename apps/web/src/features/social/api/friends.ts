import { useQuery } from '@tanstack/react-query';
import type { UserFriendsResponse } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { socialKeys } from './keys';

/** A user's friends, sorted by name (the messenger lists the session user's friends without a conversation). */
export function useFriends(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: socialKeys.friends(userId),
    queryFn: () => api.get<UserFriendsResponse>(`/friends/user-friends/${userId}`),
    select: (data) => data.friends,
    enabled,
  });
}
