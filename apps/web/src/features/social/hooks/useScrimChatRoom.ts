import { useEffect, useState } from 'react';
import { SOCKET_EVENTS, type Conversation, type ScrimChatUsers } from '@scrim-gym/shared';
import { getSocket } from '../../../lib/socket';
import { emitWithAck } from './socket-ack';

/**
 * Opens a scrim's chat room on the socket while mounted (`scrimChatOpen`, again after a reconnect: rooms do not
 * survive one) and closes it after (`scrimChatClose`). Gives the room's conversation, the refusal if the scrim
 * chat rule says no, and who has the chat open (`getScrimusers`).
 */
export function useScrimChatRoom(userId: string, scrimId: string) {
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [userIds, setUserIds] = useState<string[]>([]);

  useEffect(() => {
    let active = true;
    const open = () =>
      emitWithAck(userId, SOCKET_EVENTS.scrimChatOpen, { scrimId }).then(
        (opened) => active && setConversation(opened),
        (refused: Error) => active && setError(refused),
      );
    const onUsers = (payload: ScrimChatUsers) => {
      if (payload.scrimId === scrimId) setUserIds(payload.userIds);
    };
    const socket = getSocket(userId);
    void socket.then((s) => {
      if (!active) return;
      s.on('connect', open);
      s.on(SOCKET_EVENTS.getScrimusers, onUsers);
    });
    void open();
    return () => {
      active = false;
      void socket.then((s) => {
        s.off('connect', open);
        s.off(SOCKET_EVENTS.getScrimusers, onUsers);
        s.emit(SOCKET_EVENTS.scrimChatClose, { scrimId });
      });
    };
  }, [userId, scrimId]);

  return { conversation, error, userIds };
}
