import type { FastifyBaseLogger } from 'fastify';
import type { Socket as UntypedSocket } from 'socket.io';
import type { z } from 'zod';
import { MESSAGES, type ClientEventAckData, type ClientEventName, type SocketAck } from '@scrim-gym/shared';
import type { AppSocket as Socket } from './socket-types.js';
import { AppError, databaseUnavailable, isDatabaseUnavailable } from '../lib/errors.js';
import { findNulText, NUL_TEXT_MESSAGE } from '../lib/nul-text.js';

/**
 * The acknowledgement of an event that failed: an AppError's own text and code, 503 while the database is out
 * of reach, else INTERNAL (logged).
 */
export function socketRefusal(error: unknown, log: FastifyBaseLogger, event: string): SocketAck & { ok: false } {
  const refusal = error instanceof AppError ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : null;
  if (refusal) return { ok: false, error: refusal.message, code: refusal.code };
  log.error({ err: error, event }, 'socket event failed');
  return { ok: false, error: MESSAGES.unexpected, code: 'INTERNAL' };
}

/**
 * Per socket, the end of its last queued handler. A socket's handlers run one at a time, in the order their
 * events came: one socket never has more than one event's queries in flight, so a burst from it waits its own
 * turn instead of filling the database queue ahead of everyone else's (with the embedded PGlite, queries also
 * take this process's CPU). Handlers whose turn comes after the socket is gone do not run: nobody would hear
 * their answer (a flooding socket disconnected with a queue of them).
 */
const queues = new WeakMap<Socket, Promise<unknown>>();
const GONE = Symbol('socket gone');

function runInTurn<T>(socket: Socket, task: () => Promise<T>): Promise<T | typeof GONE> {
  const turn = (queues.get(socket) ?? Promise.resolve()).then((): Promise<T | typeof GONE> =>
    socket.connected ? task() : Promise.resolve(GONE),
  );
  queues.set(
    socket,
    turn.catch(() => undefined),
  );
  return turn;
}

/**
 * Listens to a client event whose payload is validated with `schema`. A bad payload or a refused action is
 * acknowledged with `{ok: false, error, code}` (when the client asked for an acknowledgement) and never throws;
 * a success is acknowledged with `{ok: true, data}`. Identity comes from the socket's handshake, not the payload.
 * Before it runs, the guard of every socket (plugins/socket-guard.ts) has taken the event from the budgets and,
 * for an event that writes or joins rooms, checked the session again. Handlers of one socket run one at a time.
 */
export function onClientEvent<E extends ClientEventName, S extends z.ZodType>(
  socket: Socket,
  event: E,
  schema: S,
  handler: (payload: z.output<S>) => Promise<ClientEventAckData<E>>,
  log: FastifyBaseLogger,
) {
  // The arguments are whatever the client sent (validated below), not the contract's types.
  (socket as unknown as UntypedSocket).on(event as string, async (...args: unknown[]) => {
    const last = args.at(-1);
    const ack = typeof last === 'function' ? (last as (answer: SocketAck) => void) : () => {};
    const payload = typeof args[0] === 'function' ? undefined : args[0];
    // PostgreSQL text cannot hold U+0000 (see plugins/input.ts for HTTP).
    if (findNulText(payload) !== null) {
      ack({ ok: false, error: NUL_TEXT_MESSAGE, code: 'VALIDATION' });
      return;
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      ack({ ok: false, error: parsed.error.issues[0]?.message ?? MESSAGES.badRequest, code: 'VALIDATION' });
      return;
    }
    try {
      const data = await runInTurn(socket, () => handler(parsed.data));
      if (data !== GONE) ack({ ok: true, data });
    } catch (error) {
      ack(socketRefusal(error, log, event));
    }
  });
}
