import type { DbOrTx } from '../../../db/client.js';
import { cancelJob, PermanentJobError, scheduleJob, type ClaimedJob } from '../../../jobs/index.js';

/**
 * The turn clock: each started turn has a job at its end (one per scrim and turn index), run by whichever instance
 * claims it first. Its handler decides under the draft's lock, so a lock that came first leaves it nothing to do.
 */
export const DRAFT_TURN_JOB = 'scrim.draft-turn';

export const draftTurnKey = (scrimId: string, turnIndex: number) => `scrim-draft-turn:${scrimId}:${turnIndex}`;

/** Schedules turn `turnIndex`'s timeout at `endsAt`, in the transaction that started the turn. */
export async function scheduleDraftTurn({
  db,
  scrimId,
  turnIndex,
  endsAt,
}: {
  db: DbOrTx;
  scrimId: string;
  turnIndex: number;
  endsAt: Date;
}) {
  await scheduleJob({
    db,
    kind: DRAFT_TURN_JOB,
    runAt: endsAt,
    payload: { scrimId, turnIndex },
    dedupeKey: draftTurnKey(scrimId, turnIndex),
  });
}

/** A reset draft: the running turn's timeout goes (turns already decided left theirs done). */
export async function cancelDraftTurn({ db, scrimId, turnIndex }: { db: DbOrTx; scrimId: string; turnIndex: number }) {
  await cancelJob({ db, dedupeKey: draftTurnKey(scrimId, turnIndex) });
}

/** The scrim and turn a timeout job is about; a job without them dies at once. */
export function draftTurnOf(job: ClaimedJob) {
  const { scrimId, turnIndex } = job.payload as { scrimId?: unknown; turnIndex?: unknown };
  if (typeof scrimId !== 'string' || typeof turnIndex !== 'number') {
    throw new PermanentJobError(`job ${job.id} has no scrimId and turnIndex`);
  }
  return { scrimId, turnIndex };
}
