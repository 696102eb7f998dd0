import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PermanentJobError, type ClaimedJob } from '../../jobs/index.js';
import { BAN_EXPIRE_JOB, BAN_START_JOB } from './admin.schedule.js';
import { enforceBanOnStart, liftBanOnExpiry } from './admin.service.js';

function banIdOf(job: ClaimedJob): string {
  const { banId } = job.payload as { banId?: unknown };
  if (typeof banId !== 'string') throw new PermanentJobError(`job ${job.id} has no banId`);
  return banId;
}

/**
 * Registers the ban jobs on the app's runner. Both are idempotent: a ban lifted already (by hand, by 'Lift All
 * Expired Bans', or by another runner) is left alone, and ending sessions twice ends nothing more.
 */
export const adminJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = { db: app.db, io: app.io, sessionForgetter: app.sessionForgetter };
    app.jobs.register(BAN_EXPIRE_JOB, async (job) => {
      await liftBanOnExpiry({ ...deps, banId: banIdOf(job) });
    });
    app.jobs.register(BAN_START_JOB, (job) => enforceBanOnStart({ ...deps, banId: banIdOf(job) }));
  },
  { name: 'admin-jobs', dependencies: ['jobs', 'session-forgetter'] },
);
