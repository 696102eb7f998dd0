import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { USER_BANNED_EVENT, type AuthState, type ErrorCode, type UserBannedEvent } from '@scrim-gym/shared';
import { closeSocket, getSocket } from '../../../lib/socket';
import { useAlert } from '../../alerts/alert-context';
import { sessionQuery, useCurrentUser } from '../api/session';

/** Refusals of a handshake that mean the session no longer signs anyone in. */
const SESSION_ENDED_CODES: ReadonlySet<unknown> = new Set<ErrorCode>(['UNAUTHORIZED', 'NO_ACCOUNT', 'BANNED']);

/**
 * A ban signs the player out live: the server sends 'userBanned' to their sockets, ends their sessions and
 * disconnects them. The open tab goes home, forgets everything it had loaded and shows the ban text.
 *
 * A server disconnect without that event (a logout in another tab, an expired or deleted session), or a
 * reconnection the server refuses for the session, re-checks the session: when it has ended, the tab signs out
 * as a logout does (forgets what it had loaded, closes the socket). The client never retries such a socket by
 * itself, so a dead session is never tried again in a loop; a later sign-in opens a new socket.
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
      queryClient.setQueryData<AuthState>(sessionQuery.queryKey, { token: null, user: null, identity: null });
      showAlert({ type: 'Error', message: event.message });
    };
    const recheckSession = async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      const state = queryClient.getQueryState<AuthState>(sessionQuery.queryKey);
      // Signed out only on the server's word: a failed request (offline) proves nothing.
      if (cancelled || state?.status !== 'success' || state.data?.user) return;
      closeSocket();
      queryClient.clear();
      queryClient.setQueryData<AuthState>(sessionQuery.queryKey, { token: null, user: null, identity: null });
    };
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') void recheckSession();
    };
    const onConnectError = (error: Error & { data?: { code?: ErrorCode } }) => {
      if (SESSION_ENDED_CODES.has(error.data?.code)) void recheckSession();
    };
    const timer = setTimeout(() => {
      void getSocket(userId).then((socket) => {
        if (cancelled) return;
        socket.on(USER_BANNED_EVENT, onBanned);
        socket.on('disconnect', onDisconnect);
        socket.on('connect_error', onConnectError);
        stop = () => {
          socket.off(USER_BANNED_EVENT, onBanned);
          socket.off('disconnect', onDisconnect);
          socket.off('connect_error', onConnectError);
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
