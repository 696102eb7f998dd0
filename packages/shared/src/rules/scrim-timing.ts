import { BALANCED_SIGNUP_LOCK_MINUTES, CURRENT_SCRIM_WINDOW_MS } from '../constants.js';

export type ScrimTiming = 'upcoming' | 'current' | 'previous';

/**
 * upcoming: now ≤ start; current: started, no winner, under 3 h; previous: a winner or 3 h+,
 * or abandoned (still not full 30 minutes after the start: it is over, nobody plays it).
 */
export function getScrimTiming({
  gameStartTime,
  teamWon,
  abandonedAt,
  now = Date.now(),
}: {
  gameStartTime: string | Date;
  teamWon: string | null | undefined;
  abandonedAt?: string | Date | null;
  now?: number;
}): ScrimTiming {
  const start = new Date(gameStartTime).getTime();
  if (now <= start) return 'upcoming';
  if (teamWon || abandonedAt) return 'previous';
  return now - start < CURRENT_SCRIM_WINDOW_MS ? 'current' : 'previous';
}

/** When a balanced scrim's sign-ups lock: BALANCED_SIGNUP_LOCK_MINUTES before its start. */
export function signupLockTime(gameStartTime: string | Date): Date {
  return new Date(new Date(gameStartTime).getTime() - BALANCED_SIGNUP_LOCK_MINUTES * 60_000);
}
