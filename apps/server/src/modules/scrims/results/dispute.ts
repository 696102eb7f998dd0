/**
 * A dispute ends with an answer: an admin keeps the reported winner, gives the other team the win, or decides
 * there is no result, with a reason. The result, the dispute's outcome, reason and admin, and the played
 * commitments change in the scrim's transaction (under its lock); the ratings follow after the commit, as for
 * every result change (syncScrimRatings takes the season's lock, which must never wait inside a scrim's lock:
 * a deletion takes them the other way round), and then every player is told the outcome, the reason and their
 * own rating change.
 */
import { RESULT_MESSAGES, type DisputeOutcome, type ResolveDisputeBody, type TeamName } from '@scrim-gym/shared';
import { conflict, forbidden } from '../../../lib/errors.js';
import { insertNotificationRows } from '../../notifications/index.js';
import { scrimRatingChanges, syncScrimRatings } from '../../ratings/index.js';
import { recordPlayed } from '../commitments/commitments.js';
import type { Viewer } from '../core/scrims.policy.js';
import type { ParticipantRow, ScrimRow } from '../core/scrim-aggregate.repository.js';
import { updateScrim } from '../core/scrims.repository.js';
import { adminResult, settleDispute } from './result-fields.js';
import { changeScrim, type ScrimAction } from '../core/scrim-change.js';
import { adminEvidence, noteEvidence } from './reconcile.js';

const TEAM_OF = { blue: 'teamOne', red: 'teamTwo' } as const satisfies Record<string, TeamName>;

/** The winner an answer decides (null: no result) and the outcome as stored (a team named as reported keeps it). */
export function decide(outcome: DisputeOutcome, reported: TeamName | null) {
  const team = outcome === 'none' ? null : outcome === 'keep' ? reported : TEAM_OF[outcome];
  const stored: DisputeOutcome = !team ? 'none' : team === reported ? 'keep' : outcome;
  return { team, stored };
}

/**
 * Who decides a dispute: an admin (the route checks it) who did not play in the scrim, since a player would be
 * judging their own game. Community hosts never decide one, not even on their own scrims: they run the scrim
 * and may be the reporter, so the dispute goes over their head.
 */
export function assertImpartial(viewer: Viewer, participants: ParticipantRow[]) {
  if (participants.some((p) => p.kind === 'player' && p.userId === viewer.id))
    throw forbidden(RESULT_MESSAGES.notImpartial, 'NOT_IMPARTIAL');
}

/** Everyone the answer concerns: the players, and the reporter when they did not play (a community host). */
const concerned = (scrim: ScrimRow, participants: ParticipantRow[]) => [
  ...new Set([
    ...participants.filter((p) => p.kind === 'player').map((p) => p.userId),
    ...(scrim.resultReportedBy ? [scrim.resultReportedBy] : []),
  ]),
];

/** POST /api/admin/scrims/:id/resolve-dispute {outcome, reason}: a disputed result only (409 otherwise). */
export function resolveDispute({ deps, viewer, scrimId, outcome, reason }: ScrimAction & ResolveDisputeBody) {
  return changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      if (scrim.resultStatus !== 'disputed') throw conflict(RESULT_MESSAGES.notDisputed, 'NOT_DISPUTED');
      assertImpartial(viewer, participants);
      const { team, stored } = decide(outcome, scrim.teamWon);
      await updateScrim({ db: tx, id: scrimId, values: adminResult(team, viewer.id) });
      await noteEvidence({ db: tx, scrimId, items: [adminEvidence(team, viewer.id)] });
      await settleDispute({ db: tx, scrimId, by: viewer.id, decision: { outcome: stored, reason } });
      if (team) await recordPlayed({ db: tx, scrimId, participants });
      return { team, stored, title: scrim.title, told: concerned(scrim, participants) };
    },
    afterCommit: async ({ team, stored, title, told }) => {
      await syncScrimRatings({ db: deps.db, scrimId, rules: deps.ratingRules });
      const changes = await scrimRatingChanges({ db: deps.db, scrimId });
      const decided = RESULT_MESSAGES.decidedOutcome(stored, team);
      const rows = await insertNotificationRows({
        db: deps.db,
        values: told.map((userId) => ({
          userId,
          kind: 'result_decided' as const,
          relatedScrimId: scrimId,
          message: RESULT_MESSAGES.decidedNotification(
            title,
            decided,
            reason,
            RESULT_MESSAGES.ratingChange(changes.get(userId) ?? null),
          ),
        })),
      });
      deps.notifier.publish(rows);
    },
  });
}
