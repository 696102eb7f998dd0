/**
 * The scrim board (teams' posts, other teams' requests, accepting one) and the series it books. Imports auth,
 * notifications and teams through their index.
 */
export { boardRoutes } from './board.routes.js';
