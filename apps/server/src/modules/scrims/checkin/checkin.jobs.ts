import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../../db/client.js';
import { scheduleMissingCheckIns } from './checkin.repository.js';
import { closeCheckIn } from './checkin.js';
import { notifyCheckInOpen, remindCheckIn } from './check-in-notices.js';
import {
  CHECK_IN_JOBS,
  CHECK_IN_STEPS,
  CHECK_IN_STEP_MINUTES,
  scrimCheckInKey,
  scrimIdOf,
} from '../core/scrims.schedule.js';
import { scrimDepsOf } from '../core/scrim-change.js';

/**
 * At start-up, for scrims created before check-in existed: those whose close is still ahead get their
 * check-in jobs, as scheduleScrimCheckIn would have made them. Idempotent, and safe when several instances start together.
 */
export function backfillScrimCheckIns({ db, now = new Date() }: { db: Database; now?: Date }) {
  return scheduleMissingCheckIns({
    db,
    now,
    steps: CHECK_IN_STEPS.map((step) => ({
      kind: CHECK_IN_JOBS[step],
      keyPrefix: scrimCheckInKey(step, ''),
      minutesBefore: CHECK_IN_STEP_MINUTES[step],
      // As scheduleScrimCheckIn: the opening notice is due at once inside the window, a passed reminder dropped.
      evenIfPast: step === 'open',
    })),
  });
}

/** Registers the three check-in jobs on the app's runner. */
export const scrimCheckInPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = scrimDepsOf(app);
    app.jobs.register(CHECK_IN_JOBS.open, async (job) => {
      await notifyCheckInOpen({ deps, scrimId: scrimIdOf(job) });
    });
    app.jobs.register(CHECK_IN_JOBS.remind, async (job) => {
      await remindCheckIn({ deps, scrimId: scrimIdOf(job) });
    });
    app.jobs.register(CHECK_IN_JOBS.close, async (job) => {
      await closeCheckIn({ deps, scrimId: scrimIdOf(job) });
    });
  },
  { name: 'scrim-check-in', dependencies: ['jobs'] },
);
