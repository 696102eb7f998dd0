import { EventEmitter } from 'node:events';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { exceedsJsonDepth } from '../lib/json-depth.js';
import {
  clientEventRule,
  OTHER_PACKET_MAX_CHARS,
  SOCKET_MAX_ATTACHMENTS,
  SOCKET_MAX_DEPTH,
  SOCKET_MAX_PACKET_BYTES,
} from './socket-limits.js';

/** A packet over a limit: Socket.IO closes the connection that sent it. */
export class SocketPacketRefused extends Error {
  override name = 'SocketPacketRefused';
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * Where the JSON of a packet string begins, read as socket.io-parser reads it: the type digit, `<n>-` for a
 * binary packet, `/namespace,`, then the ack id. (The parser also lets whitespace into the id; a scan that starts
 * earlier, at that whitespace, counts the same depth.)
 */
function jsonStart(packet: string): number {
  let i = 1;
  const type = packet.charCodeAt(0) - 48;
  if (type === PacketType.BINARY_EVENT || type === PacketType.BINARY_ACK) {
    const dash = packet.indexOf('-', 1);
    i = dash === -1 ? packet.length : dash + 1;
  }
  if (packet[i] === '/') {
    const comma = packet.indexOf(',', i);
    i = comma === -1 ? packet.length : comma + 1;
  }
  while (i < packet.length && isDigit(packet.charCodeAt(i))) i++;
  return i;
}

const sizeOf = (chunk: unknown) =>
  chunk instanceof ArrayBuffer || ArrayBuffer.isView(chunk) ? chunk.byteLength : SOCKET_MAX_PACKET_BYTES + 1;

function maxCharsOf(packet: Packet): number {
  if (packet.type !== PacketType.EVENT) return OTHER_PACKET_MAX_CHARS;
  const event: unknown = Array.isArray(packet.data) ? packet.data[0] : undefined;
  return clientEventRule(event)?.maxChars ?? OTHER_PACKET_MAX_CHARS;
}

/**
 * socket.io-parser's decoder behind limits that cost one pass over the text: before JSON.parse, a packet longer
 * than SOCKET_MAX_PACKET_BYTES or nested deeper than SOCKET_MAX_DEPTH is refused; once decoded, an event larger
 * than its own limit (CLIENT_EVENT_RULES) is refused. A refusal throws, and Socket.IO then closes the connection,
 * whichever the transport. (engine.io's maxHttpBufferSize already cuts longer messages and POST bodies; this
 * holds on its own.)
 */
export class LimitedDecoder extends EventEmitter {
  private readonly inner = new Decoder({ maxAttachments: SOCKET_MAX_ATTACHMENTS });
  /** Characters (and binary bytes) of the packet being decoded. */
  private size = 0;

  constructor() {
    super();
    // Emitted synchronously from inner.add(): a throw here reaches Socket.IO's catch around add().
    this.inner.on('decoded', (packet: Packet) => {
      if (this.size > maxCharsOf(packet)) throw new SocketPacketRefused('packet larger than its event allows');
      this.emit('decoded', packet);
    });
  }

  add(chunk: unknown) {
    if (typeof chunk === 'string') {
      if (chunk.length > SOCKET_MAX_PACKET_BYTES) throw new SocketPacketRefused('packet too large');
      if (exceedsJsonDepth(chunk, SOCKET_MAX_DEPTH, jsonStart(chunk))) {
        throw new SocketPacketRefused('packet nested too deeply');
      }
      this.size = chunk.length;
    } else {
      this.size += sizeOf(chunk);
      if (this.size > SOCKET_MAX_PACKET_BYTES) throw new SocketPacketRefused('packet too large');
    }
    this.inner.add(chunk);
  }

  destroy() {
    this.inner.destroy();
  }
}

/** Socket.IO's `parser` option: the stock encoder, the limited decoder. */
export const limitedParser = { Encoder, Decoder: LimitedDecoder };
