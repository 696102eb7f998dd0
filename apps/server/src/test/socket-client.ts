import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket as UntypedSocket } from 'socket.io-client';
import { expect } from 'vitest';
import {
  SESSION_COOKIE,
  SOCKET_EVENTS,
  type ClientEventAckData,
  type ClientEventName,
  type ClientEventPayload,
  type ClientToServerEvents,
  type ErrorCode,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type SocketAck,
} from '@scrim-gym/shared';

/*
 * The one Socket.IO client of the server's tests: a real socket.io-client connection, typed by the contract
 * (packages/shared/src/socket-contract.ts), that records every event it receives. Connect with `connectClient`
 * (resolves once connected) or `refusedHandshake` (resolves with the refusal); emit with an acknowledgement and a
 * timeout with `request`; wait for an event with `next`. Hostile input goes through `raw`, the same socket
 * without the contract's types.
 */

/** A socket of the web app's kind: the contract's events, both ways. */
export type TestSocket = UntypedSocket<ServerToClientEvents, ClientToServerEvents>;

export type Transport = 'websocket' | 'polling';

export interface ConnectOptions {
  /**
   * How the session travels: `auth` (the handshake's `auth.token`, what scripts send), `cookie` (the session
   * cookie, what the browser sends) or `bearer` (an `Authorization` header). Default `auth`.
   */
  via?: 'auth' | 'cookie' | 'bearer';
  transports?: Transport[];
  /** Extra handshake headers, e.g. an `origin`. */
  headers?: Record<string, string>;
}

/**
 * How long a client waits for an event or an answer: seconds on two loaded cores, where a real delay is a few ms.
 * An absence is never proven by this wait running out (see test/waiting.ts).
 */
const WAIT_MS = 10_000;

/** A connected client that records every event it receives, by name. */
export interface TestClient {
  socket: TestSocket;
  /** The same socket without the contract's types: for payloads and events no real client sends. */
  raw: UntypedSocket;
  events: { event: string; payload: unknown }[];
  /**
   * Resolves with the first payload of `event` (received from index `from` on) that matches `where`; rejects after
   * `timeoutMs` (WAIT_MS by default).
   */
  next<E extends ServerEventName>(
    event: E,
    where?: (payload: ServerEventPayload<E>) => boolean,
    from?: number,
    timeoutMs?: number,
  ): Promise<ServerEventPayload<E>>;
  next<T>(event: string, where?: (payload: T) => boolean, from?: number, timeoutMs?: number): Promise<T>;
  /** Payloads of `event` received so far. */
  all<E extends ServerEventName>(event: E): ServerEventPayload<E>[];
  all<T>(event: string): T[];
  /** Emits with an acknowledgement and resolves with it (rejects after `timeoutMs`, WAIT_MS by default). */
  request<E extends ClientEventName>(
    event: E,
    payload?: ClientEventPayload<E>,
    timeoutMs?: number,
  ): Promise<SocketAck<ClientEventAckData<E>>>;
  request<T = unknown>(event: string, payload?: unknown, timeoutMs?: number): Promise<SocketAck<T>>;
  close(): void;
}

/** A client socket for `token`, not yet connected (socket.io-client connects at once; no reconnection). */
export function openSocket(
  url: string,
  token: string | null,
  { via = 'auth', transports = ['websocket'], headers }: ConnectOptions = {},
): TestSocket {
  const extraHeaders: Record<string, string> = { ...headers };
  if (token !== null && via === 'cookie') extraHeaders.cookie = `${SESSION_COOKIE}=${token}`;
  if (token !== null && via === 'bearer') extraHeaders.authorization = `Bearer ${token}`;
  return connect(url, {
    ...(token !== null && via === 'auth' && { auth: { token } }),
    extraHeaders,
    transports,
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves once `socket` is connected; rejects with the handshake's refusal. */
export function connected(socket: TestSocket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** A refused handshake: the error the client got, with the server's `data.code`. Fails if it connects. */
export async function refusedHandshake(url: string, token: string | null, options?: ConnectOptions) {
  const socket = openSocket(url, token, options);
  try {
    return await new Promise<Error & { data?: { code?: ErrorCode } }>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected without a valid session')));
      socket.once('connect_error', (err) => resolve(err as Error & { data?: { code?: ErrorCode } }));
    });
  } finally {
    socket.disconnect();
  }
}

/** A connected client of `token`'s session, recording what it receives. */
export async function connectClient(url: string, token: string, options?: ConnectOptions): Promise<TestClient> {
  const socket = openSocket(url, token, options);
  const raw = socket as unknown as UntypedSocket;
  const events: TestClient['events'] = [];
  raw.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  await connected(socket);
  return {
    socket,
    raw,
    events,
    async next<T>(event: string, where: (payload: T) => boolean = () => true, from = 0, timeoutMs = WAIT_MS) {
      const started = Date.now();
      for (;;) {
        const found = events.slice(from).find((e) => e.event === event && where(e.payload as T));
        if (found) return found.payload as T;
        if (Date.now() - started > timeoutMs) throw new Error(`no ${event} received`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    all: <T>(event: string) => events.filter((e) => e.event === event).map((e) => e.payload as T),
    request: <T>(event: string, payload?: unknown, timeoutMs = WAIT_MS) =>
      raw.timeout(timeoutMs).emitWithAck(event, payload) as Promise<SocketAck<T>>,
    close: () => socket.disconnect(),
  };
}

/** The address of an app listening on a random local port (for socket tests). */
export async function listenLocally(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Resolves with the reason of the socket's disconnection (within `timeoutMs`, else 'still connected'). */
export function disconnection(c: Pick<TestClient, 'socket'>, timeoutMs = 5000) {
  if (c.socket.disconnected) return Promise.resolve('already disconnected');
  return new Promise<string>((resolve) => {
    c.socket.once('disconnect', (reason) => resolve(reason));
    setTimeout(() => resolve('still connected'), timeoutMs);
  });
}

/** Still connected and served: an acknowledged read-only event answers. */
export async function expectServed(c: TestClient) {
  expect(c.socket.connected).toBe(true);
  expect(await c.request(SOCKET_EVENTS.leaveScrimRoom, randomUUID())).toEqual({ ok: true, data: null });
}
