import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../test/app.js';
import { bearer, createSession, createUser } from '../test/factories.js';
import { sharedRedis, startTwoInstances, type Instances } from '../test/instances.js';
import { connectClient, disconnection, expectServed, type TestClient } from '../test/social.js';
import { endUserSockets } from '../modules/auth/index.js';

/**
 * The end of a session reaches its sockets on every instance: two instances on one database, sharing rooms
 * through Redis (TEST_REDIS_URL; channels under a prefix of this run's own). The session is ended on the first,
 * the sockets live on the second, whose periodic check (default 60 s) cannot be what disconnects them. A ban
 * across instances: modules/admin/admin.instances.test.ts.
 */
const redis = await sharedRedis('the cross-instance session tests (io.sessions.instances.test.ts)', 'io-sessions-test');
const withRedis = redis !== null;

let instances: Instances;
let first: TestContext;
let secondUrl: string;
const open: TestClient[] = [];

beforeAll(async () => {
  if (!redis) return;
  instances = await startTwoInstances({ redis });
  first = instances.first;
  secondUrl = await instances.url(instances.second);
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
afterAll(async () => {
  if (!withRedis) return;
  await instances.close();
});

const db = () => instances.db;

async function tabOnSecond(token: string) {
  const c = await connectClient(secondUrl, token);
  open.push(c);
  return c;
}

describe.skipIf(!withRedis)('across two instances (Redis)', () => {
  it("a logout on one instance disconnects that session's sockets on the other, not the user's other session", async () => {
    const user = await createUser({ db: db() });
    const otherSession = await tabOnSecond(await createSession({ db: db(), userId: user.id, email: user.email! }));
    const loggedOut = await tabOnSecond(user.token);
    const ended = disconnection(loggedOut, 10_000);
    const res = await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user.token) });
    expect(res.statusCode).toBe(204);
    expect(await ended).toBe('io server disconnect');
    await expectServed(otherSession);
  });

  it("endUserSockets on one instance (an account deletion) disconnects the user's sockets on the other", async () => {
    const [user, other] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const tab = await tabOnSecond(user.token);
    const bystander = await tabOnSecond(other.token);
    const ended = disconnection(tab, 10_000);
    endUserSockets({ io: first.app.io, userId: user.id });
    expect(await ended).toBe('io server disconnect');
    await expectServed(bystander);
  });
});
