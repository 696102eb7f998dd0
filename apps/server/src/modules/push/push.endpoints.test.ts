import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.js';
import { findJobs } from '../../jobs/index.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { resolveLocally } from '../../test/fake-dns.js';
import { fakeBrowser, startConnectionCounter, startFakePushService } from '../../test/fake-push.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createScrim } from '../../test/scrim-factories.js';
import { callApi, expectStatus } from '../../test/social.js';
import { createNotification } from '../notifications/index.js';

/**
 * Pushes reach only public push services, checked when connecting: on an app without PUSH_ALLOW_LOCAL_ENDPOINTS,
 * an endpoint whose name passes the subscribe-time check but resolves to this machine (what `127.0.0.1.nip.io`
 * does, or a name rebound after subscribing) is never connected to. The name is resolved by the test itself
 * (resolveLocally: no outside DNS, the tests have no network) to a random loopback address where a bare listener
 * on port 443 counts TCP connections; the job runs as in production.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.app.jobs.start();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** Alerts `user` and waits until the push job of that alert has finished. */
async function alertAndWait(user: TestUser) {
  const scrim = await createScrim({ db: db() });
  const stored = await createNotification({
    deps: { db: db(), notifier: ctx.app.notifier },
    userId: user.id,
    kind: 'scrim_alert',
    message: 'Check-in is open',
    relatedScrimId: scrim.id,
  });
  await expect
    .poll(async () => (await findJobs({ db: db(), dedupeKey: `push:${stored._id}` }))[0]?.completedAt, {
      timeout: 15_000,
    })
    .toBeTruthy();
}

describe('a push endpoint on this machine is never connected to', () => {
  it('a public-looking name that resolves to a loopback address (like 127.0.0.1.nip.io): looked up, refused, no connection', async () => {
    const listener = await startConnectionCounter(443);
    const name = `${listener.address}.nip.io`;
    const dns = resolveLocally({ [name]: listener.address });
    try {
      const user = await createUser({ db: db() });
      const endpoint = `https://${name}/push/attack-${user.id}`;
      // The name passes the check by name: only the address it resolves to tells.
      const subscribe = callApi(ctx.app)(
        'POST',
        '/api/push/subscribe',
        user.token,
        fakeBrowser().subscription(endpoint),
      );
      expectStatus(await subscribe, 201);
      await alertAndWait(user);
      expect(dns.lookups).toContain(name);
      expect(listener.connections()).toBe(0);
    } finally {
      dns.restore();
      await listener.close();
    }
  });

  it('an http://127.0.0.1:<port> subscription stored while local endpoints were allowed gets nothing now', async () => {
    const push = await startFakePushService();
    try {
      const user = await createUser({ db: db() });
      const browser = fakeBrowser().subscription(push.endpoint(`stored-${user.id}`));
      await db()
        .insert(pushSubscriptions)
        .values({
          userId: user.id,
          sessionTokenHash: hashToken(user.token),
          endpoint: browser.endpoint,
          ...browser.keys,
        });
      await alertAndWait(user);
      expect(push.connections()).toBe(0);
      expect(push.received).toEqual([]);
    } finally {
      await push.close();
    }
  });
});
