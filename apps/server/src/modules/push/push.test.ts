import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUSH_MESSAGES,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushPublicKeyResponse,
  type PushSubscribeResponse,
} from '@scrim-gym/shared';
import { pushSubscriptions, serverSecrets } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { fakeBrowser } from '../../test/fake-push.js';
import { expectError } from '../../test/scrim-api.js';
import { callApi, expectBanned, expectNoSession, expectStatus, expectValidation } from '../../test/social.js';
import { VAPID_SECRET_NAME } from './push.vapid.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const call = (...args: Parameters<ReturnType<typeof callApi>>) => callApi(ctx.app)(...args);
const endpoint = (name: string) => `https://fcm.googleapis.com/fcm/send/${name}`;
const subscribe = (user: TestUser | undefined, body: InjectOptions['payload']) =>
  call('POST', '/api/push/subscribe', user?.token, body);
const unsubscribe = (user: TestUser | undefined, body: InjectOptions['payload']) =>
  call('DELETE', '/api/push/subscribe', user?.token, body);

const rowsOf = (userId: string) =>
  db()
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
const totalRows = async () => (await db().select({ n: count() }).from(pushSubscriptions))[0]!.n;

describe('GET /api/push/public-key', () => {
  it('gives every caller, visitors included, the same generated VAPID public key, stored once', async () => {
    const player = await createUser({ db: db() });
    const first = expectStatus<PushPublicKeyResponse>(await call('GET', '/api/push/public-key'), 200);
    const again = expectStatus<PushPublicKeyResponse>(await call('GET', '/api/push/public-key', player.token), 200);
    expect(again).toEqual(first);
    // A P-256 point, base64url without padding: what pushManager.subscribe takes as applicationServerKey.
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    const secrets = await db().select().from(serverSecrets).where(eq(serverSecrets.name, VAPID_SECRET_NAME));
    expect(secrets).toHaveLength(1);
    expect(JSON.parse(secrets[0]!.value)).toMatchObject({ publicKey: first.publicKey });
  });

  it('gives the configured key pair when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set, and stores nothing', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = await createTestApp({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(expectStatus<PushPublicKeyResponse>(res, 200)).toEqual({ publicKey: keys.publicKey });
      expect(await configured.database.db.select().from(serverSecrets)).toEqual([]);
    } finally {
      await configured.close();
    }
  });
});

