// The users module's public face: profiles, search, a player's scrims and activity, deleting one's own account.
// app.ts imports its routes and passes who may see a user's private scrims to ratings' rating history; riot's
// match history reuses that rule and the profile lists' keyset cursor.
export { decodeCursor, encodeCursor } from './users.cursor.js';
export { profileVisibility, seesPrivateScrims, type ProfileVisibility } from './users.policy.js';
export { usersRoutes } from './users.routes.js';
