import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Region } from '@scrim-gym/shared';
import { uniqueViolation } from '../lib/errors.js';
import { discordSkeleton, lookalikeColumns, nameSkeleton } from '../lib/lookalike.js';
import { createTestDatabase } from '../test/database.js';
import { unique } from '../test/factories.js';
import { backfillLookalikeKeys, type BackfillReport } from './backfill-lookalike-keys.js';
import type { DatabaseHandle } from './client.js';
import { users } from './schema/index.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
const db = () => database.db;

const DAY = 24 * 60 * 60 * 1000;

/** An account as a version before the look-alike keys wrote it (no keys), `daysAgo` old. */
async function legacyAccount({
  name,
  discord = `legacy_${unique()}`,
  region = 'NA',
  daysAgo,
  keyed = false,
}: {
  name: string;
  discord?: string;
  region?: Region;
  daysAgo: number;
  /** Written by this version instead: with its keys. */
  keyed?: boolean;
}) {
  const values = {
    uid: `dev|legacy-${unique()}@test.dev`,
    name,
    summonerTagline: 'NA1',
    region,
    discord,
    createdAt: new Date(Date.now() - daysAgo * DAY),
  };
  const [row] = await db()
    .insert(users)
    .values({ ...values, ...(keyed && lookalikeColumns(values)) })
    .returning();
  return row!;
}

function recordingLog() {
  const lines: { level: 'info' | 'warn'; fields: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (fields: object, message: string) => lines.push({ level: 'info', fields: { ...fields }, message }),
    warn: (fields: object, message: string) => lines.push({ level: 'warn', fields: { ...fields }, message }),
  };
}

const keysOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      await db()
        .select({ id: users.id, name: users.nameSkeleton, discord: users.discordSkeleton })
        .from(users)
        .where(inArray(users.id, ids))
    ).map((row) => [row.id, { name: row.name, discord: row.discord }]),
  );

