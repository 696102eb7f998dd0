import {
  isPastLateLeaveLine,
  ROLES,
  TEAMS,
  type Role,
  type Scrim,
  type ScrimPlayer,
  type ScrimUser,
  type WaitlistRole,
} from '@scrim-gym/shared';
import { LOBBY_SIZE } from './balance';
import { playersOf } from './scrim-view';

/**
 * What the scrim page shows of the show-up rules (waitlist, check-in, substitutes, cancel), as pure rules of the scrim JSON
 * and the clock. The server decides again on every action; these only choose what to offer.
 */

/** Cancelled, abandoned or won: nothing to join, wait for or check in to any more. */
export const isOver = (scrim: Pick<Scrim, 'teamWon' | 'abandonedAt' | 'cancellation'>) =>
  Boolean(scrim.teamWon || scrim.abandonedAt || scrim.cancellation);

const isPlayer = (scrim: Scrim, userId: string) => playersOf(scrim).some((p) => p._user._id === userId);

/** The viewer's place on the waitlist (1 = next), or null. */
export function waitlistPosition(scrim: Pick<Scrim, 'waitlist'>, userId: string | null): number | null {
  const index = userId ? scrim.waitlist.findIndex((w) => w._user._id === userId) : -1;
  return index === -1 ? null : index + 1;
}

/** Roles taken on both teams of a slots scrim. */
export const rolesFullOnBothTeams = (scrim: Pick<Scrim, 'teamOne' | 'teamTwo'>): Role[] =>
  ROLES.filter((role) => TEAMS.every((team) => scrim[team].some((p) => p.role === role)));

/**
 * The roles the viewer may wait for (empty: no "Join waitlist"): before the start (the server refuses a join
 * after it), when they are not in the scrim and what they want is full. A slots scrim: each role taken on both teams, and any role once all ten are taken. A balanced scrim:
 * every choice once ten have signed up (or the teams are made).
 */
export function waitlistChoices(scrim: Scrim, userId: string | null, now = Date.now()): WaitlistRole[] {
  if (!userId || isOver(scrim) || now >= new Date(scrim.gameStartTime).getTime()) return [];
  if (isPlayer(scrim, userId) || waitlistPosition(scrim, userId) !== null) return [];
  if (scrim.mode === 'balanced') {
    const signedUp = scrim.signups.some((s) => s._user._id === userId);
    const full = scrim.signups.length >= LOBBY_SIZE || playersOf(scrim).length >= LOBBY_SIZE;
    return full && !signedUp ? [...ROLES, 'any'] : [];
  }
  const full = rolesFullOnBothTeams(scrim);
  return full.length === ROLES.length ? [...ROLES, 'any'] : full;
}

export type CheckInPhase = 'before' | 'open' | 'closed';

/** Where the check-in window stands at `now`. */
export function checkInPhase(checkIn: NonNullable<Scrim['checkIn']>, now: number): CheckInPhase {
  if (now < new Date(checkIn.opensAt).getTime()) return 'before';
  return now < new Date(checkIn.closesAt).getTime() ? 'open' : 'closed';
}

export const isCheckedIn = (scrim: Pick<Scrim, 'checkIn'>, userId: string) =>
  scrim.checkIn?.checkedIn.includes(userId) ?? false;

/**
 * The slot the viewer was given from the waitlist between two versions of a scrim: waiting before, a player now.
 * Null for anything else (their own join, a move, no change).
 */
export function promotionOf(before: Scrim | undefined, after: Scrim, userId: string | null): ScrimPlayer | null {
  if (!before || !userId || before._id !== after._id) return null;
  if (waitlistPosition(before, userId) === null || isPlayer(before, userId)) return null;
  return playersOf(after).find((p) => p._user._id === userId) ?? null;
}

/** A host or admin put the viewer in and they have not confirmed yet: they may leave at no cost. */
export const isPlaced = (scrim: Pick<Scrim, 'placed'>, userId: string | null) =>
  Boolean(userId && scrim.placed.includes(userId));

/** Leaving now counts against the player's reliability (past the late-leave line, the server's rule). */
export const isLateLeave = (scrim: Pick<Scrim, 'gameStartTime'>, now: number) =>
  isPastLateLeaveLine(scrim.gameStartTime, now);

export interface SubstitutionLine {
  key: string;
  in: ScrimUser | null;
  /** Null only for an account since removed. */
  out: ScrimUser | null;
}

/** The substitutions, oldest first: the server names both players. */
export const substitutionLines = (scrim: Scrim): SubstitutionLine[] =>
  scrim.substitutions.map((s) => ({
    key: `${s.outUserId ?? '-'}:${s.inUserId}:${s.createdAt}`,
    in: s.inUser,
    out: s.outUser,
  }));

/** Whoever is waiting and not in the scrim: the substitutes one click away. */
export const waitingSubstitutes = (scrim: Scrim) => scrim.waitlist.filter((w) => !isPlayer(scrim, w._user._id));

/**
 * The status to show: the server's, moved on to 'live' at the start by the page's clock (the JSON's status is
 * derived when it was sent).
 */
export const shownStatus = (scrim: Pick<Scrim, 'status'>, started: boolean): Scrim['status'] =>
  scrim.status === 'scheduled' && started ? 'live' : scrim.status;
