import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES, SOCIAL_MESSAGES, type PushPayload, type PushPublicKeyResponse } from '@scrim-gym/shared';
import { pushSubscriptions, sessions } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { findJobs } from '../../jobs/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { fakeBrowser, startFakePushService, verifyVapid, type FakeBrowser } from '../../test/fake-push.js';
import { createScrim } from '../../test/scrim-factories.js';
import { callApi, expectStatus, settle } from '../../test/social.js';
import { createNotification, insertNotificationRows, notifyScrimStart } from '../notifications/index.js';
import { PUSH_MAX_AGE_MS, PUSH_SEND_JOB } from './push.delivery.js';

/**
 * Every published 'scrim_alert' reaches its owner's subscribed browsers: sent to a local push service, decrypted
 * here with the fake browser's own keys, signed with the server's VAPID key. The job runner runs as in
 * production (started, woken after each queue).
 */
let ctx: TestContext;
let push: Awaited<ReturnType<typeof startFakePushService>>;
let publicKey: string;
beforeAll(async () => {
  // The fake push service is on 127.0.0.1: local endpoints are allowed here (push.endpoints.test.ts: not elsewhere).
  [ctx, push] = await Promise.all([createTestApp({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' }), startFakePushService()]);
  ctx.app.jobs.start();
  publicKey = expectStatus<PushPublicKeyResponse>(await ctx.app.inject({ url: '/api/push/public-key' }), 200).publicKey;
});
afterAll(async () => {
  await ctx.close();
  await push.close();
});

const db = () => ctx.database.db;
const deps = () => ({ db: db(), notifier: ctx.app.notifier });

/** A user with `browsers.length` subscribed browsers on the fake push service, through the API. */
async function subscribedUser(...names: string[]) {
  const user = await createUser({ db: db() });
  const browsers: { browser: FakeBrowser; endpoint: string }[] = [];
  for (const name of names) {
    const browser = fakeBrowser();
    const endpoint = push.endpoint(`${name}-${user.id}`);
    expectStatus(
      await callApi(ctx.app)('POST', '/api/push/subscribe', user.token, browser.subscription(endpoint)),
      201,
    );
    browsers.push({ browser, endpoint });
  }
  return { user, browsers };
}

const alert = (user: TestUser, scrimId: string, message: string) =>
  createNotification({ deps: deps(), userId: user.id, kind: 'scrim_alert', message, relatedScrimId: scrimId });

/** The pushes that arrived at `endpoint`, decrypted by `browser`. */
function pushesTo(endpoint: string, browser: FakeBrowser): PushPayload[] {
  const path = new URL(endpoint).pathname;
  return push.received.filter((r) => r.path === path).map((r) => JSON.parse(browser.decrypt(r.body)) as PushPayload);
}

const subscriptionRow = async (endpoint: string) =>
  (await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

/** Waits until `endpoint` got `count` pushes (the job runs after the action's commit). */
async function arrived(endpoint: string, count = 1) {
  const path = new URL(endpoint).pathname;
  const deadline = Date.now() + 10_000;
  while (push.received.filter((r) => r.path === path).length < count) {
    if (Date.now() > deadline) throw new Error(`no push at ${endpoint}`);
    await settle(50);
  }
}

describe("a published 'scrim_alert' goes to every subscribed browser of its owner", () => {
  it('encrypted for each browser (aes128gcm), signed with VAPID, as { title, body, url, tag }; last_success_at is stamped', async () => {
    const { user, browsers } = await subscribedUser('phone', 'laptop');
    const scrim = await createScrim({ db: db() });
    const message = `Check-in for ${scrim.title} is open`;
    const stored = await alert(user, scrim.id, message);

    for (const { browser, endpoint } of browsers) {
      await arrived(endpoint);
      expect(pushesTo(endpoint, browser)).toEqual([
        { title: PUSH_MESSAGES.pushTitle, body: message, url: `/scrims/${scrim.id}`, tag: `scrim-${scrim.id}` },
      ]);
      const [received] = push.received.filter((r) => r.path === new URL(endpoint).pathname);
      expect(received!.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(received!.headers.ttl)).toBeGreaterThan(0);
      const { claims, publicKey: signedBy } = verifyVapid(received!.headers.authorization, push.origin);
      expect(signedBy).toBe(publicKey);
      expect(claims.sub).toBe(ctx.config.vapidSubject);
      await expect.poll(async () => (await subscriptionRow(endpoint))?.lastSuccessAt).toBeInstanceOf(Date);
    }
    // A browser cannot read another's push: each is encrypted to its own keys.
    const [phone, laptop] = browsers;
    const phonePush = push.received.find((r) => r.path === new URL(phone!.endpoint).pathname)!;
    expect(() => laptop!.browser.decrypt(phonePush.body)).toThrow();
    expect(stored.kind).toBe('scrim_alert');
  });

  it("the scrim start's push says the scrim is starting and never carries the lobby name or password", async () => {
    const { user, browsers } = await subscribedUser('start');
    const scrim = await createScrim({ db: db(), lobbyName: 'SecretLobbyName', lobbyPassword: 'hunter22' });
    await notifyScrimStart({ deps: deps(), scrimId: scrim.id, title: scrim.title, userIds: [user.id] });
    const [{ browser, endpoint }] = browsers as [{ browser: FakeBrowser; endpoint: string }];
    await arrived(endpoint);
    const [payload] = pushesTo(endpoint, browser);
    expect(payload).toEqual({
      title: PUSH_MESSAGES.pushTitle,
      body: SOCIAL_MESSAGES.scrimStartingNotification(scrim.title),
      url: `/scrims/${scrim.id}`,
      tag: `scrim-${scrim.id}`,
    });
    const raw = JSON.stringify(payload);
    for (const secret of [scrim.lobbyName, scrim.lobbyPassword]) expect(raw).not.toContain(secret);
  });

  it('goes once per notification: one job, however often the batch is published', async () => {
    const { user, browsers } = await subscribedUser('once');
    const scrim = await createScrim({ db: db() });
    const stored = await insertNotificationRows({
      db: db(),
      values: [{ userId: user.id, kind: 'scrim_alert', message: 'Only once', relatedScrimId: scrim.id }],
    });
    ctx.app.notifier.publish(stored);
    ctx.app.notifier.publish(stored);
    const [{ browser, endpoint }] = browsers as [{ browser: FakeBrowser; endpoint: string }];
    await arrived(endpoint);
    const jobs = await findJobs({ db: db(), dedupeKey: `push:${stored[0]!.notification._id}` });
    expect(jobs).toHaveLength(1);
    await expect.poll(async () => (await findJobs({ db: db(), ids: [jobs[0]!.id] }))[0]?.completedAt).toBeTruthy();
    expect(pushesTo(endpoint, browser)).toHaveLength(1);
  });

  it('sends nothing for other kinds, nor for owners without a subscription (no job either)', async () => {
    const { user, browsers } = await subscribedUser('quiet');
    const unsubscribed = await createUser({ db: db() });
    const scrim = await createScrim({ db: db() });
    const before = (await findJobs({ db: db(), kind: PUSH_SEND_JOB })).length;
    await createNotification({ deps: deps(), userId: user.id, kind: 'general', message: 'a reminder' });
    await alert(unsubscribed, scrim.id, 'nobody listens');
    await settle(300);
    expect(await findJobs({ db: db(), kind: PUSH_SEND_JOB })).toHaveLength(before);
    // Then an alert for the subscribed user arrives alone.
    await alert(user, scrim.id, 'this one');
    const [{ browser, endpoint }] = browsers as [{ browser: FakeBrowser; endpoint: string }];
    await arrived(endpoint);
    expect(pushesTo(endpoint, browser).map((p) => p.body)).toEqual(['this one']);
  });
});

describe("a push service's refusal", () => {
  it('410 or 404 deletes that subscription; 500 keeps it; the other browsers still get theirs; the action succeeds', async () => {
    const { user, browsers } = await subscribedUser('gone', 'missing', 'broken', 'fine');
    const [gone, missing, broken, fine] = browsers as { browser: FakeBrowser; endpoint: string }[];
    push.answer(gone!.endpoint, 410);
    push.answer(missing!.endpoint, 404);
    push.answer(broken!.endpoint, 500);
    const scrim = await createScrim({ db: db() });
    const stored = await alert(user, scrim.id, 'Results are in');
    expect(stored.message).toBe('Results are in');
    for (const { endpoint } of browsers) await arrived(endpoint);
    await expect.poll(() => subscriptionRow(gone!.endpoint)).toBeUndefined();
    await expect.poll(() => subscriptionRow(missing!.endpoint)).toBeUndefined();
    await expect.poll(async () => (await subscriptionRow(fine!.endpoint))?.lastSuccessAt).toBeInstanceOf(Date);
    const kept = await subscriptionRow(broken!.endpoint);
    expect(kept).toMatchObject({ lastSuccessAt: null });
    expect(pushesTo(fine!.endpoint, fine!.browser).map((p) => p.body)).toEqual(['Results are in']);
    // The job is done (no retry that would push twice to the browsers that got it).
    const [job] = await findJobs({ db: db(), dedupeKey: `push:${stored._id}` });
    await expect.poll(async () => (await findJobs({ db: db(), ids: [job!.id] }))[0]?.completedAt).toBeTruthy();
    expect((await findJobs({ db: db(), ids: [job!.id] }))[0]!.lastError).toBeNull();
  });

  it('an unreachable push service fails quietly too', async () => {
    const user = await createUser({ db: db() });
    // A port nothing listens on (the fake service's own, once closed, is not reusable here): port 9 (discard).
    const endpoint = 'http://127.0.0.1:9/push/unreachable';
    expectStatus(
      await callApi(ctx.app)('POST', '/api/push/subscribe', user.token, fakeBrowser().subscription(endpoint)),
      201,
    );
    const scrim = await createScrim({ db: db() });
    const stored = await alert(user, scrim.id, 'nobody home');
    await expect
      .poll(async () => (await findJobs({ db: db(), dedupeKey: `push:${stored._id}` }))[0]?.completedAt, {
        timeout: 15_000,
      })
      .toBeTruthy();
    expect(await subscriptionRow(endpoint)).toMatchObject({ lastSuccessAt: null });
  });
});

describe('a push that waited too long', () => {
  it(`is dropped after ${PUSH_MAX_AGE_MS / 60_000} minutes (the job ran late: an outage, a long backoff)`, async () => {
    const { user, browsers } = await subscribedUser('late');
    const scrim = await createScrim({ db: db() });
    const stored = await insertNotificationRows({
      db: db(),
      values: [{ userId: user.id, kind: 'scrim_alert', message: 'Check-in is open', relatedScrimId: scrim.id }],
    });
    const old = new Date(Date.now() - PUSH_MAX_AGE_MS - 60_000).toISOString();
    const late = stored.map((s) => ({ ...s, notification: { ...s.notification, createdAt: old } }));
    ctx.app.notifier.publish(late);
    const key = `push:${stored[0]!.notification._id}`;
    await expect.poll(async () => (await findJobs({ db: db(), dedupeKey: key }))[0]?.completedAt).toBeTruthy();
    for (const { endpoint, browser } of browsers) expect(pushesTo(endpoint, browser)).toEqual([]);
  });
});

describe('only devices still signed in', () => {
  /** Subscribes a new browser through the session `token`. */
  async function subscribeWith(token: string, name: string) {
    const browser = fakeBrowser();
    const endpoint = push.endpoint(name);
    expectStatus(await callApi(ctx.app)('POST', '/api/push/subscribe', token, browser.subscription(endpoint)), 201);
    return { browser, endpoint };
  }

  it("after a logout, that session's device gets nothing; the user's other session's device still does", async () => {
    const user = await createUser({ db: db() });
    const other = await callApi(ctx.app)('POST', '/api/auth/dev-login', undefined, { email: user.email });
    const otherToken = other.json<{ token: string }>().token;
    const out = await subscribeWith(user.token, `logout-out-${user.id}`);
    const still = await subscribeWith(otherToken, `logout-still-${user.id}`);
    expect((await callApi(ctx.app)('POST', '/api/auth/logout', user.token)).statusCode).toBe(204);
    expect(await subscriptionRow(out.endpoint)).toBeUndefined();

    const scrim = await createScrim({ db: db() });
    await alert(user, scrim.id, 'after logout');
    await arrived(still.endpoint);
    await settle(200);
    expect(pushesTo(still.endpoint, still.browser).map((p) => p.body)).toEqual(['after logout']);
    expect(pushesTo(out.endpoint, out.browser)).toEqual([]);
  });

  it('a session that expired takes its device out of the pushes', async () => {
    const user = await createUser({ db: db() });
    const device = await subscribeWith(user.token, `expired-${user.id}`);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    const scrim = await createScrim({ db: db() });
    const stored = await alert(user, scrim.id, 'expired');
    await settle(500);
    expect(await findJobs({ db: db(), dedupeKey: `push:${stored._id}` })).toEqual([]);
    expect(pushesTo(device.endpoint, device.browser)).toEqual([]);
  });

  it("after the account's deletion, none of its devices gets anything", async () => {
    const user = await createUser({ db: db() });
    const other = await callApi(ctx.app)('POST', '/api/auth/dev-login', undefined, { email: user.email });
    const devices = [
      await subscribeWith(user.token, `deleted-a-${user.id}`),
      await subscribeWith(other.json<{ token: string }>().token, `deleted-b-${user.id}`),
    ];
    const deleted = await callApi(ctx.app)('DELETE', '/api/users/me', user.token, { confirmation: user.name });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);

    const scrim = await createScrim({ db: db() });
    await alert(user, scrim.id, 'after deletion');
    await settle(500);
    for (const { endpoint, browser } of devices) expect(pushesTo(endpoint, browser)).toEqual([]);
  });
});
