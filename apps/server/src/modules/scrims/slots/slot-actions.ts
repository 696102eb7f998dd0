import {
  ADMIN_MESSAGES,
  BOARD_MESSAGES,
  BALANCE_MESSAGES,
  MESSAGES,
  SCRIM_MESSAGES,
  SUBSTITUTE_MESSAGES,
  WAITLIST_MESSAGES,
} from '@scrim-gym/shared';
import { AppError, conflict, forbidden, notFound, unauthorized, uniqueViolation } from '../../../lib/errors.js';
import type { StoredNotification } from '../../notifications/index.js';
import { notifyPromoted } from '../waitlist/promotion.js';
import { isLateLeave, recordOwnLeave } from '../commitments/reliability.js';
import { assertSelfOrAdmin, canRunScrim } from '../core/scrims.policy.js';
import { abilityScrimOf, presentScrimFor } from '../core/scrims.presenter.js';
import { type ScrimAggregate } from '../core/scrim-aggregate.repository.js';
import { findScrimAggregate } from '../core/scrims.repository.js';
import { changeSlot, type SlotChange, type SlotChangeResult, type SlotRefusal } from './slots.repository.js';
import {
  cooldownError,
  publishScrimChange,
  UserAction,
  SlotAction,
  scrimNotFound,
  spotTaken,
  withCurrentScrim,
  keepLobbyReady,
  needsTournamentCode,
} from '../core/scrim-change.js';

/** A user's own place in a scrim: join, move, leave (or a kick), join and leave the cast: one statement each. */

const SUBSTITUTE_REFUSALS = {
  NOT_A_PLAYER: SUBSTITUTE_MESSAGES.outNotAPlayer,
  USER_NOT_FOUND: SUBSTITUTE_MESSAGES.inNotFound,
  ALREADY_PLAYER: SUBSTITUTE_MESSAGES.inAlreadyPlayer,
  ALREADY_CASTER: SUBSTITUTE_MESSAGES.inAlreadyCaster,
} as const;

/** The API error of a refusal of scrim_slot_change (the code is the API's; the text depends on the action). */
export function slotRefusalError(
  action: SlotChange['action'],
  refusal: SlotRefusal,
  current: ScrimAggregate | null,
  cooldownUntil: Date | null,
): AppError {
  if (action === 'substitute') {
    // The substitute's own words: which of the two users a refusal is about.
    if (refusal in SUBSTITUTE_REFUSALS) {
      const code = refusal as keyof typeof SUBSTITUTE_REFUSALS;
      const text = SUBSTITUTE_REFUSALS[code];
      return code === 'USER_NOT_FOUND' ? notFound(text, code) : conflict(text, code);
    }
  }
  switch (refusal) {
    case 'USER_DELETED':
      // The account was deleted while the request was under way: as for any request of a deleted account.
      return unauthorized(MESSAGES.notSignedIn);
    case 'SCRIM_CANCELLED':
      return conflict(WAITLIST_MESSAGES.cancelled, refusal);
    case 'COOLDOWN':
      return cooldownError(cooldownUntil ?? new Date());
    case 'SCRIM_NOT_FOUND':
      return scrimNotFound();
    case 'GAME_OVER':
      return conflict(SCRIM_MESSAGES.gameOver, refusal);
    case 'SCRIM_ABANDONED':
      return conflict(SCRIM_MESSAGES.abandoned, refusal);
    case 'ALREADY_CASTER':
      if (action === 'assign') return conflict(SCRIM_MESSAGES.userIsCaster, refusal);
      return conflict(action === 'cast' ? SCRIM_MESSAGES.alreadyCaster : SCRIM_MESSAGES.casterCannotJoinTeam, refusal);
    case 'ALREADY_PLAYER':
      return conflict(action === 'cast' ? SCRIM_MESSAGES.playerCannotCast : SCRIM_MESSAGES.alreadyPlayer, refusal);
    case 'SPOT_TAKEN':
      return spotTaken(current?.participants ?? []);
    case 'NOT_A_PLAYER':
      return conflict(SCRIM_MESSAGES.notAPlayer, refusal);
    case 'NOT_A_CASTER':
      return conflict(SCRIM_MESSAGES.notACaster, refusal);
    case 'CASTING_OFF':
      return conflict(SCRIM_MESSAGES.castingOff, refusal);
    case 'CAST_FULL':
      return conflict(SCRIM_MESSAGES.castFull, refusal);
    case 'BALANCED_SCRIM':
      return conflict(BALANCE_MESSAGES.balancedScrim, refusal);
    case 'ALREADY_SIGNED_UP':
      return conflict(BALANCE_MESSAGES.alreadySignedUp, refusal);
    case 'USER_NOT_FOUND':
      return notFound(ADMIN_MESSAGES.userNotFound, refusal);
    case 'NOT_STARTED':
      return conflict(SUBSTITUTE_MESSAGES.notStarted, refusal);
    case 'RESULT_CONFIRMED':
      return conflict(SUBSTITUTE_MESSAGES.resultConfirmed, refusal);
    case 'SUBSTITUTE_BANNED':
      return conflict(SUBSTITUTE_MESSAGES.inBanned, refusal);
    case 'NOT_BALANCED':
      return conflict(BALANCE_MESSAGES.notBalanced, refusal);
    case 'NOT_SIGNED_UP':
      return conflict(BALANCE_MESSAGES.notSignedUp, refusal);
    case 'SERIES_GAME':
      return conflict(SCRIM_MESSAGES.seriesGame, refusal);
    case 'NOT_SERIES_GAME':
      return conflict(SCRIM_MESSAGES.notSeriesGame, refusal);
    case 'WRONG_SIDE':
      return conflict(SCRIM_MESSAGES.wrongSide, refusal);
    case 'LINEUP_LOCKED':
      return conflict(BOARD_MESSAGES.lineupLocked, refusal);
    case 'LINEUP_BANNED':
      return conflict(BOARD_MESSAGES.lineupBanned, refusal);
    case 'ON_SERIES_TEAM':
      // Who the caster is, not the scrim's state: a player of either team never casts the series' games.
      return forbidden(SCRIM_MESSAGES.onSeriesTeam, refusal);
  }
}

