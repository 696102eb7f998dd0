/**
 * The scrims module's public face: what the other modules (riot, admin, users) and the composition root
 * (app.ts, server.ts) may use. Everything else in this folder is internal.
 */
export { backfillScrimAbandons, scrimAbandonPlugin } from './scrims.abandon.js';
export { removeFromUpcomingScrims } from './scrims.account-removal.js';
export { backfillScrimCheckIns, scrimCheckInPlugin } from './scrims.checkin.js';
export { SCRIM_UPDATED_EVENT, SCRIM_DELETED_EVENT } from './scrims.events.js';
export { scrimLifecycleFor, type ScrimLifecycle, type ScrimLifecycleEvents } from './scrims.lifecycle.js';
export type { Viewer } from './scrims.policy.js';
export { presentScrimFor, toScrimUser } from './scrims.presenter.js';
export type { ScrimAggregate } from './scrims.repository.js';
export { scrimsRoutes } from './scrims.routes.js';
export {
  SCRIM_ABANDON_JOB,
  SCRIM_START_JOB,
  scheduleScrimAbandon,
  scheduleScrimStart,
  scrimAbandonKey,
  scrimStartKey,
} from './scrims.schedule.js';
export {
  LISTS_CHANGED_EVENT,
  getScrimAggregate,
  getScrimTitle,
  listCacheFor,
  publishScrimChange,
} from './scrims.service.js';
export { recordGameWinner, scrimResultPlugin } from './scrims.result.js';
export { clearCooldown } from './scrims.reliability.js';
export { registerScrimSocketHandlers } from './scrims.socket.js';
export { SCRIM_START_NOTIFICATION_EVENT, scrimStartPlugin } from './scrims.start.js';
