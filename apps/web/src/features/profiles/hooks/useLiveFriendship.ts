import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SOCKET_EVENTS, type FriendStatusResponse, type FriendshipChangedPayload } from '@scrim-gym/shared';
import { applyLiveChange } from '../../../lib/live-cache';
import { getSocket } from '../../../lib/socket';
import { friendsQuery } from '../../social/api/friends';
import { friendStatusQuery } from '../api/friends';
import { profileKeys } from '../api/profile';

/**
 * `friendshipChanged` (sent to both users of a pair after a send, accept, reject, cancel or unfriend): the friend
 * button takes the new status at once, and the friend lists and counts of both users are fetched again.
 */
export function applyFriendshipChange(
  queryClient: QueryClient,
  viewerId: string,
  { userId, status }: FriendshipChangedPayload,
) {
  const key = friendStatusQuery(userId).queryKey;
  applyLiveChange(queryClient, { queryKey: key, exact: true }, () =>
    queryClient.setQueryData<FriendStatusResponse>(key, { status, friendRequestSent: status === 'sent' }),
  );
  for (const id of [userId, viewerId]) void queryClient.invalidateQueries({ queryKey: friendsQuery(id).queryKey });
  // The friends count on the open profile (of either user).
  void queryClient.invalidateQueries({ queryKey: profileKeys.anyByName });
}

/**
 * Keeps a profile page's friend state live while it is open. A change sent while the socket was not connected
 * (the page's first connect can come after its friend status was read, or a reconnect) is not replayed, so every
 * connect reads the friend states again.
 */
export function useLiveFriendship(viewerId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!viewerId) return;
    let active = true;
    const onChange = (payload: FriendshipChangedPayload) => {
      if (active) applyFriendshipChange(queryClient, viewerId, payload);
    };
    const onConnect = () => {
      if (active) void queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'friend-status'] });
    };
    const socket = getSocket(viewerId).then((s) => {
      s.on(SOCKET_EVENTS.friendshipChanged, onChange);
      s.on('connect', onConnect);
      return s;
    });
    return () => {
      active = false;
      void socket.then((s) => {
        s.off(SOCKET_EVENTS.friendshipChanged, onChange);
        s.off('connect', onConnect);
      });
    };
  }, [queryClient, viewerId]);
}
