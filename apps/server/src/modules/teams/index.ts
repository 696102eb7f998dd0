/**
 * Teams: rosters (roles, an owner, captains), invite links and the team's rating seeded from its players'.
 * Imports auth and ratings through their index; users (account deletion) imports it.
 */
export { teamsRoutes } from './teams.routes.js';
// Account deletion takes the account off its teams in its own transaction.
export { getTeam, leaveTeamsOfDeletedUser } from './teams.service.js';
// The scrim board: whether a team exists, team cards, captains to notify, the viewer's place on a team, rosters and the captain rule.
export { captainsOf, getTeamCards, memberIdsOf, membershipOf, teamExists, teamIdsOf } from './teams.service.js';
export { assertTeamCaptain } from './teams.policy.js';
