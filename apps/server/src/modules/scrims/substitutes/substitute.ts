import { SUBSTITUTE_MESSAGES, teamDisplayName } from '@scrim-gym/shared';
import { conflict, notFound } from '../../../lib/errors.js';
import { AUDIT_ACTIONS, writeAudit } from '../../audit/index.js';
import { insertNotificationRows, publishNotifications, type StoredNotification } from '../../notifications/index.js';
import { assertNotCancelled } from '../checkin/checkin.js';
import { removePlayers } from '../checkin/checkin.repository.js';
import { recordShowUps, scrimAlert } from '../commitments/commitments.js';
import { placedNotifications, placesSomeoneElse } from '../slots/placed.js';
import { assertCanRunScrim, assertMayPlace } from '../core/scrims.policy.js';
import { carriesCommitment } from '../commitments/reliability.js';
import { findUserById, insertParticipants, updateScrim } from '../core/scrims.repository.js';
import { assertNotAbandoned, changeScrim, type ScrimAction } from '../core/scrim-change.js';
import { clearBalance, findRoleSettings, findSignup, insertSignup } from '../signups/signups.repository.js';
import { deleteWaitlistEntry, insertSubstitution, isBanned } from './substitute.repository.js';
import { findWaitlistEntry } from '../waitlist/waitlist.repository.js';

/**
 * POST /api/scrims/:id/substitute {outUserId, inUserId}: after the start and before a confirmed result, the
 * scrim's host or an admin replaces a player who did not come. In one transaction under the scrim's lock: the
 * substitute takes the absentee's team and role (and the lobby captaincy if the absentee held it) and leaves the
 * waitlist; the substitution is recorded, the absentee's no-show escalates their penalty (audited) unless they
 * were placed (carriesCommitment), both are told, and the action goes to the audit log. A substitute brought in
 * by someone else is placed: they may leave at no cost until they confirm. The ratings read the players when the
 * result is confirmed, so they count the substitute, not the absentee.
 */
export async function substitutePlayer({
  deps,
  viewer,
  scrimId,
  outUserId,
  inUserId,
  now = Date.now(),
}: ScrimAction & { outUserId: string; inUserId: string; now?: number }) {
  let stored: StoredNotification[] = [];
  const result = await changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      assertCanRunScrim(viewer, scrim);
      assertNotCancelled(scrim);
      assertNotAbandoned(scrim);
      if (scrim.gameStartTime.getTime() > now) throw conflict(SUBSTITUTE_MESSAGES.notStarted, 'NOT_STARTED');
      if (scrim.resultStatus === 'confirmed') throw conflict(SUBSTITUTE_MESSAGES.resultConfirmed, 'RESULT_CONFIRMED');
      const out = participants.find((p) => p.kind === 'player' && p.userId === outUserId);
      if (!out) throw conflict(SUBSTITUTE_MESSAGES.outNotAPlayer, 'NOT_A_PLAYER');
      const substitute = await findUserById({ db: tx, id: inUserId });
      if (!substitute) throw notFound(SUBSTITUTE_MESSAGES.inNotFound, 'USER_NOT_FOUND');
      const already = participants.find((p) => p.userId === inUserId);
      if (already?.kind === 'player') throw conflict(SUBSTITUTE_MESSAGES.inAlreadyPlayer, 'ALREADY_PLAYER');
      if (already?.kind === 'caster') throw conflict(SUBSTITUTE_MESSAGES.inAlreadyCaster, 'ALREADY_CASTER');
      // A host's substitute is someone waiting for this scrim; an admin's anyone.
      const waiting = Boolean(await findWaitlistEntry({ db: tx, scrimId, userId: inUserId }));
      assertMayPlace(viewer, { inScrim: false, waiting });
      if (await isBanned({ db: tx, userId: inUserId }))
        throw conflict(SUBSTITUTE_MESSAGES.inBanned, 'SUBSTITUTE_BANNED');

      const slot = { team: out.team!, role: out.role! };
      await removePlayers({ db: tx, scrimId, userIds: [outUserId] });
      await deleteWaitlistEntry({ db: tx, scrimId, userId: inUserId });
      // Brought in by someone else, the substitute did not choose the scrim: placed until they confirm.
      const placed = placesSomeoneElse(viewer, inUserId);
      await insertParticipants({ db: tx, rows: [{ scrimId, userId: inUserId, kind: 'player', ...slot, placed }] });
      // A balanced scrim's players are its sign-ups: the substitute signs up for the seat (unless signed up).
      if (scrim.mode === 'balanced' && !(await findSignup({ db: tx, scrimId, userId: inUserId }))) {
        const settings = await findRoleSettings({ db: tx, userId: inUserId });
        await insertSignup({
          db: tx,
          row: { scrimId, userId: inUserId, primaryRole: slot.role, secondaryRole: settings?.secondaryRole ?? 'Fill' },
        });
      }
      if (scrim.lobbyHostId === outUserId)
        await updateScrim({ db: tx, id: scrimId, values: { lobbyHostId: inUserId } });
      // The teams are no longer as they were balanced: the win probability comes from the live ratings again.
      await clearBalance({ db: tx, scrimId });
      await insertSubstitution({ db: tx, row: { scrimId, outUserId, inUserId, byUserId: viewer.id } });
      await writeAudit({
        db: tx,
        entries: [
          {
            actorId: viewer.id,
            action: AUDIT_ACTIONS.substitute,
            targetUserId: outUserId,
            targetScrimId: scrimId,
            details: { inUserId, ...slot },
          },
        ],
      });
      // A placed absentee never chose the scrim: replaced, not penalised.
      const noShows = carriesCommitment(out) ? [outUserId] : [];
      const penalties = await recordShowUps({ db: tx, scrim, noShows, actorId: viewer.id });
      const slotText = `${teamDisplayName(slot.team)} ${slot.role}`;
      const told = placed
        ? await placedNotifications({
            db: tx,
            viewer,
            scrim,
            placed: [{ userId: inUserId, ...slot }],
            substitute: true,
          })
        : [scrimAlert(scrimId, inUserId, SUBSTITUTE_MESSAGES.substituteNotification(scrim.title, slotText))];
      stored = [
        ...(await insertNotificationRows({
          db: tx,
          values: [
            scrimAlert(scrimId, outUserId, SUBSTITUTE_MESSAGES.replacedNotification(scrim.title, substitute.name)),
            ...told,
          ],
        })),
        ...penalties,
      ];
    },
    afterCommit: async () => {
      publishNotifications({ io: deps.io, stored });
    },
  });
  return result;
}
