import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { USER_BANNED_EVENT, type AuthState, type UserBannedEvent } from '@scrim-gym/shared';
import { closeSocket, getSocket } from '../../../lib/socket';
import { useAlert } from '../../alerts/alert-context';
import { sessionKey, useCurrentUser } from '../api/session';

/**
 * A ban signs the player out live: the server sends 'userBanned' to their sockets, ends their sessions and
 * disconnects them. The open tab goes home, forgets everything it had loaded and shows the ban text. A server
 * disconnect without that event (it can only be a ban or a session that ended) re-checks the session instead.
 *
 * The listener is attached once the page has painted (the socket is opened by the social corner anyway), so it
 * never weighs on the first render.
 */
export function useBanSignOut() {
  const { user } = useCurrentUser();
  const userId = user?._id;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const showAlert = useAlert();

  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const onBanned = (event: UserBannedEvent) => {
      navigate('/', { replace: true });
      // The server closed this socket for good: a later sign-in (once unbanned) gets a new one.
      closeSocket();
      queryClient.clear();
      queryClient.setQueryData<AuthState>(sessionKey, { token: null, user: null, identity: null });
      showAlert({ type: 'Error', message: event.message });
    };
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') void queryClient.invalidateQueries({ queryKey: sessionKey });
    };
    const timer = setTimeout(() => {
      void getSocket(userId).then((socket) => {
        if (cancelled) return;
        socket.on(USER_BANNED_EVENT, onBanned);
        socket.on('disconnect', onDisconnect);
        stop = () => {
          socket.off(USER_BANNED_EVENT, onBanned);
          socket.off('disconnect', onDisconnect);
        };
      });
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [userId, queryClient, navigate, showAlert]);
}
