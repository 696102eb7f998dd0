import { NO_SHOW_COOLDOWNS_HOURS } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { addNoShowStrike, upsertCommitments, type CommitmentEntry } from './scrims.commitments.repository.js';

export type { CommitmentEntry };

/** A no-show's penalty as applied: the strike count, and the cooldown it brought (null: the first one, a warning). */
export interface NoShowPenalty {
  userId: string;
  strikes: number;
  cooldownUntil: Date | null;
}

/**
 * Records the players' commitments to a scrim inside the caller's transaction (under the scrim's lock) and
 * escalates the penalty of each new no-show: first a warning, then 24 hours, then 7 days without joining. A
 * no-show recorded again for the same scrim (a job that runs twice) is not penalised twice.
 */
export async function recordCommitments({
  db,
  scrimId,
  entries,
}: {
  db: DbOrTx;
  scrimId: string;
  entries: CommitmentEntry[];
}): Promise<NoShowPenalty[]> {
  const newNoShows = await upsertCommitments({ db, scrimId, entries });
  const penalties: NoShowPenalty[] = [];
  for (const userId of newNoShows) {
    const penalty = await addNoShowStrike({ db, userId, hoursByStrike: NO_SHOW_COOLDOWNS_HOURS });
    if (penalty) penalties.push({ userId, ...penalty });
  }
  return penalties;
}
