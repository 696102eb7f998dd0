import { LATE_LEAVE_HOURS, RELIABILITY_MIN_COMMITMENTS } from '../constants.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export type ReliabilityState = 'new' | 'rated';

/** A player is rated once they have RELIABILITY_MIN_COMMITMENTS commitments; before that they are new. */
export const reliabilityState = (commitments: number): ReliabilityState =>
  commitments >= RELIABILITY_MIN_COMMITMENTS ? 'rated' : 'new';

/**
 * The share a player is shown with: the share kept while rated, null while new (a newcomer's single late leave
 * never becomes a public "0 %").
 */
export const shownReliability = (kept: number | null, commitments: number): number | null =>
  reliabilityState(commitments) === 'rated' ? kept : null;

/** The last moment a player may leave a scrim at no cost: LATE_LEAVE_HOURS before its start. */
export const lateLeaveLine = (gameStartTime: string | Date): Date =>
  new Date(new Date(gameStartTime).getTime() - LATE_LEAVE_HOURS * HOUR_MS);

/** How long a leave stays free (ms, 0 once the line is passed): the server and the leave dialog read the same line. */
export const freeLeaveTimeLeft = (gameStartTime: string | Date, now = Date.now()): number =>
  Math.max(0, lateLeaveLine(gameStartTime).getTime() - now);

/** Leaving at `now` is late: past the line (and so after the start too). */
export const isPastLateLeaveLine = (gameStartTime: string | Date, now = Date.now()): boolean =>
  now > lateLeaveLine(gameStartTime).getTime();

/**
 * A duration in words, rounded down to the minute ("1 h 12 min", "45 min", "3 h"); under a minute it is
 * "less than a minute" so the dialog never promises time the server does not give.
 */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
