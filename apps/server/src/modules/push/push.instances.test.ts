import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPublicKeyResponse } from '@scrim-gym/shared';
import { serverSecrets } from '../../db/schema/index.js';
import { findJobs } from '../../jobs/index.js';
import { createUser } from '../../test/factories.js';
import { fakeBrowser, startFakePushService } from '../../test/fake-push.js';
import { startTwoInstances, type Instances } from '../../test/instances.js';
import { createScrim } from '../../test/scrim-factories.js';
import { callApi, expectStatus } from '../../test/social.js';
import { createNotification } from '../notifications/index.js';
import { VAPID_SECRET_NAME } from './push.vapid.js';

/**
 * Instances starting together without VAPID keys in their environment each generate a pair and try to store it:
 * the first insert wins (on conflict do nothing) and every instance reads that one back, so a browser subscribed
 * through one instance gets the pushes another sends. On PostgreSQL each instance has its own pool.
 */
let instances: Instances;
beforeAll(async () => {
  instances = await startTwoInstances();
});
afterAll(() => instances.close());

describe('generated VAPID keys on several instances', () => {
  it('all instances asking at once end up with the one stored pair', async () => {
    const third = await instances.another();
    const apps = [instances.first, instances.second, third].map((ctx) => ctx.app);
    const answers = await Promise.all(
      apps.flatMap((app) => [1, 2].map(() => app.inject({ method: 'GET', url: '/api/push/public-key' }))),
    );
    const keys = new Set(answers.map((res) => expectStatus<PushPublicKeyResponse>(res, 200).publicKey));
    expect(keys.size).toBe(1);
    const rows = await instances.db.select().from(serverSecrets).where(eq(serverSecrets.name, VAPID_SECRET_NAME));
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.value).publicKey).toBe([...keys][0]);
  });
});

describe('a deleted account on several instances', () => {
  it('a push queued on one instance before the account is deleted through another is never delivered', async () => {
    const cluster = await startTwoInstances({ env: { PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' } });
    const push = await startFakePushService();
    try {
      const { first, second } = cluster;
      const user = await createUser({ db: cluster.db });
      const endpoint = push.endpoint(`instances-${user.id}`);
      const subscribed = await callApi(first.app)(
        'POST',
        '/api/push/subscribe',
        user.token,
        fakeBrowser().subscription(endpoint),
      );
      expectStatus(subscribed, 201);
      const scrim = await createScrim({ db: cluster.db });
      // Queued by the first instance (its runner not started yet)…
      const stored = await createNotification({
        deps: { db: cluster.db, notifier: first.app.notifier },
        userId: user.id,
        kind: 'scrim_alert',
        message: 'queued before the deletion',
        relatedScrimId: scrim.id,
      });
      const key = `push:${stored._id}`;
      await expect
        .poll(async () => (await findJobs({ db: cluster.db, dedupeKey: key })).length, { timeout: 10_000 })
        .toBe(1);
      // …the account is deleted through the second…
      const deleted = await callApi(second.app)('DELETE', '/api/users/me', user.token, { confirmation: user.name });
      expect(deleted.statusCode, deleted.body).toBe(200);
      // …and the first sends its queue: nothing reaches the device.
      first.app.jobs.start();
      await expect
        .poll(async () => (await findJobs({ db: cluster.db, dedupeKey: key }))[0]?.completedAt, { timeout: 15_000 })
        .toBeTruthy();
      expect(push.connections()).toBe(0);
    } finally {
      await push.close();
      await cluster.close();
    }
  });
});
