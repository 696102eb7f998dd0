/**
 * The scrim board (teams' posts, other teams' requests, accepting one) and the series it books. Imports auth,
 * notifications, teams and scrims (a series' games are scrims) through their index. Modules that follow it (discord)
 * subscribe to its lifecycle and read it as a stranger does (board.public.ts).
 */
export { boardRoutes } from './board.routes.js';
export { readPublicPost, readPublicSeries } from './board.public.js';
export { boardContextPlugin, type BoardLifecycle, type BoardLifecycleEvents } from './board.lifecycle.js';
export { registerBoardSocketHandlers } from './board.socket.js';
export { seriesJobsPlugin } from './series/series.jobs.js';
