import { PROFILE_MESSAGES } from '@scrim-gym/shared';
import { forbidden } from '../../lib/errors.js';
import type { Viewer } from '../auth/index.js';

/** Who is asking: the one definition, from auth. */
export type { Viewer };

/** What a viewer may see of a profile beyond the public fields (docs/profiles.md). */
export interface ProfileVisibility {
  /** 'Last seen': the owner, their friends and admins. */
  lastSeen: boolean;
  /** Last sign-in: the owner and admins. */
  lastLoggedIn: boolean;
  /** Ban dates, reason and who banned: admins (the banned owner cannot call the API at all). */
  ban: boolean;
  /** Private scrims in the participated list (they are reachable only through their share link): owner, admins. */
  privateScrims: boolean;
}

/**
 * Whether the viewer sees a user's private scrims (reachable only through their share link) wherever a route lists
 * that user's scrims by id or title: the participated list, the match history, the rating history. The owner and
 * admins; docs/security.md lists every route that applies it.
 */
export function seesPrivateScrims(viewer: Pick<Viewer, 'id' | 'isAdmin'>, userId: string): boolean {
  return viewer.id === userId || viewer.isAdmin;
}

export function profileVisibility({
  viewer,
  userId,
  isFriend,
}: {
  viewer: Viewer;
  userId: string;
  isFriend: boolean;
}): ProfileVisibility {
  const isOwner = viewer.id === userId;
  const ownerOrAdmin = isOwner || viewer.isAdmin;
  return {
    lastSeen: ownerOrAdmin || isFriend,
    lastLoggedIn: ownerOrAdmin,
    ban: viewer.isAdmin,
    privateScrims: seesPrivateScrims(viewer, userId),
  };
}

/** The scrims a user created: on their own profile or for admins only. */
export function assertCanSeeCreatedScrims(viewer: Viewer, userId: string) {
  if (seesPrivateScrims(viewer, userId)) return;
  throw forbidden(PROFILE_MESSAGES.createdScrimsForbidden, 'NOT_OWNER');
}