/**
 * A change of a user's place in a scrim: one statement (scrim_slot_change), which checks the rules under the
 * scrim's lock, claims the slot, gives a freed slot to the waitlist, settles the lobby host and answers the scrim
 * as it is now, also when it refuses (the error body carries it). Only who may act for `userId` is decided here,
 * before: that needs no data. `then`: what follows a change that was made (a player's own late leave), in a
 * transaction of its own; it returns notifications to publish.
 */
async function changeSlotOf({
  deps,
  viewer,
  scrimId,
  userId,
  change,
  adminAllowed,
  then,
}: UserAction & {
  change: SlotChange;
  adminAllowed: boolean;
  then?: (aggregate: ScrimAggregate, change: { wasPlaced: boolean }) => Promise<StoredNotification[]>;
}) {
  try {
    assertSelfOrAdmin(viewer, userId, { adminAllowed });
  } catch (error) {
    // As under the lock before: a scrim that does not exist is a 404 first; else the 403 with the scrim.
    const current = await findScrimAggregate({ db: deps.db, id: scrimId });
    if (!current) throw scrimNotFound();
    // Its community host removes players and casters as an admin does (a scrim's hosted_by never changes).
    if (!(adminAllowed && canRunScrim(viewer, abilityScrimOf(current))))
      throw withCurrentScrim(error as AppError, current, viewer);
  }
  let result: SlotChangeResult;
  try {
    result = await changeSlot({ db: deps.db, scrimId, userId, change });
  } catch (error) {
    // The checks ran under the lock; only a writer that skipped it could make a constraint fire.
    if (!uniqueViolation(error)) throw error;
    const current = await findScrimAggregate({ db: deps.db, id: scrimId });
    throw withCurrentScrim(spotTaken(current?.participants ?? []), current, viewer);
  }
  if (result.refusal) {
    throw withCurrentScrim(
      slotRefusalError(change.action, result.refusal, result.aggregate, result.cooldownUntil),
      result.aggregate,
      viewer,
    );
  }
  const { aggregate } = result;
  if (then) deps.notifier.publish(await then(aggregate, { wasPlaced: result.wasPlaced }));
  publishScrimChange(deps, aggregate);
  await deps.lifecycle.emit('changed', { aggregate });
  if (result.promoted) await notifyPromoted({ deps, aggregate, userId: result.promoted });
  // Only a join can fill the teams. Filled after the start: the start job has run already, so the code gets its
  // own job (a second statement, rarely).
  if (change.action === 'join' && needsTournamentCode(aggregate)) {
    await deps.lifecycle.emit('needsTournamentCode', { scrimId });
  }
  if (change.action === 'join') await keepLobbyReady(deps, aggregate);
  return { scrim: presentScrimFor(aggregate, viewer), aggregate };
}

/**
 * Join a slot. `leaveCast`: a caster of this scrim switches to the slot in one step (the cast row becomes the
 * player row in the same statement, so a refusal, e.g. the slot taken meanwhile, leaves them a caster).
 */
export function joinTeam({ team, role, leaveCast = false, ...action }: SlotAction & { leaveCast?: boolean }) {
  return changeSlotOf({ ...action, change: { action: 'join', team, role, leaveCast }, adminAllowed: false });
}

export function movePlayer({ team, role, ...action }: SlotAction) {
  return changeSlotOf({ ...action, change: { action: 'move', team, role }, adminAllowed: false });
}

/**
 * Leave (yourself) or kick (an admin removing someone else): one statement, whose freed slot goes to the waitlist.
 * A player's own leave under LATE_LEAVE_HOURS before the start is a late leave (their reliability), and a leave
 * with a reason is told to the scrim's host (recordOwnLeave, in a transaction of its own right after; an early
 * leave without a reason writes nothing more). A placed player leaves at no cost. A kick is not the player's leave.
 */
export const removePlayer = ({ reason, ...action }: UserAction & { reason?: string }) => {
  const own = action.viewer.id === action.userId;
  return changeSlotOf({
    ...action,
    change: { action: 'leave' },
    adminAllowed: true,
    then: own
      ? async ({ scrim }, { wasPlaced: placed }) => {
          // Early (or placed) and without a reason: nothing more to write (the common leave stays one statement).
          if (reason === undefined && !isLateLeave({ placed }, scrim.gameStartTime)) return [];
          return action.deps.db.transaction((tx) =>
            recordOwnLeave({ db: tx, scrim, userId: action.userId, placed, reason }),
          );
        }
      : undefined,
  });
};

/** Join the cast (yourself). A caster sees the lobby like a player: a no-show's cooldown refuses both. */
export const joinCast = (action: UserAction) =>
  changeSlotOf({ ...action, change: { action: 'cast' }, adminAllowed: false });

/** Leave the cast (yourself, or an admin removing a caster). */
export const leaveCast = (action: UserAction) =>
  changeSlotOf({ ...action, change: { action: 'uncast' }, adminAllowed: true });