describe('backfillLookalikeKeys', () => {
  let faker: Awaited<ReturnType<typeof legacyAccount>>;
  let cyrillic: typeof faker;
  let otherRegion: typeof faker;
  let bold: typeof faker;
  let keyedWardbot: typeof faker;
  let olderWardbot: typeof faker;
  let korean: typeof faker;
  let zeroWidth: typeof faker;
  const everyone = () => [faker, cyrillic, otherRegion, bold, keyedWardbot, olderWardbot, korean, zeroWidth];
  let first: BackfillReport;
  let firstLog: ReturnType<typeof recordingLog>;

  beforeAll(async () => {
    // Created in this order on purpose: the oldest of a look-alike set keeps the key, whatever the insert order.
    bold = await legacyAccount({ name: '𝐅𝐚𝐤𝐞𝐫 𝐅𝐚𝐧', discord: 'ｆａｋｅｒ＿ｆａｎ＃１００１', daysAgo: 10 });
    cyrillic = await legacyAccount({ name: 'F\u0430ker Fan', daysAgo: 20 });
    faker = await legacyAccount({ name: 'Faker Fan', discord: 'faker_fan#1001', daysAgo: 30 });
    otherRegion = await legacyAccount({ name: 'Ｆａｋｅｒ Ｆａｎ', region: 'EUW', daysAgo: 5 });
    korean = await legacyAccount({ name: '페이커', discord: '페이커#0001', daysAgo: 3 });
    // Stored before invisible characters were refused.
    zeroWidth = await legacyAccount({ name: 'Zero Width', discord: 'faker\u200b_fan#1001', daysAgo: 8 });
    // A newer account written by this version already holds its key: it keeps it against an older legacy one.
    keyedWardbot = await legacyAccount({ name: 'Wardbot', daysAgo: 1, keyed: true });
    olderWardbot = await legacyAccount({ name: 'W\u0430rdbot', daysAgo: 40 });
    firstLog = recordingLog();
    // Batches of two: look-alikes meet across batches as well as inside one.
    first = await backfillLookalikeKeys({ db: db(), log: firstLog, batchSize: 2 });
  });

  it('gives the oldest of each look-alike set the key and reports every later one with the account it looks like', () => {
    expect(first.pending).toBe(7);
    expect(first.filled).toBe(6);
    expect(first.nameClashes).toEqual([
      {
        id: olderWardbot.id,
        name: 'W\u0430rdbot',
        region: 'NA',
        lookalikeOf: { id: keyedWardbot.id, name: 'Wardbot' },
      },
      { id: cyrillic.id, name: 'F\u0430ker Fan', region: 'NA', lookalikeOf: { id: faker.id, name: 'Faker Fan' } },
      { id: bold.id, name: '𝐅𝐚𝐤𝐞𝐫 𝐅𝐚𝐧', region: 'NA', lookalikeOf: { id: faker.id, name: 'Faker Fan' } },
    ]);
    expect(first.discordClashes).toEqual([
      {
        id: bold.id,
        discord: 'ｆａｋｅｒ＿ｆａｎ＃１００１',
        lookalikeOf: { id: faker.id, discord: 'faker_fan#1001' },
      },
      {
        id: zeroWidth.id,
        discord: 'faker\u200b_fan#1001',
        lookalikeOf: { id: faker.id, discord: 'faker_fan#1001' },
      },
    ]);
  });

  it('writes the keys of the winners and leaves the clashing ones null', async () => {
    const keys = await keysOf(everyone().map((u) => u.id));
    expect(keys[faker.id]).toEqual({ name: nameSkeleton('Faker Fan'), discord: discordSkeleton('faker_fan#1001') });
    expect(keys[cyrillic.id]).toEqual({ name: null, discord: discordSkeleton(cyrillic.discord) });
    expect(keys[bold.id]).toEqual({ name: null, discord: null });
    // Another region is another namespace for names.
    expect(keys[otherRegion.id]!.name).toBe(nameSkeleton('Faker Fan'));
    expect(keys[korean.id]).toEqual({ name: nameSkeleton('페이커'), discord: discordSkeleton('페이커#0001') });
    expect(keys[keyedWardbot.id]!.name).toBe(nameSkeleton('Wardbot'));
    expect(keys[olderWardbot.id]).toEqual({ name: null, discord: discordSkeleton(olderWardbot.discord) });
    expect(keys[zeroWidth.id]).toEqual({ name: nameSkeleton('Zero Width'), discord: null });
  });

  it('logs the count at the start, each clash as a warning, and a summary', () => {
    expect(firstLog.lines.map((l) => [l.level, l.fields])).toEqual([
      ['info', { pending: 7 }],
      ['warn', { count: 3, clashes: first.nameClashes }],
      ['warn', { count: 2, clashes: first.discordClashes }],
      ['info', { filled: 6, nameClashes: 3, discordClashes: 2 }],
    ]);
  });

  it('is idempotent: a second start changes nothing and reports the same clashes', async () => {
    const ids = everyone().map((u) => u.id);
    const before = await keysOf(ids);
    const again = await backfillLookalikeKeys({ db: db(), log: recordingLog() });
    expect(again).toEqual({
      pending: 4,
      filled: 0,
      nameClashes: first.nameClashes,
      discordClashes: first.discordClashes,
    });
    expect(await keysOf(ids)).toEqual(before);
  });

  it('still refuses a new look-alike of a legacy name, and a clashing account keeps its name', async () => {
    const values = {
      uid: `dev|new-${unique()}@test.dev`,
      name: 'ＦＡＫＥＲ ＦＡＮ',
      summonerTagline: 'NA1',
      region: 'NA' as const,
      discord: `new_${unique()}`,
    };
    const error = await db()
      .insert(users)
      .values({ ...values, ...lookalikeColumns(values) })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(uniqueViolation(error)).toBe('users_name_skeleton_region_uq');
    const [row] = await db().select().from(users).where(eq(users.id, cyrillic.id));
    expect(row!.name).toBe('F\u0430ker Fan');
  });

  it('several instances at once fill each account once, with the same outcome', async () => {
    const original = await legacyAccount({ name: 'Baron Steal', discord: 'baron#1', daysAgo: 50 });
    const lookalikes = await Promise.all(
      ['B\u0430ron Steal', 'Ｂａｒｏｎ Ｓｔｅａｌ', '𝐁𝐚𝐫𝐨𝐧 𝐒𝐭𝐞𝐚𝐥', 'BARON STEAL'.replace('O', '0')].map((name, i) =>
        legacyAccount({ name, discord: `baron_${i}#2`, daysAgo: 45 - i }),
      ),
    );
    const reports = await Promise.all(
      [1, 2, 3].map(() => backfillLookalikeKeys({ db: db(), log: recordingLog(), batchSize: 2 })),
    );
    const keys = await keysOf([original.id, ...lookalikes.map((u) => u.id)]);
    expect(keys[original.id]!.name).toBe(nameSkeleton('Baron Steal'));
    for (const lookalike of lookalikes) {
      expect(keys[lookalike.id]).toEqual({ name: null, discord: discordSkeleton(lookalike.discord) });
    }
    // Each account was filled by exactly one of the instances.
    const filledHere = 1 + lookalikes.length;
    expect(reports.reduce((sum, r) => sum + r.filled, 0)).toBe(filledHere);
  });

  // Needs a second connection holding a transaction open: PostgreSQL only.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a batch that loses a race with a live sign-up on another instance is read again, and reports the clash',
    async () => {
      const legacy = await legacyAccount({ name: 'Dr\u0430ke Soul', daysAgo: 60 });
      const live = new pg.Client({ connectionString: (database as DatabaseHandle & { url: string }).url });
      await live.connect();
      try {
        await live.query('begin');
        const signUp = {
          uid: `dev|live-${unique()}@test.dev`,
          name: 'Drake Soul',
          discord: `live_${unique()}`,
        };
        const { rows } = await live.query<{ id: string }>(
          `insert into users (uid, name, summoner_tagline, region, discord, name_skeleton, discord_skeleton)
           values ($1, $2, 'NA1', 'NA', $3, $4, $5) returning id`,
          [signUp.uid, signUp.name, signUp.discord, nameSkeleton(signUp.name), discordSkeleton(signUp.discord)],
        );
        const running = backfillLookalikeKeys({ db: db(), log: recordingLog() });
        // The backfill's update waits on the sign-up's uncommitted key; then the sign-up commits first.
        await vi.waitFor(
          async () => {
            const blocked = await live.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
            );
            expect(blocked.rows[0]!.n).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 20 },
        );
        await live.query('commit');
        const report = await running;
        expect(report.nameClashes).toContainEqual({
          id: legacy.id,
          name: 'Dr\u0430ke Soul',
          region: 'NA',
          lookalikeOf: { id: rows[0]!.id, name: 'Drake Soul' },
        });
        expect((await keysOf([legacy.id]))[legacy.id]!.name).toBeNull();
      } finally {
        await live.end();
      }
    },
  );
});
