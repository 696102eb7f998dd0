import type { Viewer } from '../../auth/index.js';
import { seesPrivateScrims } from '../../users/index.js';

/**
 * Who sees what of match stats (docs/match-stats.md):
 * - a scrim's match: every signed-in user who is not banned, as the scrim itself (GET /api/scrims/:id, private
 *   scrims through their share link);
 * - a user's history: games of private scrims for the owner and admins only, the rule of the profile's
 *   participated list (users' seesPrivateScrims);
 * - champion and role totals: everyone signed in, over all games (they reveal no scrim, like profile stats);
 * - attaching a match: admins (the route's `authorizeAdmin`, before the body is read).
 */
export function seesPrivateMatches(viewer: Viewer, userId: string): boolean {
  return seesPrivateScrims(viewer, userId);
}
