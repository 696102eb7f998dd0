import { LAST_STORABLE_TIME, SCRIM_ABANDON_AFTER_MS } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { cancelJob, scheduleJob, type JobRunner } from '../../../jobs/index.js';

/** At a scrim's start: notify its players and casters, then generate the tournament code when both teams are full. */
export const SCRIM_START_JOB = 'scrim.start';
/** A code for a scrim already started: a late fill, a save with the option on, or a retry after a Riot failure. */
export const TOURNAMENT_CODE_JOB = 'scrim.tournament-code';

/** Asks Riot for the game's result (games/by-code) until one is found: the fallback for a lost callback. */
export const RESULT_POLL_JOB = 'scrim.result-poll';

/** A game rarely ends within 20 minutes of the start: the first poll waits that long, then one every 10. */
export const FIRST_RESULT_POLL_DELAY_MS = 20 * 60_000;
export const RESULT_POLL_INTERVAL_MS = 10 * 60_000;
/** After this long past the start, polling stops; the captain's or an admin's report remains. */
export const RESULT_POLL_WINDOW_MS = 4 * 60 * 60_000;

/** 30 minutes after the start: a scrim still not full closes as abandoned (modules/scrims/scrims.abandon.ts). */
export const SCRIM_ABANDON_JOB = 'scrim.abandon';

export const scrimStartKey = (scrimId: string) => `scrim-start:${scrimId}`;
export const scrimAbandonKey = (scrimId: string) => `scrim-abandon:${scrimId}`;
export const tournamentCodeKey = (scrimId: string) => `scrim-code:${scrimId}`;
export const resultPollKey = (scrimId: string) => `scrim-result:${scrimId}`;

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

/** Schedules the scrim's code job, due now by default (or at `runAt`, e.g. after a rate limit). */
export async function scheduleTournamentCode({
  db,
  jobs,
  scrimId,
  runAt,
}: {
  db: DbOrTx;
  jobs?: JobRunner;
  scrimId: string;
  runAt?: Date;
}) {
  await scheduleJob({
    db,
    kind: TOURNAMENT_CODE_JOB,
    runAt,
    payload: { scrimId },
    dedupeKey: tournamentCodeKey(scrimId),
  });
  if (!runAt || runAt.getTime() <= Date.now()) jobs?.wake();
}

/**
 * Schedules (or moves) the scrim's result poll to `runAt`. Called from the poll itself it re-arms the same job
 * (one row per scrim): the run in flight completes as superseded and the job runs again at `runAt`.
 */
export async function scheduleResultPoll({ db, scrimId, runAt }: { db: DbOrTx; scrimId: string; runAt: Date }) {
  await scheduleJob({ db, kind: RESULT_POLL_JOB, runAt, payload: { scrimId }, dedupeKey: resultPollKey(scrimId) });
}

/** A deleted scrim: its pending jobs go too (done ones stay as history). */
export async function cancelScrimJobs({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await cancelJob({ db, dedupeKey: scrimStartKey(scrimId) });
  await cancelJob({ db, dedupeKey: tournamentCodeKey(scrimId) });
  await cancelJob({ db, dedupeKey: resultPollKey(scrimId) });
  await cancelJob({ db, dedupeKey: scrimAbandonKey(scrimId) });
}
