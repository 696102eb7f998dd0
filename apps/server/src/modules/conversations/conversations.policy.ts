import type { FastifyRequest } from 'fastify';
import { SOCIAL_MESSAGES } from '@scrim-gym/shared';
import { forbidden } from '../../lib/errors.js';
import { assertActiveUser } from '../auth/index.js';

export interface SocialViewer {
  id: string;
  isAdmin: boolean;
}

/** The session user of a social route (401 without a session, 403 with the ban text when banned). */
export function socialViewerOf(request: FastifyRequest): SocialViewer {
  const user = assertActiveUser(request.auth);
  return { id: user.id, isAdmin: user.isAdmin };
}

/**
 * The scrim chat rule: a scrim's players, casters and admins may read and write its chat; so may every
 * signed-in user when the scrim is public (anyone signed in can view a public scrim's page). A private scrim's
 * chat stays with its players, casters and admins, even for someone holding the share link.
 */
export function canUseScrimChat(viewer: SocialViewer, scrim: { isPrivate: boolean; isParticipant: boolean }) {
  return viewer.isAdmin || scrim.isParticipant || !scrim.isPrivate;
}

export function assertScrimChat(viewer: SocialViewer, scrim: { isPrivate: boolean; isParticipant: boolean }) {
  if (!canUseScrimChat(viewer, scrim)) throw forbidden(SOCIAL_MESSAGES.scrimChatForbidden, 'SCRIM_CHAT_FORBIDDEN');
}

/** Only its two members read or write a direct conversation; admins too are kept out of private messages. */
export function assertMember(viewer: SocialViewer, memberIds: string[]) {
  if (!memberIds.includes(viewer.id)) throw forbidden(SOCIAL_MESSAGES.notAMember, 'NOT_A_MEMBER');
}
