import { LAST_STORABLE_TIME, SCRIM_ABANDON_AFTER_MS } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { cancelJob, PermanentJobError, scheduleJob, type ClaimedJob, type JobRunner } from '../../jobs/index.js';

/** Tolerance for a runner's clock a little ahead of the database's. */
export const CLOCK_SLACK_MS = 1000;

/** The scrim a job of this module is about (its payload's scrimId); a job without one dies at once. */
export function scrimIdOf(job: ClaimedJob): string {
  const { scrimId } = job.payload as { scrimId?: unknown };
  if (typeof scrimId !== 'string') throw new PermanentJobError(`job ${job.id} has no scrimId`);
  return scrimId;
}

/** At a scrim's start: notify its players and casters (scrims.start.ts), then the riot module makes the code. */
export const SCRIM_START_JOB = 'scrim.start';

/** 30 minutes after the start: a scrim still not full closes as abandoned (scrims.abandon.ts). */
export const SCRIM_ABANDON_JOB = 'scrim.abandon';

export const scrimStartKey = (scrimId: string) => `scrim-start:${scrimId}`;
export const scrimAbandonKey = (scrimId: string) => `scrim-abandon:${scrimId}`;

/**
 * Schedules (or moves) the scrim's start job at `gameStartTime`. `ifCompleted: 'keep'` leaves a start job that
 * already fired alone (an edit that did not change the start time must not notify the players again).
 */
export async function scheduleScrimStart({
  db,
  jobs,
  scrimId,
  gameStartTime,
  ifCompleted = 'replace',
}: {
  db: DbOrTx;
  jobs?: JobRunner;
  scrimId: string;
  gameStartTime: Date;
  ifCompleted?: 'replace' | 'keep';
}) {
  await scheduleJob({
    db,
    kind: SCRIM_START_JOB,
    runAt: gameStartTime,
    payload: { scrimId },
    dedupeKey: scrimStartKey(scrimId),
    ifCompleted,
  });
  await scheduleScrimAbandon({ db, scrimId, gameStartTime, ifCompleted });
  if (gameStartTime.getTime() <= Date.now()) jobs?.wake();
}

/**
 * Schedules (or moves) the scrim's abandon check, 30 minutes after its start. It goes with the start job (moved
 * on edit, cancelled on delete); the handler decides, so a scrim that filled meanwhile is simply left alone.
 */
export async function scheduleScrimAbandon({
  db,
  scrimId,
  gameStartTime,
  ifCompleted = 'replace',
}: {
  db: DbOrTx;
  scrimId: string;
  gameStartTime: Date;
  ifCompleted?: 'replace' | 'keep';
}) {
  await scheduleJob({
    db,
    kind: SCRIM_ABANDON_JOB,
    // A start in the last half hour of year 9999 is valid input; its check is capped to a storable instant.
    runAt: new Date(Math.min(gameStartTime.getTime() + SCRIM_ABANDON_AFTER_MS, LAST_STORABLE_TIME)),
    payload: { scrimId },
    dedupeKey: scrimAbandonKey(scrimId),
    ifCompleted,
  });
}

/** A deleted scrim: its pending start and abandon jobs go too (done ones stay as history). */
export async function cancelScrimJobs({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await cancelJob({ db, dedupeKey: scrimStartKey(scrimId) });
  await cancelJob({ db, dedupeKey: scrimAbandonKey(scrimId) });
}
