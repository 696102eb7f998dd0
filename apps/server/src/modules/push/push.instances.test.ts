import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPublicKeyResponse } from '@scrim-gym/shared';
import { serverSecrets } from '../../db/schema/index.js';
import { startTwoInstances, type Instances } from '../../test/instances.js';
import { expectStatus } from '../../test/social.js';
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
