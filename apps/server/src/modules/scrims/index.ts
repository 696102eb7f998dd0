/**
 * The scrims module's public face: what the other modules (riot, admin, users) and the composition root
 * (app.ts, server.ts) may use. Everything else in this folder is internal.
 */
export { backfillScrimAbandons, scrimAbandonPlugin } from './commitments/abandon.js';
export { removeFromUpcomingScrims } from './commitments/account-removal.js';
export { backfillScrimCheckIns, scrimCheckInPlugin } from './checkin/checkin.jobs.js';
export { scrimDraftPlugin } from './draft/draft.jobs.js';
export type { ChampionCatalogue } from './draft/draft.js';
export { SCRIM_UPDATED_EVENT, SCRIM_DELETED_EVENT } from './core/scrims.events.js';
export { type ScrimLifecycle, type ScrimLifecycleEvents } from './core/scrims.lifecycle.js';
export type { Viewer } from './core/scrims.policy.js';
export { presentScrimFor, toScrimUser } from './core/scrims.presenter.js';
export type { ScrimAggregate } from './core/scrim-aggregate.repository.js';
export { scrimsRoutes } from './scrims.routes.js';
export {
  CLOCK_SLACK_MS,
  SCRIM_ABANDON_JOB,
  SCRIM_START_JOB,
  scheduleScrimAbandon,
  scheduleScrimStart,
  scrimAbandonKey,
  scrimStartKey,
} from './core/scrims.schedule.js';
export { LISTS_CHANGED_EVENT, publishScrimChange, scrimDepsOf, type ScrimDeps } from './core/scrim-change.js';
export { scrimsContextPlugin } from './scrims-context.plugin.js';
export { getScrimAggregate, getScrimTitle } from './core/scrim-reads.js';
export { cancelSeriesGameScrims, createSeriesGameScrim, retitleSeriesGameScrim } from './editing/series-games.js';
export { seatLineup, seatSides } from './slots/tool-change.js';
export { scrimResultPlugin } from './results/result.js';
export { reconcileResult, type Reconciled } from './results/reconcile.js';
export { findMatchVerdicts, type NewEvidence } from './results/reconcile.repository.js';
export { clearCooldown } from './commitments/reliability.js';
export { registerScrimSocketHandlers } from './core/scrims.socket.js';
export { SCRIM_START_NOTIFICATION_EVENT, scrimStartPlugin } from './checkin/start.js';
