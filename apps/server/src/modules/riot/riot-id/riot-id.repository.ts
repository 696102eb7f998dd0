import { and, eq, isNull, sql } from 'drizzle-orm';
import { normalizeSummonerName, type Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { jobs, normalizedNameSql, users } from '../../../db/schema/index.js';
import {
  RIOT_ID_CHECK_JOB,
  RIOT_ID_CHECK_KEY_PREFIX,
  RIOT_ID_SWEEP_BATCH,
  RIOT_ID_SWEEP_JOB,
  RIOT_ID_SWEEP_KEY,
  RIOT_ID_SWEEP_SPACING_MS,
} from './riot-id.schedule.js';

/** An unlinked, undeleted account that still holds this Riot ID (names compare as the name index does). */
const holdsRiotId = ({ name, tagline, region }: { name: string; tagline: string; region: Region }) =>
  and(
    eq(normalizedNameSql(users.name), normalizeSummonerName(name)),
    eq(sql`lower(${users.summonerTagline})`, tagline.trim().toLowerCase()),
    eq(users.region, region),
    isNull(users.riotLinkedAt),
    isNull(users.deletedAt),
  );

/**
 * Writes what Riot answered for the Riot ID the account holds: its PUUID, that it exists, and its Solo/Duo rank
 * (which then counts over the typed one). Only while the account still holds that Riot ID and is unlinked (a
 * linked account's rank comes from its own refresh). A null rank (league-v4 unreadable) keeps the last one.
 * Returns the ids written.
 */
export async function recordRiotIdAnswer({
  db,
  riotId,
  userId,
  puuid,
  rank,
  at,
}: {
  db: DbOrTx;
  riotId: { name: string; tagline: string; region: Region };
  /** Only this account (a sign-up's or a job's check); without it every holder (a profile's look-up). */
  userId?: string;
  puuid: string;
  rank: string | null;
  at: Date;
}): Promise<string[]> {
  const rows = await db
    .update(users)
    .set({ riotPuuid: puuid, riotIdCheckedAt: at, ...(rank !== null && { riotRank: rank }) })
    .where(and(holdsRiotId(riotId), userId === undefined ? undefined : eq(users.id, userId)))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/**
 * One INSERT … SELECT: a check for each of up to `limit` unchecked, unlinked, undeleted accounts (oldest first)
 * that has no check pending, `spacingMs` apart from `now`. Returns how many were scheduled.
 */
export async function scheduleUncheckedRiotIds({
  db,
  now,
  limit = RIOT_ID_SWEEP_BATCH,
  spacingMs = RIOT_ID_SWEEP_SPACING_MS,
}: {
  db: DbOrTx;
  now: Date;
  limit?: number;
  spacingMs?: number;
}): Promise<number> {
  const result = await db.execute(sql`
    insert into ${jobs} (kind, dedupe_key, payload, run_at)
    select ${RIOT_ID_CHECK_JOB}, ${RIOT_ID_CHECK_KEY_PREFIX} || due.id, jsonb_build_object('userId', due.id),
      ${now.toISOString()}::timestamptz + make_interval(secs => (due.n - 1) * ${spacingMs / 1000}::float8)
    from (
      select u.id, row_number() over (order by u.created_at, u.id) as n
      from ${users} u
      where u.riot_id_checked_at is null and u.riot_linked_at is null and u.deleted_at is null
        and not exists (
          select 1 from ${jobs} j where j.dedupe_key = ${RIOT_ID_CHECK_KEY_PREFIX} || u.id and j.completed_at is null
        )
      order by u.created_at, u.id
      limit ${limit}
    ) due
    on conflict (dedupe_key) do update
      set kind = excluded.kind, payload = excluded.payload, run_at = excluded.run_at, attempts = 0,
        last_error = null, claimed_at = null, claimed_by = null, completed_at = null
      where ${jobs.completedAt} is not null
    returning 1
  `);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** At a start: a sweep at `runAt` unless one is pending already (another instance's, or the last sweep's next). */
export async function ensureRiotIdSweep({ db, runAt }: { db: DbOrTx; runAt: Date }) {
  await db.execute(sql`
    insert into ${jobs} (kind, dedupe_key, payload, run_at)
    values (${RIOT_ID_SWEEP_JOB}, ${RIOT_ID_SWEEP_KEY}, '{}'::jsonb, ${runAt.toISOString()}::timestamptz)
    on conflict (dedupe_key) do update
      set run_at = excluded.run_at, attempts = 0, last_error = null, claimed_at = null, claimed_by = null,
        completed_at = null
      where ${jobs.completedAt} is not null
  `);
}
