import { SCRIM_MESSAGES } from '@scrim-gym/shared';
import { forbidden } from '../../lib/errors.js';
import type { Viewer } from '../auth/index.js';
import type { ParticipantRow, ScrimRow } from './scrims.repository.js';

/** Who is asking: the one definition, from auth. */
export type { Viewer };

/** Players act for themselves only; admins may also act on others where the contract lets them (kick, remove cast). */
export function assertSelfOrAdmin(viewer: Viewer, userId: string, { adminAllowed }: { adminAllowed: boolean }) {
  if (viewer.id === userId) return;
  if (adminAllowed && viewer.isAdmin) return;
  throw forbidden(SCRIM_MESSAGES.onlySelf, 'NOT_YOURSELF');
}

/** The lobby captain or an admin: report the winner, upload the first post-game image. */
export function assertCaptainOrAdmin(viewer: Viewer, scrim: ScrimRow) {
  if (viewer.isAdmin || scrim.lobbyHostId === viewer.id) return;
  throw forbidden(SCRIM_MESSAGES.onlyCaptain, 'NOT_CAPTAIN');
}

export const isParticipant = (participants: Pick<ParticipantRow, 'userId'>[], userId: string) =>
  participants.some((p) => p.userId === userId);

/**
 * Who runs a scrim (its slot tools, check-in, substitutes, result, cancel): admins, and the community host who
 * created it. Whether that host still holds the host role of the region is checked where the viewer is built.
 */
export const canRunScrim = (viewer: Viewer, scrim: Pick<ScrimRow, 'hostedBy'>) =>
  viewer.isAdmin || (scrim.hostedBy !== null && scrim.hostedBy === viewer.id);

export function assertCanRunScrim(viewer: Viewer, scrim: Pick<ScrimRow, 'hostedBy'>) {
  if (!canRunScrim(viewer, scrim)) throw forbidden(SCRIM_MESSAGES.onlyHost, 'NOT_HOST');
}