describe('POST /api/push/subscribe', () => {
  it('refuses visitors (401) and banned users (403), whatever the body, writing nothing', async () => {
    const banned = await createBannedUser({ db: db() });
    const before = await totalRows();
    for (const body of [fakeBrowser().subscription(endpoint('b1')), {}, { endpoint: 'nope' }]) {
      expectNoSession(await subscribe(undefined, body));
      expectBanned(await subscribe(banned, body));
      expectNoSession(await unsubscribe(undefined, body));
      expectBanned(await unsubscribe(banned, body));
    }
    expect(await totalRows()).toBe(before);
  });

  it("stores the browser's subscription for the session user (201), once per endpoint", async () => {
    const player = await createUser({ db: db() });
    const body = fakeBrowser().subscription(endpoint(`p-${player.id}`));
    const answer = expectStatus<PushSubscribeResponse>(await subscribe(player, { ...body, expirationTime: null }), 201);
    expect(answer).toEqual({ endpoint: body.endpoint });
    expectStatus(await subscribe(player, body), 201);
    const rows = await rowsOf(player.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: body.endpoint, ...body.keys, lastSuccessAt: null });
  });

  it('gives an endpoint to the last user who subscribed it, with the new keys (one browser, one user)', async () => {
    const [first, second] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const shared = endpoint(`shared-${first.id}`);
    expectStatus(await subscribe(first, fakeBrowser().subscription(shared)), 201);
    const renewed = fakeBrowser().subscription(shared);
    expectStatus(await subscribe(second, renewed), 201);
    expect(await rowsOf(first.id)).toEqual([]);
    expect(await rowsOf(second.id)).toEqual([expect.objectContaining({ endpoint: shared, ...renewed.keys })]);
  });

  it(`keeps a user's ${PUSH_SUBSCRIPTIONS_PER_USER} newest subscriptions`, async () => {
    const player = await createUser({ db: db() });
    const endpoints = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER + 2 }, (_, i) =>
      endpoint(`many-${player.id}-${i}`),
    );
    for (const url of endpoints) expectStatus(await subscribe(player, fakeBrowser().subscription(url)), 201);
    const kept = (await rowsOf(player.id)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(endpoints.slice(2).sort());
  });

  it('lets an admin subscribe their own browser like anyone', async () => {
    const admin = await createAdmin({ db: db() });
    expectStatus(await subscribe(admin, fakeBrowser().subscription(endpoint(`admin-${admin.id}`))), 201);
    expect(await rowsOf(admin.id)).toHaveLength(1);
  });

  it('refuses malformed subscriptions with a clear 400, writing nothing', async () => {
    const player = await createUser({ db: db() });
    const good = fakeBrowser().subscription(endpoint(`bad-${player.id}`));
    const bad: InjectOptions['payload'][] = [
      {},
      { endpoint: good.endpoint },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: `https://push.example.com/${'x'.repeat(2100)}` },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } },
      { ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } },
      { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, -1)}+` } },
      { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, expirationTime: 'tomorrow' },
    ];
    for (const body of bad) expectValidation(await subscribe(player, body));
    expect(await rowsOf(player.id)).toEqual([]);
  });

  it('refuses an endpoint that is not https on a public push service (400 PUSH_ENDPOINT_REFUSED), writing nothing', async () => {
    const player = await createUser({ db: db() });
    const browser = fakeBrowser();
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc',
      'ftp://fcm.googleapis.com/abc',
      'https://10.0.0.1/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://intranet/push',
      'https://push.example.com:8443/push',
      'https://user:pw@push.example.com/push',
      'http://192.168.1.5:8080/push',
      'http://127.0.0.1/push',
      'http://127.0.0.1:4567/push',
      'http://localhost:4567/push',
    ];
    for (const url of refused) {
      expectError(
        await subscribe(player, browser.subscription(url)),
        400,
        'PUSH_ENDPOINT_REFUSED',
        PUSH_MESSAGES.endpointNotHttps,
      );
    }
    expect(await rowsOf(player.id)).toEqual([]);
  });

  it('takes a local push service (http://127.0.0.1:<port>, http://localhost:<port>) only with PUSH_ALLOW_LOCAL_ENDPOINTS=true, never because NODE_ENV is not production', async () => {
    const local = ['http://127.0.0.1:4567/push/a', 'http://localhost:4567/push/b'];
    // This app runs with NODE_ENV=test and without the setting: refused.
    const player = await createUser({ db: db() });
    for (const url of local) {
      expectError(
        await subscribe(player, fakeBrowser().subscription(url)),
        400,
        'PUSH_ENDPOINT_REFUSED',
        PUSH_MESSAGES.endpointNotHttps,
      );
    }
    expect(await rowsOf(player.id)).toEqual([]);

    const allowedEnvs: Record<string, string>[] = [
      { PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' },
      {
        PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://scrim-gym.test',
        LOG_LEVEL: 'silent',
      },
    ];
    for (const env of allowedEnvs) {
      const allowed = await createTestApp(env);
      try {
        const someone = await createUser({ db: allowed.database.db });
        for (const url of local) {
          const res = await callApi(allowed.app)(
            'POST',
            '/api/push/subscribe',
            someone.token,
            fakeBrowser().subscription(url),
          );
          expectStatus(res, 201);
        }
        // Still only on this machine, with a port, over http.
        for (const url of ['http://10.0.0.1:4567/push', 'http://127.0.0.1/push', 'http://push.example.com:4567/push']) {
          const res = await callApi(allowed.app)(
            'POST',
            '/api/push/subscribe',
            someone.token,
            fakeBrowser().subscription(url),
          );
          expectError(res, 400, 'PUSH_ENDPOINT_REFUSED');
        }
      } finally {
        await allowed.close();
      }
    }
  });
});

describe('DELETE /api/push/subscribe', () => {
  it("removes the caller's subscription of that endpoint (204), and is a no-op the second time", async () => {
    const player = await createUser({ db: db() });
    const [a, b] = [endpoint(`del-a-${player.id}`), endpoint(`del-b-${player.id}`)];
    for (const url of [a, b]) expectStatus(await subscribe(player, fakeBrowser().subscription(url)), 201);
    expect((await unsubscribe(player, { endpoint: a })).statusCode).toBe(204);
    expect((await rowsOf(player.id)).map((r) => r.endpoint)).toEqual([b]);
    expect((await unsubscribe(player, { endpoint: a })).statusCode).toBe(204);
    expect(await rowsOf(player.id)).toHaveLength(1);
  });

  it("never removes another user's subscription, admins' calls included", async () => {
    const [owner, other] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const admin = await createAdmin({ db: db() });
    const url = endpoint(`mine-${owner.id}`);
    expectStatus(await subscribe(owner, fakeBrowser().subscription(url)), 201);
    for (const caller of [other, admin]) expect((await unsubscribe(caller, { endpoint: url })).statusCode).toBe(204);
    expect(await rowsOf(owner.id)).toHaveLength(1);
  });

  it('refuses a missing or malformed endpoint (400), removing nothing', async () => {
    const player = await createUser({ db: db() });
    expectStatus(await subscribe(player, fakeBrowser().subscription(endpoint(`keep-${player.id}`))), 201);
    for (const body of [undefined, {}, { endpoint: 42 }, { endpoint: 'x'.repeat(3000) }]) {
      expectValidation(await unsubscribe(player, body));
    }
    expect(await rowsOf(player.id)).toHaveLength(1);
  });
});
