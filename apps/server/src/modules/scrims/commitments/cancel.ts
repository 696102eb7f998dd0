import { SCRIM_MESSAGES, WAITLIST_MESSAGES } from '@scrim-gym/shared';
import { conflict } from '../../../lib/errors.js';
import { AUDIT_ACTIONS, writeAudit } from '../../audit/index.js';
import { insertNotificationRows } from '../../notifications/index.js';
import { assertCanRunScrim, type Viewer } from '../core/scrims.policy.js';
import { updateScrim } from '../core/scrims.repository.js';
import { cancelScrimJobs } from '../core/scrims.schedule.js';
import { assertNoWinner, changeScrim, type ScrimDeps } from '../core/scrim-change.js';
import { findSignupAndWaitlistUserIds } from '../waitlist/waitlist.repository.js';

/**
 * POST /api/scrims/:id/cancel: an admin or the scrim's community host cancels it with a reason. In one
 * transaction under the scrim's lock: the cancellation stored (the scrim stays visible, status 'cancelled', and
 * refuses every change), its pending jobs cancelled, the audit entry, and a notification with the reason for
 * everyone in it: players, casters, sign-ups and the waitlist. Already cancelled, finished or abandoned, or a team
 * series' game (cancelled with its series): 409.
 */
export async function cancelScrim({
  deps,
  viewer,
  scrimId,
  reason,
}: {
  deps: ScrimDeps;
  viewer: Viewer;
  scrimId: string;
  reason: string;
}) {
  const result = await changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      assertCanRunScrim(viewer, scrim);
      // A series' games end with it: a game cancelled alone would leave the series waiting for a result.
      if (scrim.seriesGame) throw conflict(SCRIM_MESSAGES.seriesGameEnds, 'SERIES_GAME');
      if (scrim.cancelledAt) throw conflict(WAITLIST_MESSAGES.alreadyCancelled, 'SCRIM_CANCELLED');
      assertNoWinner(scrim);
      await updateScrim({
        db: tx,
        id: scrimId,
        values: { cancelledAt: new Date(), cancelReason: reason, cancelledBy: viewer.id },
      });
      await cancelScrimJobs({ db: tx, scrimId });
      await writeAudit({
        db: tx,
        entries: [
          { actorId: viewer.id, action: AUDIT_ACTIONS.cancelScrim, targetScrimId: scrimId, details: { reason } },
        ],
      });
      const others = await findSignupAndWaitlistUserIds({ db: tx, scrimId });
      const told = new Set([...participants.map((p) => p.userId), ...others]);
      told.delete(viewer.id);
      return insertNotificationRows({
        db: tx,
        values: [...told].map((userId) => ({
          userId,
          kind: 'scrim_alert' as const,
          relatedScrimId: scrimId,
          message: WAITLIST_MESSAGES.cancelledNotification(scrim.title, reason),
        })),
      });
    },
  });
  deps.notifier.publish(result.value);
  return result.scrim;
}
