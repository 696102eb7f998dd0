import { MESSAGES, SESSION_TTL_MS, type AuthState, type SessionResponse } from '@scrim-gym/shared';
import type { Database } from '../../db/client.js';
import { notFound, forbidden } from '../../lib/errors.js';
import { createToken, hashToken } from '../../lib/tokens.js';
import type { AppServer } from '../../plugins/socket-types.js';
import { isListedAdmin, uidOf, type Deps } from './account.service.js';
import { touchActivity } from './activity.service.js';
import {
  deleteSession,
  findActiveBan,
  findHostRegionsOfUser,
  findUserByIdentity,
  insertSession,
  updateUserFields,
  type Identity,
} from './auth.repository.js';
import { assertActiveUser, assertIdentity, bannedError, isBanInForce, type AuthContext } from './auth.policy.js';
import { toCurrentUser } from './auth.presenter.js';
import { endSessionSockets } from './socket-sessions.js';

/**
 * Opens a session for a verified identity (provider callback or dev sign-in). An identity with an account
 * gets a user session; one without gets an identity session that may only register. The user's other sessions
 * are forgotten by every instance's cache (their last sign-in, maybe their admin flag, changed).
 */
export async function signInWithIdentity({ db, config, sessionForgetter, identity }: Deps & { identity: Identity }) {
  let user = await findUserByIdentity({ db, provider: identity.provider, subject: identity.subject });
  if (user) {
    const ban = await findActiveBan({ db, userId: user.id });
    if (isBanInForce(ban)) throw bannedError(ban);
    const now = new Date();
    user = (await updateUserFields({
      db,
      id: user.id,
      fields: { lastLoggedIn: now, lastActiveAt: now, ...(isListedAdmin(config, identity.email) && { isAdmin: true }) },
    }))!;
    await sessionForgetter.forget({ userId: user.id });
  }
  const token = createToken();
  await insertSession({
    db,
    tokenHash: hashToken(token),
    identity,
    userId: user?.id ?? null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  // The answer's user is the session's: with the regions they host.
  const hostRegions = user ? await findHostRegionsOfUser({ db, userId: user.id }) : [];
  return { token, user, hostRegions };
}

/** POST /auth/login: the account of the verified identity of this session. */
export function loginWithSession({ auth, body }: { auth: AuthContext; body: { email?: string; uid?: string } }) {
  const session = assertIdentity(auth);
  if (body.uid && body.uid !== uidOf({ provider: session.identityProvider, subject: session.identitySubject })) {
    throw forbidden('uid does not match your sign-in', 'IDENTITY_MISMATCH');
  }
  if (body.email && body.email.toLowerCase() !== session.identityEmail?.toLowerCase()) {
    throw forbidden('email does not match your sign-in', 'IDENTITY_MISMATCH');
  }
  if (!auth.user) throw notFound(MESSAGES.noAccount, 'NO_ACCOUNT');
  if (isBanInForce(auth.ban)) throw bannedError(auth.ban);
  return { token: auth.token! };
}

export async function verifySession({ db, auth }: { db: Database; auth: AuthContext }): Promise<SessionResponse> {
  const user = assertActiveUser(auth);
  await touchActivity({ db, userId: user.id, tokenHash: auth.tokenHash! });
  return { token: auth.token!, user: toCurrentUser(user, auth.ban, auth.hostRegions) };
}

/**
 * The browser's view of its session; never a 401, so the app can tell "signed out" from "signed in". The token
 * is in it only `withToken` (a caller that authenticated with it as Bearer), never for the cookie's browser.
 */
export async function getAuthState({
  db,
  auth,
  withToken,
}: {
  db: Database;
  auth: AuthContext;
  withToken: boolean;
}): Promise<AuthState> {
  if (!auth.session) return { token: null, user: null, identity: null };
  const token = withToken ? auth.token : null;
  if (auth.user) {
    const { user } = await verifySession({ db, auth });
    return { token, user, identity: null };
  }
  return {
    token,
    user: null,
    identity: {
      provider: auth.session.identityProvider,
      email: auth.session.identityEmail,
      name: auth.session.identityName,
    },
  };
}

/** Logout: the session's row goes, every instance forgets it (acknowledged), then its sockets go everywhere. */
export async function signOut({
  db,
  io,
  sessionForgetter,
  auth,
}: Pick<Deps, 'db' | 'sessionForgetter'> & { io: Pick<AppServer, 'in'>; auth: AuthContext }) {
  if (!auth.tokenHash) return;
  await deleteSession({ db, tokenHash: auth.tokenHash });
  await sessionForgetter.forget({ tokenHash: auth.tokenHash });
  endSessionSockets({ io, tokenHash: auth.tokenHash });
}
