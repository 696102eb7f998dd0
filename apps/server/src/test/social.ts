import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { SOCKET_EVENTS, type SocketAck } from '@scrim-gym/shared';
import type { Database } from '../db/client.js';
import { friendships } from '../db/schema/index.js';
import { orderedPair } from '../lib/ordered-pair.js';
import { createTestApp, type TestContext } from './app.js';
import { bearer, type TestUser } from './factories.js';
import { expectError, type Method } from './scrim-api.js';

/** Makes two users friends directly in the database (no notification, no socket event). */
export async function befriend({ db, a, b }: { db: Database; a: Pick<TestUser, 'id'>; b: Pick<TestUser, 'id'> }) {
  const { low, high } = orderedPair(a.id, b.id);
  await db.insert(friendships).values({ userLowId: low, userHighId: high });
}

/** One call through `app.inject()`, with `token` as `Authorization: Bearer`. */
export function callApi(app: FastifyInstance) {
  return (method: Method, url: string, token?: string, payload?: InjectOptions['payload']) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined && { payload }) });
}

/** The JSON body of a response with this status. */
export function expectStatus<T = unknown>(res: LightMyRequestResponse, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

export const expectNoSession = (res: LightMyRequestResponse) => expectError(res, 401, 'UNAUTHORIZED');
export const expectBanned = (res: LightMyRequestResponse) => {
  const body = expectError(res, 403, 'BANNED');
  expect(body.error).toMatch(/^You are banned until .+\. Reason: griefing$/);
};
export const expectValidation = (res: LightMyRequestResponse) => expectError(res, 400, 'VALIDATION');

/** The address of an app listening on a random local port (for socket tests). */
export async function listenLocally(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** A connected socket.io client that records every event it receives, by name. */
export interface TestClient {
  socket: Socket;
  events: { event: string; payload: unknown }[];
  /** Resolves with the first payload of `event` (received from index `from` on) that matches `where`. */
  next<T>(event: string, where?: (payload: T) => boolean, from?: number, timeoutMs?: number): Promise<T>;
  /** Payloads of `event` received so far. */
  all<T>(event: string): T[];
  /** Emits with an acknowledgement and resolves with it. */
  request<T = unknown>(event: string, payload?: unknown): Promise<SocketAck<T>>;
  close(): void;
}

export async function connectClient(
  url: string,
  token: string,
  { transports = ['websocket'] }: { transports?: ('websocket' | 'polling')[] } = {},
): Promise<TestClient> {
  const socket = connect(url, { auth: { token }, transports, reconnection: false, forceNew: true });
  const events: TestClient['events'] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    events,
    async next<T>(event: string, where: (payload: T) => boolean = () => true, from = 0, timeoutMs = 3000) {
      const started = Date.now();
      for (;;) {
        const found = events.slice(from).find((e) => e.event === event && where(e.payload as T));
        if (found) return found.payload as T;
        if (Date.now() - started > timeoutMs) throw new Error(`no ${event} received`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    all: <T>(event: string) => events.filter((e) => e.event === event).map((e) => e.payload as T),
    request: <T>(event: string, payload?: unknown) =>
      socket.timeout(3000).emitWithAck(event, payload) as Promise<SocketAck<T>>,
    close: () => socket.disconnect(),
  };
}

/** Lets in-flight socket deliveries land before asserting that something did NOT arrive. */
/** Resolves with the reason of the socket's disconnection (within `timeoutMs`, else 'still connected'). */
export function disconnection(c: TestClient, timeoutMs = 5000) {
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

export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

/**
 * The app of a social test file on its own database, listening locally for sockets. `call` injects requests;
 * `client` connects a socket that is closed after the test.
 */
export function useSocialApp() {
  let ctx: TestContext;
  let url: string;
  const open: TestClient[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    url = await listenLocally(ctx.app);
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  afterAll(() => ctx.close());
  return {
    app: () => ctx.app,
    db: () => ctx.database.db,
    call: (...args: Parameters<ReturnType<typeof callApi>>) => callApi(ctx.app)(...args),
    async client(token: string) {
      const c = await connectClient(url, token);
      open.push(c);
      return c;
    },
  };
}
