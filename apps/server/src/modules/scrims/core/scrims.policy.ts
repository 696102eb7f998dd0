import {
  HOST_MIN_LEAD_MINUTES,
  MESSAGES,
  SCRIM_MESSAGES,
  canRunScrim,
  isCaptainOrRunner,
  mayPlace,
  type AbilityScrim,
  type Region,
} from '@scrim-gym/shared';
import { badRequest, forbidden } from '../../../lib/errors.js';
import { hostsRegion, type Viewer } from '../../auth/index.js';
import type { ParticipantRow } from './scrim-aggregate.repository.js';

/** Who is asking: the one definition, from auth. */
export type { Viewer };

/** Players act for themselves only; admins may also act on others where the contract lets them (kick, remove cast). */
export function assertSelfOrAdmin(viewer: Viewer, userId: string, { adminAllowed }: { adminAllowed: boolean }) {
  if (viewer.id === userId) return;
  if (adminAllowed && viewer.isAdmin) return;
  throw forbidden(SCRIM_MESSAGES.onlySelf, 'NOT_YOURSELF');
}

export function assertCaptainOrAdmin(viewer: Viewer, scrim: AbilityScrim) {
  if (isCaptainOrRunner(viewer, scrim)) return;
  throw forbidden(SCRIM_MESSAGES.onlyCaptain, 'NOT_CAPTAIN');
}

export const isParticipant = (participants: Pick<ParticipantRow, 'userId'>[], userId: string) =>
  participants.some((p) => p.userId === userId);

export function assertCanRunScrim(
  viewer: Viewer,
  scrim: Pick<AbilityScrim, 'hostedBy' | 'region' | 'seriesRosterIds'>,
) {
  if (!canRunScrim(viewer, scrim)) throw forbidden(SCRIM_MESSAGES.onlyHost, 'NOT_HOST');
}

/**
 * Who runs a scrim, who reports its result and what the viewer may do to it (`Scrim.can`) are shared rules
 * (packages/shared rules/scrim-abilities.ts): the web reads the same ones for the hub's cards.
 */
export { canRunScrim, isCaptainOrRunner, scrimAbilities } from '@scrim-gym/shared';

/**
 * Creating a scrim, or moving one to another region: admins anywhere, community hosts in the regions they host
 * (anyone else gets the admin-only 403, as when creating was for admins only).
 */
export function assertMayHostIn(viewer: Viewer, region: Region) {
  if (hostsRegion(viewer, region)) return;
  const hosted = viewer.hostRegions ?? [];
  if (hosted.length === 0) throw forbidden(MESSAGES.adminOnly);
  throw forbidden(SCRIM_MESSAGES.hostRegionOnly(hosted.join(', ')), 'NOT_HOST');
}

/*
 * What a community host's powers reach. A host is anyone an admin trusted with a region, not an admin: their
 * tools touch only players who chose their scrim, players of the regions they host, and scrims still ahead, so
 * they cannot be turned against a stranger (placed into a scrim that already started, then marked absent).
 * Admins keep the spec's rules.
 */

/**
 * Whom a host may place into their scrim (assign, substitute, name lobby captain): the shared rule the page
 * follows too, a player already in it or on its waitlist. Admins place anyone.
 */
export function assertMayPlace(viewer: Viewer, target: { inScrim: boolean; waiting: boolean }) {
  if (mayPlace(viewer, target)) return;
  throw forbidden(SCRIM_MESSAGES.hostLimitPlayer, 'HOST_LIMIT');
}

/** Fill random from `region`: a host only from the regions they host, an admin from any. */
export function assertMayFillFrom(viewer: Viewer, region: Region) {
  if (hostsRegion(viewer, region)) return;
  throw forbidden(SCRIM_MESSAGES.hostLimitRegion((viewer.hostRegions ?? []).join(', ')), 'HOST_LIMIT');
}

const MINUTE = 60 * 1000;

/**
 * A start a host sets (a new scrim, or a moved start): at least HOST_MIN_LEAD_MINUTES from now, so that every
 * player still sees the scrim, its check-in and its waitlist before it begins. Admins set any start.
 */
export function assertMayStartAt(viewer: Viewer, start: Date, now = Date.now()) {
  if (viewer.isAdmin || start.getTime() - now >= HOST_MIN_LEAD_MINUTES * MINUTE) return;
  throw badRequest(SCRIM_MESSAGES.startTooSoon(HOST_MIN_LEAD_MINUTES), 'START_TOO_SOON');
}
