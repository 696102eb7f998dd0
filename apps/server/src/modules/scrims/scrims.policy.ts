import {
  HOST_MIN_LEAD_MINUTES,
  MESSAGES,
  SCRIM_MESSAGES,
  mayPlace,
  type Region,
  type ScrimAbilities,
} from '@scrim-gym/shared';
import { badRequest, forbidden } from '../../lib/errors.js';
import { hostsRegion, type Viewer } from '../auth/index.js';
import type { ParticipantRow, ScrimRow } from './scrims.repository.js';

/** Who is asking: the one definition, from auth. */
export type { Viewer };

/** Players act for themselves only; admins may also act on others where the contract lets them (kick, remove cast). */
export function assertSelfOrAdmin(viewer: Viewer, userId: string, { adminAllowed }: { adminAllowed: boolean }) {
  if (viewer.id === userId) return;
  if (adminAllowed && viewer.isAdmin) return;
  throw forbidden(SCRIM_MESSAGES.onlySelf, 'NOT_YOURSELF');
}

/** The lobby captain, or who runs the scrim (an admin, its community host): report the winner, upload the image. */
export const isCaptainOrRunner = (viewer: Viewer, scrim: Pick<ScrimRow, 'hostedBy' | 'region' | 'lobbyHostId'>) =>
  canRunScrim(viewer, scrim) || scrim.lobbyHostId === viewer.id;

export function assertCaptainOrAdmin(viewer: Viewer, scrim: ScrimRow) {
  if (isCaptainOrRunner(viewer, scrim)) return;
  throw forbidden(SCRIM_MESSAGES.onlyCaptain, 'NOT_CAPTAIN');
}

export const isParticipant = (participants: Pick<ParticipantRow, 'userId'>[], userId: string) =>
  participants.some((p) => p.userId === userId);

/**
 * Who runs a scrim (its slot tools, check-in, substitutes, result, cancel): admins, and the community host who
 * created it while they still host its region (the viewer's host regions are read with the session, which every
 * instance forgets when a region is granted or revoked).
 */
export const canRunScrim = (viewer: Viewer, scrim: Pick<ScrimRow, 'hostedBy' | 'region'>) =>
  viewer.isAdmin || (scrim.hostedBy !== null && scrim.hostedBy === viewer.id && hostsRegion(viewer, scrim.region));

export function assertCanRunScrim(viewer: Viewer, scrim: Pick<ScrimRow, 'hostedBy' | 'region'>) {
  if (!canRunScrim(viewer, scrim)) throw forbidden(SCRIM_MESSAGES.onlyHost, 'NOT_HOST');
}

/**
 * What the viewer may do to the scrim (`Scrim.can`), from the same rules the routes check: who runs it
 * (canRunScrim: edit, the slot and host tools, cancel), its lobby captain too (the winner, the image), and the
 * admin-only routes. The page shows what this says and never works roles out itself; the authorization matrix
 * holds each flag to the real answer of its route.
 */
export function scrimAbilities(
  viewer: Viewer,
  scrim: Pick<ScrimRow, 'hostedBy' | 'region' | 'lobbyHostId'>,
): ScrimAbilities {
  const run = canRunScrim(viewer, scrim);
  const captainOrRun = isCaptainOrRunner(viewer, scrim);
  return {
    edit: run,
    delete: viewer.isAdmin,
    assignPlayers: run,
    fillRandom: run,
    swapPlayers: run,
    kick: run,
    substitute: run,
    cancel: run,
    balance: run,
    setWinner: captainOrRun,
    addImage: captainOrRun,
    removeImage: run,
    regenerateTournamentCode: viewer.isAdmin,
    resolveDispute: viewer.isAdmin,
  };
}

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
