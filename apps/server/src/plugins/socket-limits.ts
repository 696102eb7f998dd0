import {
  MESSAGE_MAX_LENGTH,
  PRESENCE_WATCH_MAX,
  REGIONS,
  SOCKET_EVENTS,
  type ClientEventName,
} from '@scrim-gym/shared';
import type { RateLimit } from '../lib/rate-limit.js';
import { boardRoom, presenceRoom, scrimChatRoom, scrimRoom, seriesRoom } from './socket-rooms.js';

/*
 * What one socket may send: the size and nesting of a packet, which events exist (and which of them write or
 * join rooms), how many rooms it may be in, and its budgets. Every limit sits well above what the web app sends.
 */

/**
 * The largest packet a client may send, in bytes, on both transports (engine.io's maxHttpBufferSize: a WebSocket
 * message, or a long-polling POST body, which the client splits to fit). The largest real event is a message:
 * 2000 characters, each at most 6 bytes once JSON-escaped (`\u001f`), plus its ids.
 */
export const SOCKET_MAX_PACKET_BYTES = 16 * 1024;

/** Nesting of arrays and objects in a packet. The deepest real one, `["watchPresence",{"userIds":[…]}]`, is 3. */
export const SOCKET_MAX_DEPTH = 8;

/** Binary attachments of one packet: no event of the protocol carries binary. */
export const SOCKET_MAX_ATTACHMENTS = 4;

export interface ClientEventRule {
  /** The whole packet (event name, payload, ack id), in characters of its JSON text. */
  maxChars: number;
  /** Writes, or joins rooms: the socket's session is checked again just before (one indexed look-up). */
  writes: boolean;
}

const ID_PACKET = 128;
const MESSAGE_PACKET = 6 * MESSAGE_MAX_LENGTH + 512;

/**
 * Every event a client may send. Anything else is refused (acknowledged with UNKNOWN_EVENT when asked), so a new
 * event has to be declared here, with its size and whether it writes, before any client can reach its handler.
 * Keyed by the contract's client events (ClientToServerEvents in packages/shared): an event added there without a
 * rule here, or a rule for an event the contract does not have, fails the typecheck.
 */
const RULES = {
  // Joins the presence rooms of the user's circle.
  [SOCKET_EVENTS.addUser]: { maxChars: 256, writes: true },
  [SOCKET_EVENTS.joinScrimRoom]: { maxChars: ID_PACKET, writes: true },
  [SOCKET_EVENTS.leaveScrimRoom]: { maxChars: ID_PACKET, writes: false },
  [SOCKET_EVENTS.joinRegionRoom]: { maxChars: ID_PACKET, writes: true },
  [SOCKET_EVENTS.watchPresence]: { maxChars: PRESENCE_WATCH_MAX * 40 + 256, writes: true },
  // Opening a scrim's chat may create its conversation, and joins its room.
  [SOCKET_EVENTS.scrimChatOpen]: { maxChars: 256, writes: true },
  [SOCKET_EVENTS.scrimChatClose]: { maxChars: 256, writes: false },
  [SOCKET_EVENTS.sendMessage]: { maxChars: MESSAGE_PACKET, writes: true },
  [SOCKET_EVENTS.sendScrimMessage]: { maxChars: MESSAGE_PACKET, writes: true },
  // The original client's relays: ignored (the server relays its own writes), so never worth a session check.
  [SOCKET_EVENTS.sendConversation]: { maxChars: SOCKET_MAX_PACKET_BYTES, writes: false },
  [SOCKET_EVENTS.sendNotification]: { maxChars: SOCKET_MAX_PACKET_BYTES, writes: false },
  [SOCKET_EVENTS.sendScrimTransaction]: { maxChars: SOCKET_MAX_PACKET_BYTES, writes: false },
  // Every region's name, quoted: the board without a region filter.
  [SOCKET_EVENTS.watchBoard]: { maxChars: 256, writes: true },
  [SOCKET_EVENTS.watchSeries]: { maxChars: ID_PACKET, writes: true },
  [SOCKET_EVENTS.unwatchSeries]: { maxChars: ID_PACKET, writes: false },
} as const satisfies Record<ClientEventName, ClientEventRule>;
export const CLIENT_EVENT_RULES: ReadonlyMap<string, ClientEventRule> = new Map(Object.entries(RULES));

export function clientEventRule(event: unknown): ClientEventRule | null {
  return (typeof event === 'string' && CLIENT_EVENT_RULES.get(event)) || null;
}

/** Packets other than events: the handshake (`{token}`), and acknowledgements (the server asks for none). */
export const OTHER_PACKET_MAX_CHARS = 1024;

/**
 * Rooms one socket may be in: its own, its user's, its session's and the admins' rooms, the presence of its
 * circle and of the players a page shows, a few scrims and scrim chats (the web app has one or two open).
 */
export const SOCKET_MAX_ROOMS = 1200;
export const SOCKET_ROOM_CAPS: readonly { prefix: string; max: number }[] = [
  { prefix: scrimRoom(''), max: 10 },
  { prefix: scrimChatRoom(''), max: 10 },
  { prefix: presenceRoom(''), max: 1100 },
  { prefix: boardRoom(''), max: REGIONS.length },
  { prefix: seriesRoom(''), max: 10 },
];

export interface SocketBudgets {
  /** Events of one socket. */
  perSocket: RateLimit;
  /** Events of all of a user's sockets on this instance (tabs). */
  perUser: RateLimit;
  /** Refused events a socket may send before it is disconnected. */
  strikes: RateLimit;
  /** Handshakes per session (a reconnecting loop costs a database look-up each). */
  handshakes: RateLimit;
}

/**
 * The budgets from the per-socket burst and rate (SOCKET_EVENTS_BURST, SOCKET_EVENTS_PER_SECOND): a user's tabs
 * together get three sockets' worth, so one flooding tab cannot starve the others.
 */
export function socketBudgets({ burst, perSecond }: { burst: number; perSecond: number }): SocketBudgets {
  return {
    perSocket: { capacity: burst, refillPerSecond: perSecond },
    perUser: { capacity: 3 * burst, refillPerSecond: 3 * perSecond },
    strikes: { capacity: 20, refillPerSecond: 0.1 },
    handshakes: { capacity: 30, refillPerSecond: 1 },
  };
}
