/**
 * Web Push (docs/push.md): browsers' subscriptions, the VAPID keys (configured, or generated once and
 * stored), and the delivery of every published scrim and series alert to its owner's devices. It listens to the
 * notifications module; nothing imports push but app.ts.
 */
export { pushRoutes } from './push.routes.js';
export { pushPlugin } from './push.jobs.js';
export { PUSH_SEND_JOB, PUSH_MAX_AGE_MS, pushPayloadOf } from './push.delivery.js';
