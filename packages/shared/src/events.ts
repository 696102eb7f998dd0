/**
 * Socket.IO event names, one place for the server and the web app. Payload schemas of the
 * social events are in schemas/social.ts. The server never trusts an identity sent in an event: the user is
 * the one of the handshake's session.
 */
export const SOCKET_EVENTS = {
  // Client → server
  /** After connecting: the server answers `getUsers` with the presence of the user's friends and conversations. */
  addUser: 'addUser',
  joinScrimRoom: 'join_scrim_room',
  leaveScrimRoom: 'leave_scrim_room',
  joinRegionRoom: 'join_region_room',
  /** {userIds}: the players a page shows; answered (ack and `getUsers`) with those the user may see. */
  watchPresence: 'watchPresence',
  /** {scrimId, userId?}: open or close a scrim's chat (joins its chat room if allowed); acked. */
  scrimChatOpen: 'scrimChatOpen',
  scrimChatClose: 'scrimChatClose',
  /** {conversationId, text, receiverId?}: like POST /api/messages; acked with the message. */
  sendMessage: 'sendMessage',
  /** {scrimId, text}: a message in a scrim's chat; acked with the message. */
  sendScrimMessage: 'sendScrimMessage',
  /**
   * The spec's relays (the client announced what it had just written). Our server emits these itself after
   * the write commits, so client emits of them are ignored.
   */
  sendConversation: 'sendConversation',
  sendNotification: 'sendNotification',
  sendScrimTransaction: 'sendScrimTransaction',
  /** {regions}: the regions the scrim board shows; replaces the ones watched before (none: stop watching). */
  watchBoard: 'board:watch',
  /** {seriesId}: watch (or stop watching) one series' page. */
  watchSeries: 'series:watch',
  unwatchSeries: 'series:unwatch',

  // Server → client
  getUsers: 'getUsers',
  getNotification: 'getNotification',
  getMessage: 'getMessage',
  getConversation: 'getConversation',
  getMessagesSeen: 'getMessagesSeen',
  /** {userId, status}: where the receiver now stands with userId (after a send, accept, reject, cancel, unfriend). */
  friendshipChanged: 'friendshipChanged',
  getScrimMessage: 'getScrimMessage',
  getScrimusers: 'getScrimusers',
  getScrimTransaction: 'getScrimTransaction',
  scrimDeleted: 'scrimDeleted',
  scrimStartNotification: 'scrimStartNotification',
  tournamentInitialized: 'tournamentInitialized',
  tournamentSkipped: 'tournamentSkipped',
  tournamentError: 'tournamentError',
  /** {scrimId, status}: the scrim's match stats changed (fetched from Riot, attached, or given up on). */
  scrimMatch: 'scrimMatch',
  /** {region}: the region's scrim board changed (a post, its request count); read it again. */
  boardChanged: 'board:changed',
  /** {seriesId}: the series changed (a lineup, a side, a game or its scrim, its end); read it again. */
  seriesChanged: 'series:changed',
  /** {scrimId, draft}: the scrim's draft changed (a lock, a timeout, ready, a drafter, a hover, a reset). */
  draftChange: 'draftChange',
} as const;
export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/**
 * To a banned user's room, just before the server disconnects their sockets: the open tab shows the ban text and
 * signs out. Here, apart from the zod schemas, because the app's layout (first bundle) listens for it.
 */
export const USER_BANNED_EVENT = 'userBanned';
export interface UserBannedEvent {
  message: string;
  dateTo: string;
  reason: string;
}
