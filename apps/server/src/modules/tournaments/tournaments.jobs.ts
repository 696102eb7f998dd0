import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { areTeamsFull } from '@scrim-gym/shared';
import { PermanentJobError, type ClaimedJob, type JobRunner } from '../../jobs/index.js';
import { userRoom } from '../../plugins/io.js';
import { isRiotError } from '../../riot/index.js';
import { notifyScrimStart } from '../notifications/index.js';
import { findScrimAggregate } from '../scrims/scrims.repository.js';
import { handleResultPollJob } from './tournaments.results.js';
import {
  RESULT_POLL_JOB,
  SCRIM_START_JOB,
  TOURNAMENT_CODE_JOB,
  scheduleTournamentCode,
} from './tournaments.schedule.js';
import { generateTournamentCode, type TournamentDeps } from './tournaments.service.js';

export const SCRIM_START_NOTIFICATION_EVENT = 'scrimStartNotification';

/** Smallest wait before a code job retries after a failure in the start job (the runner's base backoff). */
const RETRY_DELAY_MS = 5_000;

function scrimIdOf(job: ClaimedJob): string {
  const { scrimId } = job.payload as { scrimId?: unknown };
  if (typeof scrimId !== 'string') throw new PermanentJobError(`job ${job.id} has no scrimId`);
  return scrimId;
}

/**
 * 'scrim.tournament-code': generates the code if the scrim still needs one. A transient Riot failure (429, 5xx,
 * network) is rethrown so the runner retries with backoff; any other Riot failure (403, unsupported region)
 * ends the job at once. Idempotent: a scrim with a code, not full, or gone needs nothing.
 */
export async function handleTournamentCodeJob(deps: TournamentDeps, job: ClaimedJob) {
  try {
    await generateTournamentCode({ deps, scrimId: scrimIdOf(job) });
  } catch (error) {
    if (isRiotError(error) && !error.isTransient) throw new PermanentJobError(error.message, { cause: error });
    throw error;
  }
}

/**
 * 'scrim.start' at gameStartTime: sends 'scrimStartNotification' to every player's and caster's user room,
 * then generates the tournament code when both teams are full. A transient Riot failure hands the code over to
 * a 'scrim.tournament-code' job (retried with backoff), so a retry never notifies the players twice.
 * Idempotent: a scrim gone, or moved to a later start (its job moved too), is left alone.
 */
export async function handleScrimStartJob(deps: TournamentDeps & { jobs?: JobRunner }, job: ClaimedJob) {
  const scrimId = scrimIdOf(job);
  const aggregate = await findScrimAggregate({ db: deps.db, id: scrimId });
  if (!aggregate) return;
  const { scrim, participants, tournament } = aggregate;
  if (scrim.gameStartTime.getTime() > Date.now() + 1000) return;
  const rooms = [...new Set(participants.map((p) => userRoom(p.user.id)))];
  if (rooms.length > 0) {
    deps.io.to(rooms).emit(SCRIM_START_NOTIFICATION_EVENT, { scrimId, title: scrim.title });
  }
  // The bell's stored 'scrim_alert' too (once per player even if this job runs again).
  await notifyScrimStart({ deps, scrimId, title: scrim.title, userIds: participants.map((p) => p.user.id) });
  if (!areTeamsFull(participants) || scrim.teamWon || tournament?.tournamentCode) return;
  try {
    await generateTournamentCode({ deps, scrimId });
  } catch (error) {
    // A permanent Riot failure is in lastError and was sent as tournamentError: no retry.
    if (isRiotError(error) && !error.isTransient) return;
    const retryAfterMs = isRiotError(error) ? (error.retryAfterMs ?? 0) : 0;
    const delay = Math.max(RETRY_DELAY_MS, retryAfterMs);
    await scheduleTournamentCode({ db: deps.db, jobs: deps.jobs, scrimId, runAt: new Date(Date.now() + delay) });
  }
}

/** Registers the scrim start, tournament code and result poll jobs on the app's runner (needs `app.riot` and `app.jobs`). */
export const tournamentsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = { db: app.db, io: app.io, riot: app.riot, config: app.config, jobs: app.jobs };
    app.jobs.register(SCRIM_START_JOB, (job) => handleScrimStartJob(deps, job));
    app.jobs.register(TOURNAMENT_CODE_JOB, (job) => handleTournamentCodeJob(deps, job));
    app.jobs.register(RESULT_POLL_JOB, (job) => handleResultPollJob(deps, job));
  },
  { name: 'tournaments', dependencies: ['jobs', 'riot-client'] },
);
