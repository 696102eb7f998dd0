import type { FastifyInstance } from 'fastify';
import { areTeamsFull } from '@scrim-gym/shared';
import fp from 'fastify-plugin';
import { PermanentJobError, type ClaimedJob } from '../../../jobs/index.js';
import { userRoom } from '../../../plugins/io.js';
import { notifyScrimStart } from '../../notifications/index.js';
import { freezePrediction } from '../signups/prediction.js';
import { findScrimAggregate } from '../core/scrims.repository.js';
import { markLobbyReady } from '../signups/signups.repository.js';
import { SCRIM_START_JOB } from '../core/scrims.schedule.js';
import { scrimDepsOf, type ScrimDeps } from '../core/scrim-change.js';

export const SCRIM_START_NOTIFICATION_EVENT = 'scrimStartNotification';

function scrimIdOf(job: ClaimedJob): string {
  const { scrimId } = job.payload as { scrimId?: unknown };
  if (typeof scrimId !== 'string') throw new PermanentJobError(`job ${job.id} has no scrimId`);
  return scrimId;
}

/**
 * 'scrim.start' at gameStartTime: sends 'scrimStartNotification' to every player's and caster's user room and
 * stores their bell's alert, stores the prediction (freezePrediction), marks the lobby ready when both teams are full, then announces `started` (the riot module makes the tournament code when both teams
 * are full, and hands a transient Riot failure over to its own job, so a retry never notifies the players twice).
 * Idempotent: a scrim gone, or moved to a later start (its job moved too), is left alone.
 */
export async function handleScrimStartJob(
  deps: Pick<ScrimDeps, 'db' | 'io' | 'notifier' | 'lifecycle'>,
  job: ClaimedJob,
) {
  const scrimId = scrimIdOf(job);
  const aggregate = await findScrimAggregate({ db: deps.db, id: scrimId });
  if (!aggregate) return;
  const { scrim, participants } = aggregate;
  if (scrim.gameStartTime.getTime() > Date.now() + 1000) return;
  const rooms = [...new Set(participants.map((p) => userRoom(p.user.id)))];
  if (rooms.length > 0) {
    deps.io.to(rooms).emit(SCRIM_START_NOTIFICATION_EVENT, { scrimId, title: scrim.title });
  }
  // The bell's stored 'scrim_alert' too (once per player even if this job runs again).
  await notifyScrimStart({ deps, scrimId, title: scrim.title, userIds: participants.map((p) => p.user.id) });
  // The prediction the game is played with, kept from now on (see freezePrediction).
  await freezePrediction({ db: deps.db, scrimId });
  // Begun with ten: the lobby stays open to those in it, whoever leaves later (see canSeeLobby).
  if (areTeamsFull(participants)) await markLobbyReady({ db: deps.db, scrimId });
  await deps.lifecycle.emit('started', { aggregate });
}

/** Registers the 'scrim.start' job on the app's runner. */
export const scrimStartPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = scrimDepsOf(app);
    app.jobs.register(SCRIM_START_JOB, (job) => handleScrimStartJob(deps, job));
  },
  { name: 'scrim-start', dependencies: ['jobs'] },
);
