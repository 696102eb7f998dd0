import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { MESSAGES, type SocketAck } from '@scrim-gym/shared';
import { AppError, databaseUnavailable, isDatabaseUnavailable } from './errors.js';
import { findNulText, NUL_TEXT_MESSAGE } from './nul-text.js';

/**
 * Listens to a client event whose payload is validated with `schema`. A bad payload or a refused action is
 * acknowledged with `{ok: false, error, code}` (when the client asked for an acknowledgement) and never throws;
 * a success is acknowledged with `{ok: true, data}`. Identity comes from the socket's handshake, not the payload.
 */
export function onClientEvent<S extends z.ZodType>(
  socket: Socket,
  event: string,
  schema: S,
  handler: (payload: z.output<S>) => Promise<unknown>,
  log: FastifyBaseLogger,
) {
  socket.on(event, async (...args: unknown[]) => {
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
      ack({ ok: true, data: await handler(parsed.data) });
    } catch (error) {
      const refusal = error instanceof AppError ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : null;
      if (refusal) {
        ack({ ok: false, error: refusal.message, code: refusal.code });
        return;
      }
      log.error({ err: error, event }, 'socket event failed');
      ack({ ok: false, error: MESSAGES.unexpected, code: 'INTERNAL' });
    }
  });
}
