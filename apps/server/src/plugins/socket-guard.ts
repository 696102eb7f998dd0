import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES, type SocketAck } from '@scrim-gym/shared';
import { AppError } from '../lib/errors.js';
import { socketRefusal } from './socket-events.js';
import { createLocalTokenBucket } from '../lib/token-bucket.js';
import type { AppSocket as Socket } from './socket-types.js';
import { clientEventRule, SOCKET_MAX_ROOMS, SOCKET_ROOM_CAPS, type SocketBudgets } from './socket-limits.js';

type Ack = (answer: SocketAck) => void;

const RATE_LIMITED: SocketAck = { ok: false, error: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' };
const UNKNOWN_EVENT: SocketAck = { ok: false, error: MESSAGES.badRequest, code: 'UNKNOWN_EVENT' };
const tooManyRooms = () => new AppError(429, 'TOO_MANY_ROOMS', MESSAGES.tooManyRequests);

/**
 * Keeps `socket.join` within SOCKET_MAX_ROOMS rooms, and each kind of room (scrims, scrim chats, presence)
 * within its cap: a join over a cap throws TOO_MANY_ROOMS (onClientEvent acknowledges it) and joins nothing.
 * Installed on the socket itself, so every join, present or future, goes through it.
 */
function capRooms(socket: Socket) {
  const join = socket.join.bind(socket);
  socket.join = (rooms) => {
    const adding = [...new Set(typeof rooms === 'string' ? [rooms] : rooms)].filter((room) => !socket.rooms.has(room));
    if (socket.rooms.size + adding.length > SOCKET_MAX_ROOMS) throw tooManyRooms();
    for (const { prefix, max } of SOCKET_ROOM_CAPS) {
      const added = adding.filter((room) => room.startsWith(prefix)).length;
      if (added === 0) continue;
      let present = 0;
      for (const room of socket.rooms) if (room.startsWith(prefix)) present++;
      if (present + added > max) throw tooManyRooms();
    }
    return join(rooms);
  };
}

/**
 * Socket traffic under the same kind of budgets as HTTP, applied in one place, to every packet of every socket,
 * before any listener sees it (Socket.IO's `socket.use`):
 * - an event not declared in CLIENT_EVENT_RULES is refused (UNKNOWN_EVENT);
 * - each event takes a token from its socket's bucket, then from its user's (all their sockets on this instance;
 *   three sockets' worth, so one flooding tab leaves the others room); without one it is refused (RATE_LIMITED);
 * - refusals take a token from the socket's strikes: once those are spent the socket is disconnected;
 * - an event that writes or joins rooms first checks the session again (`assertSession`): an ended session is
 *   answered with its error and disconnects the socket.
 * Refusals are acknowledged `{ok: false, error, code}` when the client asked for an acknowledgement.
 *
 * In-memory buckets (lib/token-bucket.ts), not Redis: they guard this process's CPU and database pool per event,
 * where a Redis round trip per event would cost more than most events; a user's sockets on other instances are
 * those instances' load, and their buckets'.
 */
export function createSocketGuard({
  budgets,
  log,
  userIdOf,
  assertSession,
}: {
  budgets: SocketBudgets;
  log: FastifyBaseLogger;
  userIdOf: (socket: Socket) => string;
  assertSession: (socket: Socket) => Promise<unknown>;
}) {
  const users = createLocalTokenBucket({ ...budgets.perUser, maxKeys: 100_000 });
  const handshakes = createLocalTokenBucket({ ...budgets.handshakes, maxKeys: 100_000 });

  function protect(socket: Socket) {
    const own = createLocalTokenBucket({ ...budgets.perSocket, maxKeys: 1 });
    const strikes = createLocalTokenBucket({ ...budgets.strikes, maxKeys: 1 });
    const userId = userIdOf(socket);
    // One session look-up at a time per socket: events that come while one runs share its answer.
    let checking: Promise<unknown> | null = null;
    const checkSession = () =>
      (checking ??= assertSession(socket).finally(() => {
        checking = null;
      }));
    capRooms(socket);
    // A refused packet (over a limit, see socket-parser.ts) closes the connection; nothing more to say.
    socket.on('error', (err) => log.debug({ err, userId }, 'socket packet refused'));

    function refuse(ack: Ack | null, answer: SocketAck) {
      ack?.(answer);
      if (!strikes.take('').allowed) {
        log.warn({ userId }, 'socket disconnected: persistently over its budget');
        socket.disconnect(true);
      }
    }

    // Synchronous up to the session check: packets are judged in the order they came, at a few microseconds
    // each, and none is looked at once the socket is gone.
    socket.use((packet, next) => {
      if (socket.disconnected) return;
      const last: unknown = packet.at(-1);
      const ack = typeof last === 'function' ? (last as Ack) : null;
      const rule = clientEventRule(packet[0]);
      if (!rule) return refuse(ack, UNKNOWN_EVENT);
      if (!own.take('').allowed || !users.take(userId).allowed) return refuse(ack, RATE_LIMITED);
      if (!rule.writes) return next();
      checkSession().then(
        () => {
          if (socket.connected) next();
        },
        (error: unknown) => {
          const refusal = socketRefusal(error, log, String(packet[0]));
          ack?.(refusal);
          // An outage is no verdict on the session: the event fails, the socket stays.
          if (refusal.code !== 'DATABASE_UNAVAILABLE' && refusal.code !== 'INTERNAL') socket.disconnect(true);
        },
      );
    });
  }

  /** Takes one handshake from a session's budget, before its database look-up. */
  function admitHandshake(tokenHash: string) {
    return handshakes.take(tokenHash).allowed;
  }

  return { protect, admitHandshake };
}
