import { readFileSync } from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordSkeleton, nameSkeleton } from '../lib/lookalike.js';
import { createTestDatabase } from '../test/database.js';
import { unique } from '../test/factories.js';
import { backfillLookalikeKeys } from './backfill-lookalike-keys.js';
import type { DatabaseHandle } from './client.js';
import { users } from './schema/index.js';

/**
 * Migration 0031 clears the name keys computed before names folded spaces, accents and digits; the start-up
 * step computes them again. Accounts that the new folding makes one never fail it: the older keeps its name
 * and key, the newer keeps its name without a key and is reported.
 */

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
const db = () => database.db;

const DAY = 24 * 60 * 60 * 1000;
const MIGRATION = readFileSync(new URL('../../drizzle/0031_name_folding.sql', import.meta.url), 'utf8');
const silentLog = { info: () => {}, warn: () => {} };

/** An account as the previous version wrote it: its name key from the old folding (here, a key of its own). */
async function accountBeforeFolding({ name, daysAgo }: { name: string; daysAgo: number }) {
  const discord = `fold_${unique()}`;
  const [row] = await db()
    .insert(users)
    .values({
      uid: `dev|fold-${unique()}@test.dev`,
      name,
      summonerTagline: 'NA1',
      region: 'NA',
      discord,
      nameSkeleton: `old key of ${name}`,
      discordSkeleton: discordSkeleton(discord),
      createdAt: new Date(Date.now() - daysAgo * DAY),
    })
    .returning();
  return row!;
}

describe('migration 0031 (name folding)', () => {
  it('gives every account the new key, the older of two that are now one keeps it, and nothing fails', async () => {
    const tag = unique().slice(-4).replace(/[0-9]/g, 'x');
    const older = await accountBeforeFolding({ name: `Faker ${tag}`, daysAgo: 30 });
    const newer = await accountBeforeFolding({ name: `Fák3r${tag}`, daysAgo: 2 });
    const other = await accountBeforeFolding({ name: `Someone ${tag}`, daysAgo: 10 });

    await db().execute(sql.raw(MIGRATION));
    const report = await backfillLookalikeKeys({ db: db(), log: silentLog });

    const keys = Object.fromEntries(
      (
        await db()
          .select({ id: users.id, name: users.name, key: users.nameSkeleton })
          .from(users)
          .where(inArray(users.id, [older.id, newer.id, other.id]))
      ).map((row) => [row.id, row]),
    );
    expect(keys[older.id]).toEqual({ id: older.id, name: older.name, key: nameSkeleton(older.name) });
    expect(keys[other.id]).toEqual({ id: other.id, name: other.name, key: nameSkeleton(other.name) });
    expect(keys[newer.id]).toEqual({ id: newer.id, name: newer.name, key: null });
    expect(report.nameClashes).toEqual([
      { id: newer.id, name: newer.name, region: 'NA', lookalikeOf: { id: older.id, name: older.name } },
    ]);
  });
});
