import { SOCIAL_MESSAGES } from '@scrim-gym/shared';
import { forbidden } from '../../lib/errors.js';
import type { Viewer } from '../auth/index.js';

/**
 * The scrim chat rule: a scrim's players, casters and admins may read and write its chat; so may every
 * signed-in user when the scrim is public (anyone signed in can view a public scrim's page). A private scrim's
 * chat stays with its players, casters and admins, even for someone holding the share link.
 */
export function canUseScrimChat(viewer: Viewer, scrim: { isPrivate: boolean; isParticipant: boolean }) {
  return viewer.isAdmin || scrim.isParticipant || !scrim.isPrivate;
}

export function assertScrimChat(viewer: Viewer, scrim: { isPrivate: boolean; isParticipant: boolean }) {
  if (!canUseScrimChat(viewer, scrim)) throw forbidden(SOCIAL_MESSAGES.scrimChatForbidden, 'SCRIM_CHAT_FORBIDDEN');
}

/** Only its two members read or write a direct conversation; admins too are kept out of private messages. */
export function assertMember(viewer: Viewer, memberIds: string[]) {
  if (!memberIds.includes(viewer.id)) throw forbidden(SOCIAL_MESSAGES.notAMember, 'NOT_A_MEMBER');
}
