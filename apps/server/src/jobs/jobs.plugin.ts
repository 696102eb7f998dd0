import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's job runner: `register` handlers at plugin time, `wake()` after scheduling a due job. */
    jobs: JobRunner;
  }
}

export interface JobsPluginOptions extends Omit<JobRunnerOptions, 'db' | 'logger'> {
  /** Start polling when the app is ready. Off in tests, which call `app.jobs.start()` or `runOnce()` themselves. */
  autoStart: boolean;
}

/**
 * One job runner per app instance, on the app's database and logger. It starts on `onReady` (when autoStart)
 * and always stops on `onClose`, which waits for the jobs in flight before the database is closed.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, { autoStart, ...options }: JobsPluginOptions) => {
    const runner = createJobRunner({ ...options, db: app.db, logger: app.log.child({ module: 'jobs' }) });
    app.decorate('jobs', runner);
    if (autoStart) app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs' },
);
