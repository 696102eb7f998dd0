import type { DbOrTx } from '../../../db/client.js';
import { cancelJob, scheduleJob } from '../../../jobs/index.js';

/** Reads a linked account's Riot ID and Solo/Duo rank from Riot again; one job per linked user, re-armed daily. */
export const RANK_REFRESH_JOB = 'riot.rank-refresh';
/** A linked account is refreshed by the job at most this often (on demand it may be sooner, rate-limited). */
export const RANK_REFRESH_INTERVAL_MS = 24 * 60 * 60_000;
/** After a transient Riot failure (rate limit, Riot down) the job tries again this long later at the soonest. */
export const RANK_REFRESH_RETRY_MS = 15 * 60_000;

export const rankRefreshKey = (userId: string) => `riot-rank:${userId}`;

/** Schedules (or moves) the user's rank refresh to `runAt`; the same row for the user, whoever calls. */
export async function scheduleRankRefresh({ db, userId, runAt }: { db: DbOrTx; userId: string; runAt: Date }) {
  await scheduleJob({ db, kind: RANK_REFRESH_JOB, runAt, payload: { userId }, dedupeKey: rankRefreshKey(userId) });
}

/** An unlinked account is no longer refreshed. */
export async function cancelRankRefresh({ db, userId }: { db: DbOrTx; userId: string }) {
  await cancelJob({ db, dedupeKey: rankRefreshKey(userId) });
}
