import type { z } from 'zod';
import type { Region } from './constants.js';
import { SOCKET_EVENTS, USER_BANNED_EVENT, type UserBannedEvent } from './events.js';
import type { watchBoardPayloadSchema, watchSeriesPayloadSchema } from './schemas/board.js';
import type { Scrim } from './schemas/scrim.js';
import type { DraftChangePayload } from './schemas/draft.js';
import type {
  Conversation,
  FriendshipChangedPayload,
  Message,
  MessagesSeenPayload,
  Notification,
  Presence,
  ScrimChatUsers,
  ScrimMessagePayload,
  SocketAck,
  scrimChatPayloadSchema,
  sendMessagePayloadSchema,
  sendScrimMessagePayloadSchema,
  watchPresencePayloadSchema,
} from './schemas/social.js';

/*
 * The Socket.IO contract, typed for both ends: the server's `Server<ClientToServerEvents, ServerToClientEvents,
 * InterServerEvents, SocketData>` and the web's `Socket<ServerToClientEvents, ClientToServerEvents>`. Event names
 * are in events.ts, payload schemas in schemas/social.ts; the server validates every client payload with its
 * schema (the types here say what a well-behaved client sends, not what the server may trust).
 */

/** The acknowledgement callback of a client event answered with `T` on success. */
export type Ack<T> = (answer: SocketAck<T>) => void;

/**
 * Client → server. Every event may be sent with or without an acknowledgement callback; the ones with a handler
 * answer `{ok: true, data}` or `{ok: false, error, code}`. The server refuses any event not listed here
 * (`CLIENT_EVENT_RULES` in the server's plugins/socket-limits.ts must list exactly these).
 */
export interface ClientToServerEvents {
  /** After connecting: joins the presence of the user's circle; answered with `getUsers` and in the ack. */
  [SOCKET_EVENTS.addUser]: (ignored?: unknown, ack?: Ack<Presence[]>) => void;
  [SOCKET_EVENTS.joinScrimRoom]: (scrimId: string, ack?: Ack<null>) => void;
  [SOCKET_EVENTS.leaveScrimRoom]: (scrimId: string, ack?: Ack<null>) => void;
  [SOCKET_EVENTS.joinRegionRoom]: (region: Region, ack?: Ack<null>) => void;
  [SOCKET_EVENTS.watchPresence]: (payload: z.input<typeof watchPresencePayloadSchema>, ack?: Ack<Presence[]>) => void;
  /** Acked with the scrim's chat conversation. */
  [SOCKET_EVENTS.scrimChatOpen]: (payload: z.input<typeof scrimChatPayloadSchema>, ack?: Ack<Conversation>) => void;
  [SOCKET_EVENTS.scrimChatClose]: (payload: z.input<typeof scrimChatPayloadSchema>, ack?: Ack<null>) => void;
  [SOCKET_EVENTS.sendMessage]: (payload: z.input<typeof sendMessagePayloadSchema>, ack?: Ack<Message>) => void;
  [SOCKET_EVENTS.sendScrimMessage]: (
    payload: z.input<typeof sendScrimMessagePayloadSchema>,
    ack?: Ack<Message>,
  ) => void;
  /** The spec's relays: accepted and ignored (the server publishes its own writes), never acknowledged. */
  [SOCKET_EVENTS.sendConversation]: (ignored?: unknown) => void;
  [SOCKET_EVENTS.sendNotification]: (ignored?: unknown) => void;
  [SOCKET_EVENTS.sendScrimTransaction]: (ignored?: unknown) => void;
  /** Joins the board rooms of these regions, leaving the others. */
  [SOCKET_EVENTS.watchBoard]: (payload: z.input<typeof watchBoardPayloadSchema>, ack?: Ack<null>) => void;
  [SOCKET_EVENTS.watchSeries]: (payload: z.input<typeof watchSeriesPayloadSchema>, ack?: Ack<null>) => void;
  [SOCKET_EVENTS.unwatchSeries]: (payload: z.input<typeof watchSeriesPayloadSchema>, ack?: Ack<null>) => void;
}
export type ClientEventName = keyof ClientToServerEvents;
/** What a client sends with `E`. */
export type ClientEventPayload<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];
/** The `data` of `E`'s successful acknowledgement (never for the relays, which are not answered). */
export type ClientEventAckData<E extends ClientEventName> =
  NonNullable<Parameters<ClientToServerEvents[E]>[1]> extends Ack<infer T> ? T : never;

