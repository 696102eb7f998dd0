import { DRAFT_MESSAGES, type DraftMode } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { lockDraftStatus } from './draft-settings.repository.js';

/**
 * A scrim's draft settings (`draft`, `draftTimerSeconds`) as create and edit take them. Fearless carries picks
 * from a series' earlier games, so only a series game drafts fearless, and its series decides its mode.
 */

/** A new pick-up scrim drafts without the room or with the tournament draft. */
export function assertPickUpDraft(draft: DraftMode) {
  if (draft === 'fearless') throw badRequest(DRAFT_MESSAGES.fearlessSeriesOnly, 'FEARLESS_SERIES_ONLY');
}

/**
 * An edit of the settings, under the scrim's lock: a series game's mode is its series', and neither the mode nor
 * the turn time changes once the draft has started (running or done). Answers the values to write.
 */
export async function draftSettingsChange({
  tx,
  scrim,
  body,
}: {
  tx: DbOrTx;
  scrim: { id: string; seriesGame: boolean; draft: DraftMode; draftTimerSeconds: number };
  body: { draft?: DraftMode | undefined; draftTimerSeconds?: number | undefined };
}) {
  const draftChanged = body.draft !== undefined && body.draft !== scrim.draft;
  const timerChanged = body.draftTimerSeconds !== undefined && body.draftTimerSeconds !== scrim.draftTimerSeconds;
  if (draftChanged && scrim.seriesGame) throw conflict(DRAFT_MESSAGES.seriesDecides, 'SERIES_GAME');
  if (draftChanged) assertPickUpDraft(body.draft!);
  if (!draftChanged && !timerChanged) return {};
  const status = await lockDraftStatus({ db: tx, scrimId: scrim.id });
  if (status === 'running' || status === 'done') throw conflict(DRAFT_MESSAGES.settingsLocked, 'DRAFT_STARTED');
  return {
    ...(draftChanged && { draft: body.draft }),
    ...(timerChanged && { draftTimerSeconds: body.draftTimerSeconds }),
  };
}
