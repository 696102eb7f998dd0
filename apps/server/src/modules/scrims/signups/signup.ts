import { BALANCE_MESSAGES, BALANCED_SIGNUP_LOCK_MINUTES, signupLockTime, signupBodySchema } from '@scrim-gym/shared';
import type { z } from 'zod';
import { conflict } from '../../../lib/errors.js';
import type { StoredNotification } from '../../notifications/index.js';
import { LOBBY_SIZE, makeTeams } from './balance.js';
import type { Viewer } from '../core/scrims.policy.js';
import type { ScrimRow } from '../core/scrim-aggregate.repository.js';
import { promoteIntoFreedSlots } from '../waitlist/promotion.js';
import { assertNoWinner, changeScrim, cooldownError, type ScrimDeps } from '../core/scrim-change.js';
import { fillOpenSeats } from '../listing/open-seats.js';
import { recordOwnLeave } from '../commitments/reliability.js';
import { deleteParticipant } from '../core/scrims.repository.js';
import { settleLobbyHost } from '../slots/slots.repository.js';
import {
  clearBalance,
  countSignups,
  deleteSignup,
  findRoleSettings,
  findSignup,
  findSignupCandidates,
  insertSignup,
} from './signups.repository.js';
import { deleteWaitlistEntry, findCooldownUntil } from '../waitlist/waitlist.repository.js';

/**
 * A balanced scrim's sign-ups: players sign up for the scrim, not a slot; the tenth sign-up makes the
 * teams, in the same transaction, under the scrim's row lock (the lock every change of the scrim takes), so two
 * tenth sign-ups racing on two instances balance once and the second is refused (ten at most).
 */

interface SignupAction {
  deps: ScrimDeps;
  viewer: Viewer;
  scrimId: string;
}

/** Sign-ups and withdrawals: a balanced scrim, not over, before the lock (BALANCED_SIGNUP_LOCK_MINUTES). */
function assertSignupsOpen(scrim: ScrimRow, now = Date.now()) {
  if (scrim.mode !== 'balanced') throw conflict(BALANCE_MESSAGES.notBalanced, 'NOT_BALANCED');
  assertNoWinner(scrim);
  if (now >= signupLockTime(scrim.gameStartTime).getTime()) {
    throw conflict(BALANCE_MESSAGES.signupLocked(BALANCED_SIGNUP_LOCK_MINUTES), 'SIGNUP_LOCKED');
  }
}

/** POST /api/scrims/:id/signup: the viewer signs up with roles (each defaulting to their settings). */
export async function signUp({ body, ...action }: SignupAction & { body: z.output<typeof signupBodySchema> }) {
  const { deps, viewer, scrimId } = action;
  const result = await changeScrim({
    ...action,
    forSelf: true,
    apply: async ({ tx, scrim, participants }) => {
      assertSignupsOpen(scrim);
      if (await findSignup({ db: tx, scrimId, userId: viewer.id })) {
        throw conflict(BALANCE_MESSAGES.alreadySignedUp, 'ALREADY_SIGNED_UP');
      }
      const mine = participants.find((p) => p.userId === viewer.id);
      if (mine?.kind === 'player') throw conflict(BALANCE_MESSAGES.alreadyPlayer, 'ALREADY_PLAYER');
      if (mine?.kind === 'caster') throw conflict(BALANCE_MESSAGES.alreadyCaster, 'ALREADY_CASTER');
      const signedUp = await countSignups({ db: tx, scrimId });
      if (signedUp >= LOBBY_SIZE) throw conflict(BALANCE_MESSAGES.signupsFull, 'SIGNUPS_FULL');
      const cooldownUntil = await findCooldownUntil({ db: tx, userId: viewer.id });
      if (cooldownUntil) throw cooldownError(cooldownUntil);
      // Signed up, they wait no more.
      await deleteWaitlistEntry({ db: tx, scrimId, userId: viewer.id });
      const settings = await findRoleSettings({ db: tx, userId: viewer.id });
      await insertSignup({
        db: tx,
        row: {
          scrimId,
          userId: viewer.id,
          primaryRole: body.primaryRole ?? settings?.primaryRole ?? 'Fill',
          secondaryRole: body.secondaryRole ?? settings?.secondaryRole ?? 'Fill',
        },
      });
      // Teams made earlier (someone withdrew): the newcomer takes an open seat that fits them.
      if (participants.some((p) => p.kind === 'player')) return fillOpenSeats({ db: tx, scrim });
      if (signedUp + 1 < LOBBY_SIZE) return [];
      // The tenth: the teams are made now (the lobby host is then settled by changeScrim, as for slot scrims).
      const ten = await findSignupCandidates({ db: tx, scrimId });
      return makeTeams({ db: tx, scrimId, ten, message: BALANCE_MESSAGES.teamsMadeNotification(scrim.title) });
    },
  });
  deps.notifier.publish(result.value);
  return result.scrim;
}

/**
 * DELETE /api/scrims/:id/signup: the viewer withdraws before the lock. Inside LATE_LEAVE_HOURS of the start it is a
 * late leave (recordOwnLeave: a sign-up carries a commitment). When the teams were made, the other nine keep their
 * seats and the freed one is refilled (fillOpenSeats); before that, the sign-up freed goes to the first waitlisted
 * player, and when that makes ten the teams are made at once.
 */
export async function withdraw(action: SignupAction) {
  const { deps, viewer, scrimId } = action;
  const result = await changeScrim({
    ...action,
    apply: async ({ tx, scrim, participants }): Promise<StoredNotification[]> => {
      assertSignupsOpen(scrim);
      if (!(await deleteSignup({ db: tx, scrimId, userId: viewer.id }))) {
        throw conflict(BALANCE_MESSAGES.notSignedUp, 'NOT_SIGNED_UP');
      }
      const cost = await recordOwnLeave({ db: tx, scrim, userId: viewer.id, placed: false });
      if (participants.some((p) => p.kind === 'player')) {
        await deleteParticipant({ db: tx, scrimId, userId: viewer.id });
        await clearBalance({ db: tx, scrimId });
        await settleLobbyHost({ db: tx, scrimId, left: viewer.id });
        return [...cost, ...(await fillOpenSeats({ db: tx, scrim }))];
      }
      const promoted = await promoteIntoFreedSlots({ db: tx, scrim, freed: [{ team: null, role: null }] });
      if (promoted.length === 0 || (await countSignups({ db: tx, scrimId })) < LOBBY_SIZE) {
        return [...cost, ...promoted];
      }
      const ten = await findSignupCandidates({ db: tx, scrimId });
      const teams = await makeTeams({
        db: tx,
        scrimId,
        ten,
        message: BALANCE_MESSAGES.teamsMadeNotification(scrim.title),
      });
      return [...cost, ...promoted, ...teams];
    },
  });
  deps.notifier.publish(result.value);
  return result.scrim;
}
