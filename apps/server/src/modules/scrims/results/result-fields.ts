import { RESULT_CONFIRM_WINDOW_MINUTES, type TeamName } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { scheduleJob } from '../../../jobs/index.js';
import { resolveOpenDispute } from './result.repository.js';
import type { NewScrim } from '../core/scrim-aggregate.repository.js';

/** When a pending report confirms itself unless the other team disputes it first. */
export const RESULT_CONFIRM_WINDOW_MS = RESULT_CONFIRM_WINDOW_MINUTES * 60_000;

/** The job that confirms an undisputed captain's report when its window ends (results/result.ts). */
export const RESULT_CONFIRM_JOB = 'scrim.result-confirm';
export const resultConfirmKey = (scrimId: string) => `scrim-result-confirm:${scrimId}`;

type ResultFields = Pick<
  NewScrim,
  'teamWon' | 'resultStatus' | 'resultSource' | 'resultReportedBy' | 'resultReportedAt' | 'resultConfirmedAt'
>;

/** A captain's report: pending until the other team confirms it, or the window ends. */
export const reportedResult = (team: TeamName, by: string, at: Date): ResultFields => ({
  teamWon: team,
  resultStatus: 'pending',
  resultSource: 'captain',
  resultReportedBy: by,
  resultReportedAt: at,
  resultConfirmedAt: null,
});

/** A result that counts at once: an admin's (by: the admin) or Riot's (by: null). */
export const confirmedResult = (
  team: TeamName,
  source: 'admin' | 'riot',
  by: string | null,
  at: Date,
): ResultFields => ({
  teamWon: team,
  resultStatus: 'confirmed',
  resultSource: source,
  resultReportedBy: by,
  resultReportedAt: at,
  resultConfirmedAt: at,
});

/** No result (an admin cleared it). */
export const clearedResult: ResultFields = {
  teamWon: null,
  resultStatus: null,
  resultSource: null,
  resultReportedBy: null,
  resultReportedAt: null,
  resultConfirmedAt: null,
};

/** An admin's winner from the edit form (confirmed at once), or none (cleared). */
export const adminResult = (team: TeamName | null, by: string, at = new Date()): ResultFields =>
  team ? confirmedResult(team, 'admin', by, at) : clearedResult;

/** An admin decided the result (set or cleared it): the open dispute, if any, is resolved by them. */
export const settleDispute = resolveOpenDispute;

/**
 * Schedules (or moves) the report's auto-confirmation at the end of its window, in the report's transaction:
 * the job exists if and only if the report committed. A later report replaces it (one job per scrim).
 */
export async function scheduleResultConfirm({
  db,
  scrimId,
  reportedAt,
}: {
  db: DbOrTx;
  scrimId: string;
  reportedAt: Date;
}) {
  await scheduleJob({
    db,
    kind: RESULT_CONFIRM_JOB,
    runAt: new Date(reportedAt.getTime() + RESULT_CONFIRM_WINDOW_MS),
    payload: { scrimId },
    dedupeKey: resultConfirmKey(scrimId),
    ifCompleted: 'replace',
  });
}
