import { SOCIAL_MESSAGES } from '@scrim-gym/shared';
import { forbidden } from '../../lib/errors.js';

/** A user id the original client sends for itself (currentUserId, senderId, userId) must be the session user's. */
export function assertSelf(viewerId: string, claimedId: string) {
  if (viewerId !== claimedId) throw forbidden(SOCIAL_MESSAGES.onlySelf, 'NOT_YOURSELF');
}
