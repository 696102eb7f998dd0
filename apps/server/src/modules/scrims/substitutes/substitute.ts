import { SUBSTITUTE_MESSAGES, teamDisplayName } from '@scrim-gym/shared';
import { AUDIT_ACTIONS, writeAudit } from '../../audit/index.js';
import { insertNotificationRows, type StoredNotification } from '../../notifications/index.js';
import { recordShowUps, scrimAlert } from '../commitments/commitments.js';
import { placedNotifications } from '../slots/placed.js';
import { changeSlotInTool } from '../slots/tool-change.js';
import { assertCanRunScrim, assertMayPlace } from '../core/scrims.policy.js';
import { carriesCommitment } from '../commitments/reliability.js';
import { findUserById } from '../core/scrims.repository.js';
import { changeScrim, type ScrimAction } from '../core/scrim-change.js';
import { insertSubstitution, isInSideLineup } from './substitute.repository.js';
import { findWaitlistEntry } from '../waitlist/waitlist.repository.js';

/**
 * POST /api/scrims/:id/substitute {outUserId, inUserId}: after the start and before a confirmed result, the
 * scrim's host or an admin replaces a player who did not come. In one transaction under the scrim's lock, the slot
 * statement (scrim_slot_change 'substitute') decides and seats: the substitute takes the absentee's team and role
 * (and the lobby captaincy if the absentee held it) and leaves the waitlist. Then the substitution is recorded, the absentee's no-show escalates their penalty (audited) unless they
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
}: ScrimAction & { outUserId: string; inUserId: string }) {
  let stored: StoredNotification[] = [];
  const result = await changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      assertCanRunScrim(viewer, scrim);
      const out = participants.find((p) => p.kind === 'player' && p.userId === outUserId);
      // A host's substitute is someone waiting for this scrim (on a series game, the absentee's team's lineup: its
      // bench); an admin's anyone. Read under the scrim's lock.
      const waiting = scrim.seriesGame
        ? Boolean(out?.team && (await isInSideLineup({ db: tx, scrimId, userId: inUserId, side: out.team })))
        : Boolean(await findWaitlistEntry({ db: tx, scrimId, userId: inUserId }));
      assertMayPlace(viewer, { inScrim: false, waiting });
      const { placed } = await changeSlotInTool({
        tx,
        scrim,
        participants,
        userId: inUserId,
        change: { action: 'substitute', by: viewer.id, out: outUserId },
      });
      // The statement took the absentee's slot: they were a player.
      const slot = { team: out!.team!, role: out!.role! };
      const substitute = (await findUserById({ db: tx, id: inUserId }))!;
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
      const noShows = carriesCommitment(out!) ? [outUserId] : [];
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
      deps.notifier.publish(stored);
    },
  });
  return result;
}
