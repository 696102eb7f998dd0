import type { DbOrTx } from '../../../db/client.js';
import { scheduleJob } from '../../../jobs/index.js';

/** Asks Riot again for a Riot ID it could not answer for at sign-up or at an edit (and for its Solo/Duo rank). */
export const RIOT_ID_CHECK_JOB = 'riot.riot-id-check';
/** After a transient Riot failure the check comes back this long later at the soonest. */
export const RIOT_ID_CHECK_RETRY_MS = 15 * 60_000;

export const riotIdCheckKey = (userId: string) => `riot-id-check:${userId}`;

/** Marks the user for a later check: one pending job per user, whoever asks. */
export async function scheduleRiotIdCheck({ db, userId, runAt }: { db: DbOrTx; userId: string; runAt: Date }) {
  await scheduleJob({ db, kind: RIOT_ID_CHECK_JOB, runAt, payload: { userId }, dedupeKey: riotIdCheckKey(userId) });
}
