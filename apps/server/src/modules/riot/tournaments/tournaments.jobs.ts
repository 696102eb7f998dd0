import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { areTeamsFull } from '@scrim-gym/shared';
import { PermanentJobError, type ClaimedJob, type JobRunner } from '../../../jobs/index.js';
import { scrimDepsOf, type ScrimAggregate } from '../../scrims/index.js';
import { isRiotError } from '../client/index.js';
import { cancelLobbyGuard, handleLobbyGuardJob, LOBBY_GUARD_JOB, scheduleLobbyGuard } from './lobby-guard.js';
import { handleResultPollJob } from './tournaments.results.js';
import { followRoster, handleCodeParticipantsJob } from './tournaments.participants.js';
import {
  CODE_PARTICIPANTS_JOB,
  RESULT_POLL_JOB,
  TOURNAMENT_CODE_JOB,
  cancelTournamentJobs,
  scheduleTournamentCode,
  scrimIdOf,
} from './tournaments.schedule.js';
import { generateTournamentCode, type TournamentDeps } from './tournaments.service.js';

/** Smallest wait before a code job retries after a failure at the start (the runner's base backoff). */
const RETRY_DELAY_MS = 5_000;

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
 * A scrim's start job ran (scrims announces `started`): generates the tournament code when both teams are full.
 * A transient Riot failure hands the code over to a 'scrim.tournament-code' job (retried with backoff), so a retry
 * never notifies the players twice; a permanent one is in lastError and was sent as tournamentError: no retry.
 */
export async function onScrimStarted(deps: TournamentDeps & { jobs?: JobRunner }, aggregate: ScrimAggregate) {
  const { scrim, participants, tournament } = aggregate;
  if (!areTeamsFull(participants) || scrim.teamWon || tournament?.tournamentCode) return;
  const scrimId = scrim.id;
  try {
    await generateTournamentCode({ deps, scrimId });
  } catch (error) {
    if (isRiotError(error) && !error.isTransient) return;
    const retryAfterMs = isRiotError(error) ? (error.retryAfterMs ?? 0) : 0;
    const delay = Math.max(RETRY_DELAY_MS, retryAfterMs);
    await scheduleTournamentCode({ db: deps.db, jobs: deps.jobs, scrimId, runAt: new Date(Date.now() + delay) });
  }
}

/**
 * Registers the tournament code, participants, result poll and lobby guard jobs on the app's runner (needs
 * `app.riot` and `app.jobs`), and follows the scrims: the code at the start, a code job for a late fill, the code's
 * players after a roster change, the lobby guard once a code exists, the jobs cancelled with a deleted scrim.
 */
export const tournamentsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = {
      db: app.db,
      io: app.io,
      riot: app.riot,
      config: app.config,
      jobs: app.jobs,
      scrims: scrimDepsOf(app),
    };
    app.jobs.register(TOURNAMENT_CODE_JOB, (job) => handleTournamentCodeJob(deps, job));
    app.jobs.register(RESULT_POLL_JOB, (job) => handleResultPollJob(deps, job));
    app.jobs.register(CODE_PARTICIPANTS_JOB, (job) => handleCodeParticipantsJob(deps, job));
    const guard = { ...deps, pollMs: app.config.RIOT_LOBBY_POLL_MS, reminderMs: app.config.RIOT_LOBBY_REMINDER_MS };
    app.jobs.register(LOBBY_GUARD_JOB, (job) => handleLobbyGuardJob(guard, job));
    const scrims = app.scrimLifecycle;
    scrims.on('started', ({ aggregate }) => onScrimStarted(deps, aggregate));
    scrims.on('needsTournamentCode', ({ scrimId }) => scheduleTournamentCode({ db: app.db, jobs: app.jobs, scrimId }));
    scrims.on('deleted', async ({ scrimId }) => {
      await cancelTournamentJobs({ db: app.db, scrimId });
      await cancelLobbyGuard({ db: app.db, scrimId });
    });
    // The code follows the seated roster; a code just stored catches a change made while it was being made.
    scrims.on('changed', ({ aggregate }) => followRoster(deps, aggregate));
    scrims.on('tournamentCode', ({ aggregate }) => followRoster(deps, aggregate));
    scrims.on('tournamentCode', ({ aggregate }) => scheduleLobbyGuard(guard, aggregate));
  },
  { name: 'tournaments', dependencies: ['jobs', 'riot-client'] },
);
