import type { DbOrTx } from '../../../db/client.js';
import { scheduleJob } from '../../../jobs/index.js';

/** Asks Riot again for a Riot ID it could not answer for at sign-up or at an edit (and for its Solo/Duo rank). */
export const RIOT_ID_CHECK_JOB = 'riot.riot-id-check';
/** After a transient Riot failure the check comes back this long later at the soonest. */
export const RIOT_ID_CHECK_RETRY_MS = 15 * 60_000;

export const RIOT_ID_CHECK_KEY_PREFIX = 'riot-id-check:';
export const riotIdCheckKey = (userId: string) => `${RIOT_ID_CHECK_KEY_PREFIX}${userId}`;

/** Marks the user for a later check: one pending job per user, whoever asks. */
export async function scheduleRiotIdCheck({ db, userId, runAt }: { db: DbOrTx; userId: string; runAt: Date }) {
  await scheduleJob({ db, kind: RIOT_ID_CHECK_JOB, runAt, payload: { userId }, dedupeKey: riotIdCheckKey(userId) });
}

/**
 * Asks Riot again, this long after it last answered, for an unlinked account's rank: Riot's rank keeps counting
 * as it moves (a linked account has its own daily refresh).
 */
export const RIOT_ID_RECHECK_MS = 7 * 24 * 60 * 60_000;

/**
 * Finds the accounts Riot was never asked about (made before a key was configured, or whose check found no such
 * Riot ID) and gives each a check, a few at a time: at most RIOT_ID_SWEEP_BATCH per run, RIOT_ID_SWEEP_SPACING_MS
 * apart (a check costs about three Riot calls; a development key allows 100 per 2 minutes, shared with everything
 * else). Started with the app when a key is configured; one pending sweep for all instances.
 */
export const RIOT_ID_SWEEP_JOB = 'riot.riot-id-sweep';
export const RIOT_ID_SWEEP_KEY = 'riot-id-sweep';
export const RIOT_ID_SWEEP_BATCH = 500;
export const RIOT_ID_SWEEP_SPACING_MS = 4_000;
/** A sweep that found nothing to do comes back this much later (new accounts are checked at sign-up). */
export const RIOT_ID_SWEEP_IDLE_MS = 24 * 60 * 60_000;
/** The first sweep waits this long after a start: a deployment's instances settle before Riot is asked. */
export const RIOT_ID_SWEEP_START_DELAY_MS = 5 * 60_000;

export async function scheduleRiotIdSweep({ db, runAt }: { db: DbOrTx; runAt: Date }) {
  await scheduleJob({ db, kind: RIOT_ID_SWEEP_JOB, runAt, dedupeKey: RIOT_ID_SWEEP_KEY });
}
