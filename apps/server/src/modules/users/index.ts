// The users module's public face: profiles, search, a player's scrims and activity, deleting one's own account.
// app.ts imports its routes; riot's match history reuses who may see a profile's private scrims and the profile
// lists' keyset cursor.
export { decodeCursor, encodeCursor } from './users.cursor.js';
export { profileVisibility, type ProfileVisibility } from './users.policy.js';
export { usersRoutes } from './users.routes.js';
