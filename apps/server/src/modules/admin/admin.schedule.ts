import type { DbOrTx } from '../../db/client.js';
import { cancelJob, scheduleJob } from '../../jobs/index.js';
import type { BanRow } from '../auth/index.js';

/** At a ban's dateTo: lift it, on time (not in a once-a-day sweep). */
export const BAN_EXPIRE_JOB = 'ban.expire';
/** At the dateFrom of a ban set to start later: end the user's sessions and sockets then. */
export const BAN_START_JOB = 'ban.start';

export const banExpireKey = (banId: string) => `ban-expire:${banId}`;
export const banStartKey = (banId: string) => `ban-start:${banId}`;

/**
 * Schedules a new ban's jobs, inside the transaction that creates it (the jobs exist if and only if the ban
 * does). The dedupe keys make a second call a no-op.
 */
export async function scheduleBanJobs({ db, ban, now = new Date() }: { db: DbOrTx; ban: BanRow; now?: Date }) {
  const payload = { banId: ban.id };
  await scheduleJob({ db, kind: BAN_EXPIRE_JOB, runAt: ban.dateTo, payload, dedupeKey: banExpireKey(ban.id) });
  if (ban.dateFrom > now) {
    await scheduleJob({ db, kind: BAN_START_JOB, runAt: ban.dateFrom, payload, dedupeKey: banStartKey(ban.id) });
  }
}

/** A ban lifted by hand: its pending jobs go (done ones stay as history). */
export async function cancelBanJobs({ db, banId }: { db: DbOrTx; banId: string }) {
  await cancelJob({ db, dedupeKey: banExpireKey(banId) });
  await cancelJob({ db, dedupeKey: banStartKey(banId) });
}
