import { RedisAdapter, type RedisAdapterOptions } from '@socket.io/redis-adapter';
import { withTimeout } from '../lib/timeout.js';
import type { RedisHandle } from '../lib/redis.js';

type BroadcastOptions = Parameters<RedisAdapter['broadcast']>[1];

/** The longest a cross-instance question (how many instances listen) may take before the answer is "just me". */
const SERVER_COUNT_TIMEOUT_MS = 1000;

/**
 * Socket.IO's Redis adapter, made to degrade instead of hang: while Redis is unhealthy every operation is
 * local (broadcasts reach this instance's sockets, `fetchSockets` answers from them, server-side emits are
 * dropped), so an instance keeps serving its own clients. The stock adapter would queue publishes in memory and
 * wait for answers from instances it cannot reach. Messages meant for other instances during the outage are
 * lost; caches that rely on them have a TTL.
 */
export function createResilientRedisAdapter(redis: RedisHandle, options: Partial<RedisAdapterOptions>) {
  const local = (opts: BroadcastOptions): BroadcastOptions =>
    redis.healthy ? opts : { ...opts, flags: { ...opts.flags, local: true } };

  class ResilientRedisAdapter extends RedisAdapter {
    override broadcast(packet: unknown, opts: BroadcastOptions) {
      super.broadcast(packet, local(opts));
    }
    override broadcastWithAck(
      packet: unknown,
      opts: BroadcastOptions,
      clientCountCallback: (clientCount: number) => void,
      ack: (...args: unknown[]) => void,
    ) {
      super.broadcastWithAck(packet, local(opts), clientCountCallback, ack);
    }
    override fetchSockets(opts: BroadcastOptions) {
      return super.fetchSockets(local(opts));
    }
    override addSockets(opts: BroadcastOptions, rooms: string[]) {
      super.addSockets(local(opts), rooms);
    }
    override delSockets(opts: BroadcastOptions, rooms: string[]) {
      super.delSockets(local(opts), rooms);
    }
    override disconnectSockets(opts: BroadcastOptions, close: boolean) {
      super.disconnectSockets(local(opts), close);
    }
    override serverSideEmit(packet: unknown[]) {
      if (redis.healthy) return super.serverSideEmit(packet);
      const ack = packet.at(-1);
      if (typeof ack === 'function') ack(null, []);
    }
    override async serverCount() {
      return redis.healthy ? withTimeout(super.serverCount(), SERVER_COUNT_TIMEOUT_MS, 1) : 1;
    }
    override async allRooms() {
      return redis.healthy ? super.allRooms() : new Set(this.rooms.keys());
    }
    override close() {
      // Unsubscribing from an unreachable Redis would only queue commands that the shutdown then rejects.
      if (redis.healthy) return super.close();
    }
  }

  // Socket.IO calls it with `new`: a function, not an arrow.
  return function adapter(nsp: unknown) {
    return new ResilientRedisAdapter(nsp, redis.pub, redis.sub, options);
  };
}
