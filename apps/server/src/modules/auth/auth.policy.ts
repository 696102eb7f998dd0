import type { FastifyRequest } from 'fastify';
import { MESSAGES, type Region } from '@scrim-gym/shared';
import { formatUsDate } from '../../lib/dates.js';
import { AppError, forbidden, unauthorized } from '../../lib/errors.js';
import type { BanRow, SessionRow, UserRow } from './auth.repository.js';

export interface AuthContext {
  token: string | null;
  tokenHash: string | null;
  session: SessionRow | null;
  user: UserRow | null;
  /** The user's ban that is flagged active and has started; in force while dateTo is ahead. */
  ban: BanRow | null;
  /** The regions the user is a community host of (community_hosts), read with the session. */
  hostRegions: readonly Region[];
}

export const anonymousAuth: AuthContext = {
  token: null,
  tokenHash: null,
  session: null,
  user: null,
  ban: null,
  hostRegions: [],
};

export function isBanInForce(ban: BanRow | null, now = new Date()): ban is BanRow {
  return Boolean(ban && ban.isActive && ban.dateFrom <= now && ban.dateTo > now);
}

export function bannedError(ban: BanRow): AppError {
  return forbidden(MESSAGES.banned(formatUsDate(ban.dateTo), ban.reason), 'BANNED');
}

/** A signed-in user who is not banned; the base of every authenticated call. */
export function assertActiveUser(auth: AuthContext): UserRow {
  if (!auth.session) throw unauthorized(MESSAGES.notSignedIn);
  if (!auth.user) throw forbidden(MESSAGES.noAccount, 'NO_ACCOUNT');
  if (isBanInForce(auth.ban)) throw bannedError(auth.ban);
  return auth.user;
}

/** Who is asking, as every permission rule sees them: the session user's id, admin flag and hosted regions. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
  /** The regions the viewer is a community host of; absent: none (a system or admin viewer built in code). */
  hostRegions?: readonly Region[];
}

/** The viewer of a route that needs an active user (401 without a session, 403 with the ban text when banned). */
export function viewerOf(request: FastifyRequest): Viewer {
  const user = assertActiveUser(request.auth);
  return { id: user.id, isAdmin: user.isAdmin, hostRegions: request.auth.hostRegions };
}

/** Whether the viewer may create and run scrims of a region: an admin, or a community host of it (shared rule). */
export { hostsRegion } from '@scrim-gym/shared';

/**
 * An admin or a community host of some region: the scrim tools' gate before the body is read (everyone else gets
 * the admin-only 403). Which scrims a host may run is decided per scrim (canRunScrim).
 */
export function assertAdminOrHost(auth: AuthContext): UserRow {
  const user = assertActiveUser(auth);
  if (!user.isAdmin && auth.hostRegions.length === 0) throw forbidden(MESSAGES.adminOnly);
  return user;
}

/** Admin status comes from the server's own record, never from anything the client sends. */
export function assertAdmin(auth: AuthContext): UserRow {
  const user = assertActiveUser(auth);
  if (!user.isAdmin) throw forbidden(MESSAGES.adminOnly);
  return user;
}

/** A verified identity (signed in with a provider), with or without an account yet. */
export function assertIdentity(auth: AuthContext): SessionRow {
  if (!auth.session) throw unauthorized(MESSAGES.notSignedIn);
  return auth.session;
}
