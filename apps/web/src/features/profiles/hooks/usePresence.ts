import { useEffect, useState } from 'react';
import { SOCKET_EVENTS, type Presence } from '@scrim-gym/shared';
import { getSocket } from '../../../lib/socket';

/**
 * Live presence of one user (the social server's `getUsers` answers to `watchPresence`): null until the socket
 * says, and for users the server does not share presence of; the page then shows the API's lastSeenAt.
 */
export function usePresence({ viewerId, userId }: { viewerId: string; userId: string }): Presence | null {
  const [presence, setPresence] = useState<Presence | null>(null);
  useEffect(() => {
    let active = true;
    setPresence(null);
    const onUsers = (entries: Presence[]) => {
      const mine = Array.isArray(entries) ? entries.find((entry) => entry._id === userId) : undefined;
      if (active && mine) setPresence(mine);
    };
    const watch = getSocket(viewerId).then((socket) => {
      socket.on(SOCKET_EVENTS.getUsers, onUsers);
      const ask = () => socket.emit(SOCKET_EVENTS.watchPresence, { userIds: [userId] });
      ask();
      // After a reconnect the server forgets the watch list.
      socket.io.on('reconnect', ask);
      return { socket, ask };
    });
    return () => {
      active = false;
      void watch.then(({ socket, ask }) => {
        socket.off(SOCKET_EVENTS.getUsers, onUsers);
        socket.io.off('reconnect', ask);
        socket.emit(SOCKET_EVENTS.watchPresence, { userIds: [] });
      });
    };
  }, [viewerId, userId]);
  return presence;
}
