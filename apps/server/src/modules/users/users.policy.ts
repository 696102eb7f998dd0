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
    privateScrims: ownerOrAdmin,
  };
}

/** The scrims a user created: on their own profile or for admins only. */
export function assertCanSeeCreatedScrims(viewer: Viewer, userId: string) {
  if (viewer.id === userId || viewer.isAdmin) return;
  throw forbidden(PROFILE_MESSAGES.createdScrimsForbidden, 'NOT_OWNER');
}
