import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/errors.js';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy.js';
import { requirePostgres, TEST_POSTGRES_URL } from '../test/services.js';
import { openPostgres, type DatabaseHandle } from './client.js';

/**
 * The PostgreSQL pool across outages (real PostgreSQL only, in the PGlite run too: TEST_DATABASE_URL or
 * TEST_POSTGRES_URL). The database is reached through a fault proxy; a small pool with short timeouts shows
 * within a second what would take minutes in production. It needs no tables.
 */
const withPostgres = await requirePostgres('the PostgreSQL pool tests (db/client.test.ts)');
let proxy: FaultProxy;
let database: DatabaseHandle;

beforeAll(async () => {
  if (!withPostgres) return;
  proxy = await startFaultProxy(TEST_POSTGRES_URL);
  database = openPostgres(proxy.urlFor(TEST_POSTGRES_URL), {
    maxConnections: 2,
    connectTimeoutMs: 500,
    queryTimeoutMs: 500,
  });
});
afterAll(async () => {
  await database?.close();
  await proxy?.close();
});

/** `count` transactions at once; each resolves with 'ok' or the error it failed with. */
const transactions = (count: number) =>
  Promise.all(
    Array.from({ length: count }, () =>
      database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.02)`);
        })
        .then(
          () => 'ok' as const,
          (error: unknown) => error,
        ),
    ),
  );

describe.skipIf(!withPostgres)('PostgreSQL pool across outages', () => {
  it('a partition fails transactions as unavailable, and every connection is usable again after it', async () => {
    // Two idle connections in the pool, which will not know the network is gone.
    expect(await transactions(2)).toEqual(['ok', 'ok']);
    proxy.pause();
    const during = await transactions(2);
    for (const error of during) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    proxy.restore();
    // Had the failed BEGINs kept their connections checked out, the pool (2) would be exhausted for good.
    expect(await transactions(4)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('an outage (connections reset) fails fast as unavailable, and the pool recovers after it', async () => {
    expect(await transactions(2)).toEqual(['ok', 'ok']);
    proxy.cut();
    const started = performance.now();
    const during = await transactions(3);
    expect(performance.now() - started).toBeLessThan(500);
    for (const error of during) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    await expect(database.ping()).rejects.toSatisfy(isDatabaseUnavailable);
    proxy.restore();
    expect(await transactions(4)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(await database.ping()).toBeGreaterThanOrEqual(0);
  });
});
