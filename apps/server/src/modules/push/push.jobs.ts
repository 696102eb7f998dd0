import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUSH_SEND_JOB, queuePushes, sendQueuedPushes } from './push.delivery.js';

/**
 * Every published scrim or series alert also goes to its owner's devices: push listens to the notifications it publishes
 * (notifications never imports push), queues a 'push.send' job after the commit and the runner sends it. The
 * action that notified is never waited for nor failed by any of it.
 */
export const pushPlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'push' });
    const deps = { db: app.db, config: app.config, log };
    app.jobs.register(PUSH_SEND_JOB, (job) => sendQueuedPushes(deps, job));
    app.notifier.onPublished((stored) => {
      queuePushes({ db: app.db, jobs: app.jobs }, stored).catch((error: unknown) =>
        log.info({ error: String(error) }, 'push: queueing pushes failed (the notifications stay in the app)'),
      );
    });
  },
  { name: 'push', dependencies: ['jobs', 'notifier'] },
);
