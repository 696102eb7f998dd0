/**
 * Teams: rosters (roles, an owner, captains), invite links and the team's rating seeded from its players'.
 * Imports auth and ratings through their index; nothing imports teams yet but app.ts.
 */
export { teamsRoutes } from './teams.routes.js';
export { getTeam } from './teams.service.js';
