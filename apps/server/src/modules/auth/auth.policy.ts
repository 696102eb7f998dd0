import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@scrim-gym/shared';
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
}

export const anonymousAuth: AuthContext = { token: null, tokenHash: null, session: null, user: null, ban: null };

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

/** Who is asking, as every permission rule sees them: the session user's id and admin flag. */
export interface Viewer {
  id: string;
  isAdmin: boolean;
}

/** The viewer of a route that needs an active user (401 without a session, 403 with the ban text when banned). */
export function viewerOf(request: FastifyRequest): Viewer {
  const user = assertActiveUser(request.auth);
  return { id: user.id, isAdmin: user.isAdmin };
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
