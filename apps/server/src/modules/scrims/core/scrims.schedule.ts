import {
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_OPENS_MINUTES,
  CHECK_IN_REMINDER_MINUTES,
  LAST_STORABLE_TIME,
  SCRIM_ABANDON_AFTER_MS,
} from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { cancelJob, PermanentJobError, scheduleJob, type ClaimedJob, type JobRunner } from '../../../jobs/index.js';

/** Tolerance for a runner's clock a little ahead of the database's. */
export const CLOCK_SLACK_MS = 1000;

/** The scrim a job of this module is about (its payload's scrimId); a job without one dies at once. */
export function scrimIdOf(job: ClaimedJob): string {
  const { scrimId } = job.payload as { scrimId?: unknown };
  if (typeof scrimId !== 'string') throw new PermanentJobError(`job ${job.id} has no scrimId`);
  return scrimId;
}

/** At a scrim's start: notify its players and casters (checkin/start.ts), then the riot module makes the code. */
export const SCRIM_START_JOB = 'scrim.start';

/** 30 minutes after the start: a scrim still not full closes as abandoned (commitments/abandon.ts). */
export const SCRIM_ABANDON_JOB = 'scrim.abandon';

export const scrimStartKey = (scrimId: string) => `scrim-start:${scrimId}`;
export const scrimAbandonKey = (scrimId: string) => `scrim-abandon:${scrimId}`;

/**
 * The check-in steps (checkin/checkin.ts), each a job before the start: `open` tells the players (30 minutes
 * before), `remind` tells those not checked in yet (10 minutes before the close), `close` drops the absentees
 * and fills their slots from the waitlist (5 minutes before). Their handlers decide: check-in off, a scrim
 * cancelled or over, or a start moved later make them no-ops.
 */
export const CHECK_IN_STEPS = ['open', 'remind', 'close'] as const;
export type CheckInStep = (typeof CHECK_IN_STEPS)[number];
export const CHECK_IN_JOBS: Record<CheckInStep, string> = {
  open: 'scrim.check-in-open',
  remind: 'scrim.check-in-remind',
  close: 'scrim.check-in-close',
};
export const scrimCheckInKey = (step: CheckInStep, scrimId: string) => `scrim-check-in-${step}:${scrimId}`;

/** Minutes before the start at which each check-in step runs. */
export const CHECK_IN_STEP_MINUTES: Record<CheckInStep, number> = {
  open: CHECK_IN_OPENS_MINUTES,
  remind: CHECK_IN_CLOSES_MINUTES + CHECK_IN_REMINDER_MINUTES,
  close: CHECK_IN_CLOSES_MINUTES,
};

export const checkInStepTime = (step: CheckInStep, gameStartTime: Date) =>
  new Date(gameStartTime.getTime() - CHECK_IN_STEP_MINUTES[step] * 60_000);

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
  await scheduleScrimCheckIn({ db, scrimId, gameStartTime, ifCompleted });
  if (checkInStepTime('open', gameStartTime).getTime() <= Date.now()) jobs?.wake();
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

/**
 * Schedules (or moves) the scrim's three check-in jobs. They go with the start job (moved on edit, cancelled on
 * delete); `ifCompleted: 'replace'` re-arms steps that ran (a new start time, or check-in turned on again).
 * Only steps still ahead are scheduled: with the close passed there is nothing to check in for (a scrim made or
 * moved that late, an old one), so its pending steps are cancelled; a reminder time passed is dropped too. The
 * opening notice is scheduled while the close is ahead, due at once inside the window.
 */
export async function scheduleScrimCheckIn({
  db,
  scrimId,
  gameStartTime,
  ifCompleted = 'replace',
  now = Date.now(),
}: {
  db: DbOrTx;
  scrimId: string;
  gameStartTime: Date;
  ifCompleted?: 'replace' | 'keep';
  now?: number;
}) {
  const closeAhead = checkInStepTime('close', gameStartTime).getTime() > now;
  for (const step of CHECK_IN_STEPS) {
    const runAt = checkInStepTime(step, gameStartTime);
    const dedupeKey = scrimCheckInKey(step, scrimId);
    if (closeAhead && (step === 'open' || runAt.getTime() > now)) {
      await scheduleJob({ db, kind: CHECK_IN_JOBS[step], runAt, payload: { scrimId }, dedupeKey, ifCompleted });
    } else {
      await cancelJob({ db, dedupeKey });
    }
  }
}

/** A deleted (or cancelled) scrim: its pending start, abandon and check-in jobs go too (done ones stay as history). */
export async function cancelScrimJobs({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await cancelJob({ db, dedupeKey: scrimStartKey(scrimId) });
  await cancelJob({ db, dedupeKey: scrimAbandonKey(scrimId) });
  for (const step of CHECK_IN_STEPS) await cancelJob({ db, dedupeKey: scrimCheckInKey(step, scrimId) });
}
