import { createServer, connect, type Server, type Socket } from 'node:net';

export interface Upstream {
  host: string;
  port: number;
}

export type ProxyState = 'open' | 'cut' | 'paused';

export interface FaultProxy {
  /** Where clients connect: `127.0.0.1:<port>`. */
  readonly host: string;
  readonly port: number;
  readonly state: ProxyState;
  /** Connections currently forwarded (client side). */
  readonly connections: number;
  /** Replaces `url`'s host and port with the proxy's (e.g. a DATABASE_URL or REDIS_URL). */
  urlFor(url: string): string;
  /**
   * An outage: every open connection is reset and new ones are reset as soon as they arrive, so clients fail
   * fast (what a stopped or restarting server looks like).
   */
  cut(): void;
  /**
   * A partition: connections stay open but nothing goes through in either direction, and new ones hang
   * (what a lost network looks like: only the clients' own timeouts notice).
   */
  pause(): void;
  /** Forwards again; paused connections resume where they stopped. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy for fault tests: listens on a random local port and forwards each connection to an upstream,
 * trying them in turn (round-robin, skipping one that refuses), so it also serves as a tiny load balancer in
 * front of several server instances. `cut()`, `pause()` and `restore()` simulate outages without touching the
 * real service, which other tests may be using.
 */
export async function startFaultProxy(target: Upstream | string | Array<Upstream | string>): Promise<FaultProxy> {
  const upstreams = (Array.isArray(target) ? target : [target]).map(parseUpstream);
  if (upstreams.length === 0) throw new Error('startFaultProxy: no upstream');
  let state: ProxyState = 'open';
  let next = 0;
  const pairs = new Set<{ client: Socket; server: Socket | null }>();
  /** Connections that arrived while paused, waiting for restore(). */
  const waiting = new Set<Socket>();

  const server: Server = createServer((client) => {
    client.on('error', () => {});
    if (state === 'cut') {
      client.resetAndDestroy();
      return;
    }
    if (state === 'paused') {
      waiting.add(client);
      client.pause();
      client.once('close', () => waiting.delete(client));
      return;
    }
    forward(client);
  });

  /**
   * Connects `client` to the next upstream in turn; one that refuses is skipped for the next one this client has
   * not tried (other connections move the turn meanwhile, so the turn alone could land on a refused one again).
   */
  function forward(client: Socket, tried = new Set<Upstream>()) {
    let upstream = upstreams[next++ % upstreams.length]!;
    if (tried.has(upstream)) upstream = upstreams.find((u) => !tried.has(u))!;
    tried.add(upstream);
    const pair: { client: Socket; server: Socket | null } = { client, server: null };
    const up = connect(upstream.port, upstream.host);
    let connected = false;
    up.once('connect', () => {
      connected = true;
      pair.server = up;
      if (state === 'open') connectPair(pair);
    });
    up.on('error', () => {
      // Refused before connecting: the next upstream (a load balancer's failover); else give up.
      if (!connected && tried.size < upstreams.length && !client.destroyed) {
        pairs.delete(pair);
        forward(client, tried);
        return;
      }
      client.destroy();
    });
    client.once('close', () => {
      up.destroy();
      pairs.delete(pair);
    });
    up.once('close', () => {
      if (connected) client.destroy();
    });
    client.pause();
    pairs.add(pair);
  }

  // Unpiped and paused, a socket keeps what it receives in its buffer until it is piped again.
  function connectPair({ client, server: up }: { client: Socket; server: Socket | null }) {
    if (!up) return;
    client.pipe(up);
    up.pipe(client);
  }
  function disconnectPair({ client, server: up }: { client: Socket; server: Socket | null }) {
    if (!up) return;
    client.unpipe(up);
    up.unpipe(client);
    client.pause();
    up.pause();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('startFaultProxy: not listening');

  return {
    host: '127.0.0.1',
    port: address.port,
    get state() {
      return state;
    },
    get connections() {
      return pairs.size;
    },
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(address.port);
      return parsed.toString();
    },
    cut() {
      state = 'cut';
      for (const { client, server: up } of pairs) {
        client.resetAndDestroy();
        up?.resetAndDestroy();
      }
      pairs.clear();
      for (const client of waiting) client.resetAndDestroy();
      waiting.clear();
    },
    pause() {
      state = 'paused';
      for (const pair of pairs) disconnectPair(pair);
    },
    restore() {
      const wasPaused = state === 'paused';
      state = 'open';
      if (!wasPaused) return;
      for (const pair of pairs) connectPair(pair);
      for (const client of waiting) forward(client);
      waiting.clear();
    },
    async close() {
      for (const { client, server: up } of pairs) {
        client.destroy();
        up?.destroy();
      }
      for (const client of waiting) client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function parseUpstream(target: Upstream | string): Upstream {
  if (typeof target !== 'string') return target;
  const url = new URL(target);
  const defaults: Record<string, number> = { 'postgres:': 5432, 'postgresql:': 5432, 'redis:': 6379, 'http:': 80 };
  return { host: url.hostname || '127.0.0.1', port: Number(url.port) || defaults[url.protocol] || 80 };
}
