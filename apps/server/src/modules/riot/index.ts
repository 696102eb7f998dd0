/**
 * The riot module's public face: the Riot API client (`client/`), `app.riot`, the riot routes (summoner look-up,
 * Data Dragon), the Riot account link (Riot Sign On, `link/`: routes and the daily rank refresh job), and game day's tournament codes and results (`tournaments/`: jobs, Riot's callback, the admins'
 * regenerate), and match stats (`matches/`: the match-v5 fetch job, a scrim's match, a user's history and totals, the
 * admins' attach by id; docs/match-stats.md). It follows the scrims through their index and lifecycle events; scrims
 * never imports it.
 */
export {
  RiotError,
  createRiotClient,
  isRiotError,
  type RiotClient,
  type DataDragonChampion,
  type RiotClientOptions,
  type RiotRegion,
} from './client/index.js';
export { riotClientOptionsFromConfig, riotPlugin } from './riot.plugin.js';
export { riotRoutes } from './riot.routes.js';
export { tournamentsPlugin } from './tournaments/tournaments.jobs.js';
export { matchesPlugin } from './matches/matches.jobs.js';
export { riotLinkJobsPlugin } from './link/link.jobs.js';
export { riotIdChecksOf, riotIdJobsPlugin } from './riot-id/riot-id.jobs.js';
export { riotLinkRoutes, type RiotLinkRoutesOptions } from './link/link.routes.js';
export { tournamentsRoutes } from './tournaments/tournaments.routes.js';
export { matchesRoutes } from './matches/matches.routes.js';
// The demo community's game with Riot's figures (the seed, wired in server.ts).
export { storeDemoMatch } from './matches/matches.demo.js';
