import { areTeamsFull, SCRIM_MESSAGES, TEAMS, WAITLIST_MESSAGES, type WaitlistRole } from '@scrim-gym/shared';
import { conflict } from '../../../lib/errors.js';
import { LOBBY_SIZE } from '../signups/balance.js';
import type { Viewer } from '../core/scrims.policy.js';
import type { ParticipantRow, ScrimRow } from '../core/scrim-aggregate.repository.js';
import { assertNoWinner, changeScrim, cooldownError, type ScrimDeps } from '../core/scrim-change.js';
import { countSignups, findSignup } from '../signups/signups.repository.js';
import {
  deleteWaitlistEntry,
  findCooldownUntil,
  findWaitlistEntry,
  insertWaitlistEntry,
  isSeriesGame,
} from './waitlist.repository.js';

/**
 * A scrim's waitlist: when what a player wants is full (a role on both teams, every slot for 'any', ten
 * sign-ups of a balanced scrim) they wait for it, first come first served. Joining and leaving it take the
 * scrim's row lock (changeScrim), like every change of the scrim, so a promotion (waitlist/promotion.ts) never
 * races an entry. Answers are the scrim, published live.
 */

interface WaitlistAction {
  deps: ScrimDeps;
  viewer: Viewer;
  scrimId: string;
}

/** 409 SLOT_AVAILABLE unless what the player waits for is full: a free slot is taken, not waited for. */
async function assertNothingFree({
  scrim,
  participants,
  role,
  signups,
}: {
  scrim: ScrimRow;
  participants: ParticipantRow[];
  role: WaitlistRole;
  signups: number;
}) {
  if (scrim.mode === 'balanced') {
    if (signups < LOBBY_SIZE) throw conflict(WAITLIST_MESSAGES.signupsOpen, 'SLOT_AVAILABLE');
    return;
  }
  const players = participants.filter((p) => p.kind === 'player');
  if (role === 'any') {
    if (!areTeamsFull(players)) throw conflict(WAITLIST_MESSAGES.slotsFree, 'SLOT_AVAILABLE');
    return;
  }
  const taken = TEAMS.every((team) => players.some((p) => p.team === team && p.role === role));
  if (!taken) throw conflict(WAITLIST_MESSAGES.roleFree(role), 'SLOT_AVAILABLE');
}

/** POST /api/scrims/:id/waitlist: the viewer waits for a slot of `role`, or for any free slot. */
export async function joinWaitlist({ role, ...action }: WaitlistAction & { role: WaitlistRole }) {
  const { viewer, scrimId } = action;
  const result = await changeScrim({
    ...action,
    forSelf: true,
    apply: async ({ tx, scrim, participants }) => {
      assertNoWinner(scrim);
      // A series game's places are its lineups': nobody waits for one.
      if (await isSeriesGame({ db: tx, scrimId })) throw conflict(SCRIM_MESSAGES.seriesGame, 'SERIES_GAME');
      if (scrim.gameStartTime.getTime() <= Date.now()) throw conflict(WAITLIST_MESSAGES.started, 'ALREADY_STARTED');
      const mine = participants.find((p) => p.userId === viewer.id);
      if (mine?.kind === 'player') throw conflict(WAITLIST_MESSAGES.alreadyPlayer, 'ALREADY_PLAYER');
      if (mine?.kind === 'caster') throw conflict(WAITLIST_MESSAGES.alreadyCaster, 'ALREADY_CASTER');
      if (await findSignup({ db: tx, scrimId, userId: viewer.id })) {
        throw conflict(WAITLIST_MESSAGES.alreadySignedUp, 'ALREADY_SIGNED_UP');
      }
      if (await findWaitlistEntry({ db: tx, scrimId, userId: viewer.id })) {
        throw conflict(WAITLIST_MESSAGES.alreadyWaitlisted, 'ALREADY_WAITLISTED');
      }
      const cooldownUntil = await findCooldownUntil({ db: tx, userId: viewer.id });
      if (cooldownUntil) throw cooldownError(cooldownUntil);
      const signups = scrim.mode === 'balanced' ? await countSignups({ db: tx, scrimId }) : 0;
      await assertNothingFree({ scrim, participants, role, signups });
      await insertWaitlistEntry({ db: tx, row: { scrimId, userId: viewer.id, role } });
    },
  });
  return result.scrim;
}

/** DELETE /api/scrims/:id/waitlist: the viewer stops waiting (also on a cancelled or finished scrim). */
export async function leaveWaitlist(action: WaitlistAction) {
  const { viewer, scrimId } = action;
  const result = await changeScrim({
    ...action,
    apply: async ({ tx }) => {
      if (!(await deleteWaitlistEntry({ db: tx, scrimId, userId: viewer.id }))) {
        throw conflict(WAITLIST_MESSAGES.notWaitlisted, 'NOT_WAITLISTED');
      }
    },
  });
  return result.scrim;
}
