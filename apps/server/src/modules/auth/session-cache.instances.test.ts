import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.js';
import type { TestContext } from '../../test/app.js';
import { startFaultProxy, type FaultProxy } from '../../test/fault-proxy.js';
import { bearer, createAdmin, createUser, type TestUser } from '../../test/factories.js';
import { sharedRedis, startTwoInstances, type Instances } from '../../test/instances.js';
import { TEST_REDIS_URL } from '../../test/services.js';
import { SESSIONS_FORGET_EVENT } from './session-cache.js';

/**
 * Cached sessions across instances: what one instance ends or changes, every other stops serving from memory
 * before the first one answers (the forget is acknowledged through the Redis adapter). Two instances on one
 * database (`first` and `second`, TEST_REDIS_URL, a prefix of this run's own; the default 5 s cache), and a
 * third, `isolated`, that reaches Redis through a fault proxy and caches for 2 s: with its Redis cut it hears
 * nothing, and the TTL bounds how long it answers from a stale entry.
 */
const redis = await sharedRedis(
  'the cross-instance session cache tests (session-cache.instances.test.ts)',
  'session-cache-test',
);
const withRedis = redis !== null;
const ISOLATED_TTL_MS = 2_000;
const HOUR = 3_600_000;

let instances: Instances;
let first: TestContext;
let second: TestContext;
let isolated: TestContext;
let proxy: FaultProxy;

beforeAll(async () => {
  if (!redis) return;
  instances = await startTwoInstances({ redis });
  ({ first, second } = instances);
  proxy = await startFaultProxy(TEST_REDIS_URL);
  isolated = await instances.another({
    REDIS_URL: proxy.urlFor(TEST_REDIS_URL),
    SESSION_CACHE_TTL_MS: String(ISOLATED_TTL_MS),
  });
  // Until every instance hears the others (their adapters' subscriptions are in place).
  const heard = () =>
    first.app.io.serverSideEmitWithAck(SESSIONS_FORGET_EVENT, { userIds: [] }).then(
      (answers) => answers.length,
      () => 0,
    );
  const deadline = Date.now() + 10_000;
  while ((await heard()) !== 2) {
    if (Date.now() > deadline) throw new Error('the three instances do not hear each other through Redis');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  if (!withRedis) return;
  proxy.restore();
  await instances.close();
  await proxy.close();
});

const db = () => instances.db;
const verify = (ctx: TestContext, user: TestUser) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(user.token) });

/** `user`'s session, answered once by `ctx` (so it is in that instance's cache), and found there. */
async function warm(ctx: TestContext, user: TestUser) {
  expect((await verify(ctx, user)).statusCode).toBe(200);
  expect(ctx.app.sessionCache.size).toBeGreaterThan(0);
  expect(await ctx.app.sessionCache.get(hashToken(user.token))).not.toBeNull();
}

function ban(ctx: TestContext, admin: TestUser, target: TestUser) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/banUser',
    headers: bearer(admin.token),
    payload: {
      banUserId: target.id,
      dateFrom: new Date().toISOString(),
      dateTo: new Date(Date.now() + HOUR).toISOString(),
      reason: 'match fixing',
    },
  });
}

describe.skipIf(!withRedis)(
  'a session ended or changed on one instance is forgotten by the others in the same request',
  () => {
    it("a ban: the other instance's very next request is refused", async () => {
      const [admin, player] = await Promise.all([createAdmin({ db: db() }), createUser({ db: db() })]);
      await warm(second, player);
      expect((await ban(first, admin, player)).statusCode).toBe(200);
      expect((await verify(second, player)).statusCode).toBe(401);
    });

    it('a logout', async () => {
      const player = await createUser({ db: db() });
      await warm(second, player);
      const out = await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(player.token) });
      expect(out.statusCode).toBe(204);
      expect((await verify(second, player)).statusCode).toBe(401);
    });

    it("the account's deletion", async () => {
      const player = await createUser({ db: db() });
      await warm(second, player);
      const gone = await first.app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: bearer(player.token),
        payload: { confirmation: player.name },
      });
      expect(gone.statusCode).toBe(200);
      expect((await verify(second, player)).statusCode).toBe(401);
    });

    it("an admin's change of the user's profile", async () => {
      const [admin, player] = await Promise.all([createAdmin({ db: db() }), createUser({ db: db() })]);
      await warm(second, player);
      const changed = await first.app.inject({
        method: 'POST',
        url: `/api/admin/updateUser/${player.id}`,
        headers: bearer(admin.token),
        payload: { rank: 'Challenger' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await verify(second, player)).json().user.rank).toBe('Challenger');
    });

    it('a ban that starts later, then its unban: the session answers the current ban each time', async () => {
      const [admin, player] = await Promise.all([createAdmin({ db: db() }), createUser({ db: db() })]);
      await warm(second, player);
      const later = await first.app.inject({
        method: 'POST',
        url: '/api/admin/banUser',
        headers: bearer(admin.token),
        payload: {
          banUserId: player.id,
          dateFrom: new Date(Date.now() + HOUR).toISOString(),
          dateTo: new Date(Date.now() + 2 * HOUR).toISOString(),
          reason: 'later',
        },
      });
      expect(later.statusCode).toBe(200);
      // Not started: the session lives on (the cached entry was forgotten and looked up again).
      expect((await verify(second, player)).statusCode).toBe(200);
      const lifted = await first.app.inject({
        method: 'POST',
        url: '/api/admin/unbanUser',
        headers: bearer(admin.token),
        payload: { bannedUserId: player.id },
      });
      expect(lifted.statusCode).toBe(200);
      expect((await verify(second, player)).statusCode).toBe(200);
    });
  },
);

describe.skipIf(!withRedis)('with Redis cut off from an instance', () => {
  it('a ban answers without waiting for it, and its stale entry lasts no longer than its TTL', async () => {
    const [admin, player] = await Promise.all([createAdmin({ db: db() }), createUser({ db: db() })]);
    proxy.cut();
    await expect.poll(() => isolated.app.redis!.healthy, { timeout: 10_000 }).toBe(false);
    try {
      // The entry is cached between these two instants (when the warm-up's lookup ends): its TTL counts from then.
      const warmedAt = Date.now();
      await warm(isolated, player);
      const warmedBy = Date.now();
      const started = Date.now();
      expect((await ban(first, admin, player)).statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_500);
      // Nobody told it: within its TTL it still answers from memory (the rows are gone already)...
      const stale = await verify(isolated, player);
      if (Date.now() - warmedAt < ISOLATED_TTL_MS - 200) expect(stale.statusCode).toBe(200);
      // ...but never longer.
      await new Promise((resolve) => setTimeout(resolve, warmedBy + ISOLATED_TTL_MS + 50 - Date.now()));
      expect((await verify(isolated, player)).statusCode).toBe(401);
      expect((await verify(second, player)).statusCode).toBe(401);
    } finally {
      proxy.restore();
    }
  });
});
