import type { Database } from '../../db/client.js';
import { touchUserActivity } from './auth.repository.js';

/** `last_active_at` is written at most once a minute per user (and never twice in a minute per session here). */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;
/** Sessions whose last write this process remembers; over it the oldest are forgotten (they write once more). */
const ACTIVITY_STAMPS_MAX = 100_000;
const activityStamps = new WeakMap<Database, Map<string, number>>();

const startOfUtcDay = (ms: number) => ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000);

/**
 * Records that the session's user is active (`last_active_at`, the admin dashboard's "active today"), at most
 * once a minute: a session that wrote less than a minute ago, the same UTC day, skips the statement here; the
 * statement itself writes only when the row is older than that (another session or instance wrote it lately).
 * The first call of a UTC day always writes, so "active today" counts everyone seen since midnight.
 */
export async function touchActivity({
  db,
  userId,
  tokenHash,
  now = Date.now(),
}: {
  db: Database;
  userId: string;
  tokenHash: string;
  now?: number;
}) {
  let stamps = activityStamps.get(db);
  if (!stamps) activityStamps.set(db, (stamps = new Map()));
  const last = stamps.get(tokenHash);
  if (last !== undefined && now - last < ACTIVITY_WRITE_INTERVAL_MS && startOfUtcDay(last) === startOfUtcDay(now)) {
    return;
  }
  stamps.delete(tokenHash);
  while (stamps.size >= ACTIVITY_STAMPS_MAX) stamps.delete(stamps.keys().next().value!);
  stamps.set(tokenHash, now);
  const cutoff = Math.max(now - ACTIVITY_WRITE_INTERVAL_MS, startOfUtcDay(now));
  try {
    await touchUserActivity({ db, userId, at: new Date(now), cutoff: new Date(cutoff) });
  } catch (error) {
    stamps.delete(tokenHash);
    throw error;
  }
}