/** Server → client: events the server publishes to rooms after its writes commit. */
export interface ServerToClientEvents {
  /** Presence entries to merge by _id (a snapshot after addUser / watchPresence, then changes). */
  [SOCKET_EVENTS.getUsers]: (presence: Presence[]) => void;
  [SOCKET_EVENTS.getNotification]: (notification: Notification) => void;
  [SOCKET_EVENTS.getMessage]: (message: Message) => void;
  [SOCKET_EVENTS.getConversation]: (conversation: Conversation) => void;
  [SOCKET_EVENTS.getMessagesSeen]: (payload: MessagesSeenPayload) => void;
  [SOCKET_EVENTS.friendshipChanged]: (payload: FriendshipChangedPayload) => void;
  [SOCKET_EVENTS.getScrimMessage]: (payload: ScrimMessagePayload) => void;
  [SOCKET_EVENTS.getScrimusers]: (payload: ScrimChatUsers) => void;
  /** A scrim changed: as the receiving room may see it (lobby secrets only to its players, casters, admins). */
  [SOCKET_EVENTS.getScrimTransaction]: (scrim: Scrim) => void;
  [SOCKET_EVENTS.scrimDeleted]: (payload: { _id: string }) => void;
  [SOCKET_EVENTS.scrimStartNotification]: (payload: { scrimId: string; title: string }) => void;
  [SOCKET_EVENTS.tournamentInitialized]: (payload: { scrimId: string }) => void;
  [SOCKET_EVENTS.tournamentSkipped]: (payload: { scrimId: string; reason: 'disabled' | 'not_configured' }) => void;
  /** Riot's own words on a failed tournament code: to the admins only. */
  [SOCKET_EVENTS.tournamentError]: (payload: { scrimId: string; error: string }) => void;
  /** To the scrim's room: its match stats are in (or given up on); read GET /api/scrims/:id/match again. */
  [SOCKET_EVENTS.scrimMatch]: (payload: { scrimId: string; status: 'pending' | 'ready' | 'failed' }) => void;
  /** To the region's board room: something on its board changed; the page reads it again (ids only). */
  [SOCKET_EVENTS.boardChanged]: (payload: { region: Region }) => void;
  /** To the series' room: it changed; the page reads it again through the API (ids only). */
  [SOCKET_EVENTS.seriesChanged]: (payload: { seriesId: string }) => void;
  /** The scrim's draft, as the receiving socket may see it (hovers only to the hovering side's players). */
  [SOCKET_EVENTS.draftChange]: (payload: DraftChangePayload) => void;
  [USER_BANNED_EVENT]: (event: UserBannedEvent) => void;
}
export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Sessions every instance must drop from its cache: one session, or every session of some users. */
export type ForgetSessionsTarget = { tokenHash: string } | { userIds: string[] };

/** Between server instances, over the Redis adapter (`serverSideEmit`); never sent to or by a browser. */
export interface InterServerEvents {
  /** Forget cached sessions; each instance acknowledges once it has. */
  'auth:forget-sessions': (target: ForgetSessionsTarget, ack: (done: boolean) => void) => void;
  /** A scrim changed on the sending instance: reload it into the cached lists. */
  'scrims:scrim-changed': (scrimId: string) => void;
  /** Something that may touch every cached scrim list changed (an account deletion): drop them all. */
  'scrims:lists-changed': () => void;
}

/** What the server keeps on each socket (`socket.data`), set once from the handshake's session. */
export interface SocketData {
  userId: string;
  isAdmin: boolean;
  /** The SHA-256 of the session token of the handshake: the session this socket lives and dies with. */
  tokenHash: string;
  /**
   * The regions the user hosted at the handshake: the socket is in their host rooms, which carry their
   * scrims' lobby secrets; a grant or revoke joins or leaves them on every instance.
   */
  hostRegions: Region[];
}
