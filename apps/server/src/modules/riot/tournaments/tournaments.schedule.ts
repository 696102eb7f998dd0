import type { DbOrTx } from '../../../db/client.js';
import { PermanentJobError, cancelJob, scheduleJob, type ClaimedJob, type JobRunner } from '../../../jobs/index.js';

/** A code for a scrim already started: a late fill, a save with the option on, or a retry after a Riot failure. */
export const TOURNAMENT_CODE_JOB = 'scrim.tournament-code';

/** Asks Riot for the game's result (games/by-code) until one is found: the fallback for a lost callback. */
export const RESULT_POLL_JOB = 'scrim.result-poll';

/** A game rarely ends within 20 minutes of the start: the first poll waits that long, then one every 10. */
export const FIRST_RESULT_POLL_DELAY_MS = 20 * 60_000;
export const RESULT_POLL_INTERVAL_MS = 10 * 60_000;
/** After this long past the start, polling stops; the captain's or an admin's report remains. */
export const RESULT_POLL_WINDOW_MS = 4 * 60 * 60_000;

/** Sends Riot a code's new allowed participants after a roster change: one job per scrim, so quick changes make one PUT. */
export const CODE_PARTICIPANTS_JOB = 'scrim.code-participants';

/** The scrim a tournament job is for (its payload's `scrimId`); a job without one can never run. */
export function scrimIdOf(job: ClaimedJob): string {
  const { scrimId } = job.payload as { scrimId?: unknown };
  if (typeof scrimId !== 'string') throw new PermanentJobError(`job ${job.id} has no scrimId`);
  return scrimId;
}

export const tournamentCodeKey = (scrimId: string) => `scrim-code:${scrimId}`;
export const codeParticipantsKey = (scrimId: string) => `scrim-code-participants:${scrimId}`;
export const resultPollKey = (scrimId: string) => `scrim-result:${scrimId}`;

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
 * Schedules the scrim's participants job, due now: a pending one is moved (it still runs once, with the roster as
 * it is then), and a run in flight is superseded (it runs again after it).
 */
export async function scheduleCodeParticipants({
  db,
  jobs,
  scrimId,
}: {
  db: DbOrTx;
  jobs?: JobRunner;
  scrimId: string;
}) {
  await scheduleJob({ db, kind: CODE_PARTICIPANTS_JOB, payload: { scrimId }, dedupeKey: codeParticipantsKey(scrimId) });
  jobs?.wake();
}

/**
 * Schedules (or moves) the scrim's result poll to `runAt`. Called from the poll itself it re-arms the same job
 * (one row per scrim): the run in flight completes as superseded and the job runs again at `runAt`.
 */
export async function scheduleResultPoll({ db, scrimId, runAt }: { db: DbOrTx; scrimId: string; runAt: Date }) {
  await scheduleJob({ db, kind: RESULT_POLL_JOB, runAt, payload: { scrimId }, dedupeKey: resultPollKey(scrimId) });
}

/** A deleted scrim: its pending code, participants and result jobs go too (done ones stay as history). */
export async function cancelTournamentJobs({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await cancelJob({ db, dedupeKey: tournamentCodeKey(scrimId) });
  await cancelJob({ db, dedupeKey: resultPollKey(scrimId) });
  await cancelJob({ db, dedupeKey: codeParticipantsKey(scrimId) });
}
