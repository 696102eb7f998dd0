import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Database } from '../db/client.js';
import { friendships } from '../db/schema/index.js';
import { orderedPair } from '../lib/ordered-pair.js';
import { createTestApp, type TestContext } from './app.js';
import { bearer, type TestUser } from './factories.js';
import { expectError, type Method } from './scrim-api.js';
import { connectClient, listenLocally, type TestClient } from './socket-client.js';

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

// The socket client of the tests lives in socket-client.ts; re-exported for the social tests that import it here.
export { connectClient, disconnection, expectServed, listenLocally, type TestClient } from './socket-client.js';

/** Lets in-flight socket deliveries land before asserting that something did NOT arrive. */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

/**
 * The app of a social test file on its own database (with `env` on top of the test configuration), listening
 * locally for sockets. `call` injects requests; `client` connects a socket that is closed after the test.
 */
export function useSocialApp(env: Record<string, string> = {}) {
  let ctx: TestContext;
  let url: string;
  const open: TestClient[] = [];
  beforeAll(async () => {
    ctx = await createTestApp(env);
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
