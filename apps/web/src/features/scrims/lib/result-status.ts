import { RESULT_MESSAGES, teamDisplayName, type Scrim } from '@scrim-gym/shared';

/** A winner that counts: confirmed (or set before results had a state). Pending and disputed ones do not yet. */
export const isResultSettled = (scrim: Pick<Scrim, 'result'>) => !scrim.result || scrim.result.status === 'confirmed';

/**
 * What a scrim whose winner is not confirmed says instead of a win, wherever its result shows: "Result pending:
 * Team Two (Red Side) reported a win", "Result disputed: waiting for an admin". Null when there is no winner or
 * it is settled.
 */
export function unsettledResultText(scrim: Pick<Scrim, 'teamWon' | 'result'>): string | null {
  if (!scrim.teamWon || isResultSettled(scrim)) return null;
  return scrim.result!.status === 'disputed'
    ? RESULT_MESSAGES.disputedResult
    : RESULT_MESSAGES.pendingResult(teamDisplayName(scrim.teamWon));
}
