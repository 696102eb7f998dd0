import type { SocketAck } from '@scrim-gym/shared';
import { getSocket } from '../../../lib/socket';

const ACK_TIMEOUT_MS = 10_000;

/** Emits a client event and waits for the server's `{ok, data}` / `{ok: false, error}` acknowledgement. */
export async function emitWithAck<T>(userId: string, event: string, payload: unknown): Promise<T> {
  const socket = await getSocket(userId);
  const ack = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload)) as SocketAck<T>;
  if (!ack.ok) throw new Error(ack.error);
  return ack.data as T;
}
