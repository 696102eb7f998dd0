import { SOCKET_EVENTS, type Message, type MessagesSeenPayload } from '@scrim-gym/shared';
import { scrimChatRoom, userRoom, type AppServer } from '../../plugins/io.js';

/** A direct message to every tab of both members (the sender's other tabs show it too). After commit. */
export function publishDirectMessage({ io, message }: { io: AppServer; message: Message }) {
  const rooms = [userRoom(message._sender._id), ...(message._receiver ? [userRoom(message._receiver)] : [])];
  io.to(rooms).emit(SOCKET_EVENTS.getMessage, message);
}

/**
 * A scrim chat message to the sockets that have the chat open and to the scrim's players and casters (their
 * unread count per scrim chat); a socket in several of these rooms gets it once.
 */
export function publishScrimMessage({
  io,
  scrimId,
  participantIds,
  message,
}: {
  io: AppServer;
  scrimId: string;
  participantIds: string[];
  message: Message;
}) {
  io.to([scrimChatRoom(scrimId), ...participantIds.map(userRoom)]).emit(SOCKET_EVENTS.getScrimMessage, {
    scrimId,
    message,
  });
}

/** `userIds` should learn that `payload.userId` saw the conversation (seen marks, unseen counts on every tab). */
export function publishSeen({
  io,
  userIds,
  payload,
}: {
  io: AppServer;
  userIds: string[];
  payload: MessagesSeenPayload;
}) {
  io.to(userIds.map(userRoom)).emit(SOCKET_EVENTS.getMessagesSeen, payload);
}
