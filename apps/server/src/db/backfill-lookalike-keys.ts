import { and, asc, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Region } from '@scrim-gym/shared';
import { discordSkeleton, nameSkeleton } from '../lib/lookalike.js';
import { uniqueViolation } from '../lib/errors.js';
import type { Database, Transaction } from './client.js';
import { users } from './schema/index.js';

/** Arbitrary constant for this step's advisory lock (the migrations use 72_640_311). */
const BACKFILL_LOCK_ID = 72_640_312;
const BATCH_SIZE = 500;
/** Tries of one batch that lost a race with a live sign-up on another instance (each retry sees it). */
const MAX_TRIES = 5;
/** Clashes listed in the log (all of them are counted and returned). */
const LOGGED_CLASHES = 100;

export interface NameClash {
  id: string;
  name: string;
  region: Region;
  /** The account that keeps the key: the older one, or one that had it already. */
  lookalikeOf: { id: string; name: string };
}
export interface DiscordClash {
  id: string;
  discord: string;
  lookalikeOf: { id: string; discord: string };
}
export interface BackfillReport {
  /** Accounts that lacked a key at the start. */
  pending: number;
  /** Accounts given at least one key. */
  filled: number;
  nameClashes: NameClash[];
  discordClashes: DiscordClash[];
}

interface Log {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

type Row = Pick<typeof users.$inferSelect, 'id' | 'name' | 'region' | 'discord' | 'nameSkeleton' | 'discordSkeleton'>;

const missingKey = or(isNull(users.nameSkeleton), isNull(users.discordSkeleton));

/**
 * Gives accounts made before the look-alike keys (or by an older version during a rolling deploy) their name
 * and discord keys, oldest first. An account whose key an older one (or one that already has it) holds keeps a
 * null key and is reported as a clash: start-up never fails on old data, the older account keeps its name, and
 * every later sign-up or rename is still checked against both. Idempotent, run at every start; several instances
 * take turns under an advisory lock, batch by batch, and a batch that loses a race with a live sign-up is
 * read again.
 */
export async function backfillLookalikeKeys({
  db,
  log,
  batchSize = BATCH_SIZE,
}: {
  db: Database;
  log: Log;
  batchSize?: number;
}): Promise<BackfillReport> {
  const pendingIds = (
    await db.select({ id: users.id }).from(users).where(missingKey).orderBy(asc(users.createdAt), asc(users.id))
  ).map((row) => row.id);
  const report: BackfillReport = { pending: pendingIds.length, filled: 0, nameClashes: [], discordClashes: [] };
  if (pendingIds.length === 0) return report;
  log.info({ pending: pendingIds.length }, 'computing look-alike keys of existing accounts');
  for (let start = 0; start < pendingIds.length; start += batchSize) {
    const batch = await fillBatchWithRetries({ db, ids: pendingIds.slice(start, start + batchSize) });
    report.filled += batch.filled;
    report.nameClashes.push(...batch.nameClashes);
    report.discordClashes.push(...batch.discordClashes);
  }
  const { nameClashes, discordClashes } = report;
  if (nameClashes.length > 0) {
    log.warn(
      { count: nameClashes.length, clashes: nameClashes.slice(0, LOGGED_CLASHES) },
      'summoner names that look like another account’s in their region: left without a look-alike key',
    );
  }
  if (discordClashes.length > 0) {
    log.warn(
      { count: discordClashes.length, clashes: discordClashes.slice(0, LOGGED_CLASHES) },
      'discord names that look like another account’s: left without a look-alike key',
    );
  }
  log.info(
    { filled: report.filled, nameClashes: nameClashes.length, discordClashes: discordClashes.length },
    'look-alike keys computed',
  );
  return report;
}

async function fillBatchWithRetries({ db, ids }: { db: Database; ids: string[] }) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fillBatch({ tx, ids }));
    } catch (error) {
      if (!uniqueViolation(error) || attempt >= MAX_TRIES) throw error;
    }
  }
}

async function fillBatch({ tx, ids }: { tx: Transaction; ids: string[] }) {
  await tx.execute(sql`select pg_advisory_xact_lock(${BACKFILL_LOCK_ID})`);
  // Read again under the lock: another instance may have filled some of them meanwhile.
  const rows: Row[] = await tx
    .select({
      id: users.id,
      name: users.name,
      region: users.region,
      discord: users.discord,
      nameSkeleton: users.nameSkeleton,
      discordSkeleton: users.discordSkeleton,
    })
    .from(users)
    .where(and(inArray(users.id, ids), missingKey))
    .orderBy(asc(users.createdAt), asc(users.id));
  const nameClashes: NameClash[] = [];
  const discordClashes: DiscordClash[] = [];
  if (rows.length === 0) return { filled: 0, nameClashes, discordClashes };

  const computed = rows.map((row) => ({
    row,
    name: row.nameSkeleton === null ? nameSkeleton(row.name) : null,
    discord: row.discordSkeleton === null ? discordSkeleton(row.discord) : null,
  }));
  // Who holds each key now, in the database; the batch's own rows join in age order as they take one.
  const nameKey = (region: string, key: string) => `${region} ${key}`;
  const nameHolders = new Map<string, NameClash['lookalikeOf']>();
  const discordHolders = new Map<string, DiscordClash['lookalikeOf']>();
  const names = computed.flatMap((c) => (c.name === null ? [] : [c.name]));
  const discords = computed.flatMap((c) => (c.discord === null ? [] : [c.discord]));
  if (names.length > 0) {
    const held = await tx
      .select({ id: users.id, name: users.name, key: users.nameSkeleton, region: users.region })
      .from(users)
      .where(inArray(users.nameSkeleton, names));
    for (const h of held) nameHolders.set(nameKey(h.region, h.key!), { id: h.id, name: h.name });
  }
  if (discords.length > 0) {
    const held = await tx
      .select({ id: users.id, discord: users.discord, key: users.discordSkeleton })
      .from(users)
      .where(inArray(users.discordSkeleton, discords));
    for (const h of held) discordHolders.set(h.key!, { id: h.id, discord: h.discord });
  }

  const updates: { id: string; name: string | null; discord: string | null }[] = [];
  for (const { row, name, discord } of computed) {
    let keptName: string | null = null;
    let keptDiscord: string | null = null;
    if (name !== null) {
      const holder = nameHolders.get(nameKey(row.region, name));
      if (holder && holder.id !== row.id) {
        nameClashes.push({ id: row.id, name: row.name, region: row.region, lookalikeOf: holder });
      } else {
        nameHolders.set(nameKey(row.region, name), { id: row.id, name: row.name });
        keptName = name;
      }
    }
    if (discord !== null) {
      const holder = discordHolders.get(discord);
      if (holder && holder.id !== row.id) {
        discordClashes.push({ id: row.id, discord: row.discord, lookalikeOf: holder });
      } else {
        discordHolders.set(discord, { id: row.id, discord: row.discord });
        keptDiscord = discord;
      }
    }
    if (keptName !== null || keptDiscord !== null) updates.push({ id: row.id, name: keptName, discord: keptDiscord });
  }
  if (updates.length > 0) {
    const values = sql.join(
      updates.map((u) => sql`(${u.id}::uuid, ${u.name}::text, ${u.discord}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${users}
      set name_skeleton = coalesce(v.name_skeleton, ${users.nameSkeleton}),
          discord_skeleton = coalesce(v.discord_skeleton, ${users.discordSkeleton})
      from (values ${values}) as v (id, name_skeleton, discord_skeleton)
      where ${users.id} = v.id`);
  }
  return { filled: updates.length, nameClashes, discordClashes };
}
