import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ScrimListCache } from './listing/list-cache.js';
import { ScrimLifecycle } from './core/scrims.lifecycle.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's cached hub lists, shared by the routes and the jobs that change scrims. */
    scrimLists: ScrimListCache;
    /** What the scrims module tells the modules that follow its scrims, after each commit. */
    scrimLifecycle: ScrimLifecycle;
  }
}

/**
 * The scrims module's shared parts, made once per app and decorated on it, so that every route file, job and
 * module that needs them receives them (scrimDepsOf) instead of looking them up. Registered before any plugin
 * that subscribes to the lifecycle.
 */
export const scrimsContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('scrimLists', new ScrimListCache(app.config.SCRIM_LIST_TTL_MS));
    app.decorate('scrimLifecycle', new ScrimLifecycle());
  },
  { name: 'scrims-context' },
);
