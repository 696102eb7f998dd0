import type { ClientEventAckData, ClientEventName, ClientEventPayload, SocketAck } from '@scrim-gym/shared';
import { getSocket } from '../../../lib/socket';

const ACK_TIMEOUT_MS = 10_000;

/** Emits a client event and waits for the server's `{ok, data}` / `{ok: false, error}` acknowledgement. */
export async function emitWithAck<E extends ClientEventName>(
  userId: string,
  event: E,
  payload: ClientEventPayload<E>,
): Promise<ClientEventAckData<E>> {
  const socket = await getSocket(userId);
  const timed = socket.timeout(ACK_TIMEOUT_MS);
  // Socket.IO types emitWithAck only for events whose ack is a required last parameter; ours is optional.
  const emit = timed.emitWithAck as (event: E, payload: ClientEventPayload<E>) => Promise<unknown>;
  const ack = (await emit.call(timed, event, payload)) as SocketAck<ClientEventAckData<E>>;
  if (!ack.ok) throw new Error(ack.error);
  return ack.data as ClientEventAckData<E>;
}
