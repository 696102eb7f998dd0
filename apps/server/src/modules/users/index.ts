// The users module's public face: profiles, search, a player's scrims and activity, deleting one's own account.
// Only app.ts imports it (its routes).
export { usersRoutes } from './users.routes.js';
