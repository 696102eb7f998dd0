import { signupLockTime, type Scrim } from '@scrim-gym/shared';
import { teamsFull } from './scrim-view';

/** Blue's and red's chances in whole percent, adding up to 100. */
export function winSplit(blueWinProbability: number) {
  const blue = Math.round(blueWinProbability * 100);
  return { blue, red: 100 - blue };
}

export const isOffRole = (scrim: Pick<Scrim, 'balance'>, userId: string) =>
  scrim.balance?.offRole.includes(userId) ?? false;

/** Ten sign-ups make a lobby. */
export const LOBBY_SIZE = 10;

/** What a balanced scrim's sign-up panel offers the viewer (the server decides again). */
export function signupState(scrim: Scrim, userId: string | null, now: number) {
  const lockTime = signupLockTime(scrim.gameStartTime);
  const open = !scrim.teamWon && !scrim.abandonedAt && !scrim.cancellation && now < lockTime.getTime();
  const mine = Boolean(userId && scrim.signups.some((s) => s._user._id === userId));
  const inScrim = Boolean(
    userId &&
    ([...scrim.teamOne, ...scrim.teamTwo].some((p) => p._user._id === userId) ||
      scrim.casters.some((c) => c._id === userId)),
  );
  const full = scrim.signups.length >= LOBBY_SIZE;
  return {
    lockTime,
    open,
    mine,
    full,
    canSignUp: Boolean(userId) && open && !mine && !inScrim && !full,
    canWithdraw: open && mine,
  };
}

/**
 * An admin's "Balance teams": before the start, with no winner, never once cancelled, on a full scrim (or a
 * balanced scrim's ten sign-ups).
 */
export function canBalance(scrim: Scrim, now: number) {
  if (scrim.teamWon || scrim.abandonedAt || scrim.cancellation) return false;
  if (now >= new Date(scrim.gameStartTime).getTime()) return false;
  return teamsFull(scrim) || (scrim.mode === 'balanced' && scrim.signups.length === LOBBY_SIZE);
}
