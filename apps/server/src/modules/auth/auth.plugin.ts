import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE, SESSION_TTL_MS } from '@scrim-gym/shared';
import { hashToken } from '../../lib/tokens.js';
import { findSessionByTokenHash } from './auth.repository.js';
import { createSessionCache, type SessionCache } from './session-cache.js';
import {
  anonymousAuth,
  assertActiveUser,
  assertAdmin,
  assertAdminOrHost,
  assertIdentity,
  bannedError,
  isBanInForce,
  type AuthContext,
} from './auth.policy.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /**
     * `false`: the route needs no identity, so its requests never look a session up (a cookie sent along costs
     * nothing) and `request.auth` is anonymous. For public routes only: server status, sign-in options, …
     */
    session?: boolean;
  }
  interface FastifyInstance {
    /** This instance's sessions in memory (session-cache.ts). */
    sessionCache: SessionCache;
    /**
     * A signed-in, unbanned user (401 / 403 otherwise). Used as an `onRequest` hook, so that a request refused
     * here has its body neither read nor parsed, and is refused before its input is validated.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** An admin (401 / 403 otherwise); an `onRequest` hook like `authenticate`. */
    authorizeAdmin: (request: FastifyRequest) => Promise<void>;
    /** An admin or a community host of some region (the scrim tools); an `onRequest` hook like `authenticate`. */
    authorizeAdminOrHost: (request: FastifyRequest) => Promise<void>;
    /** A verified identity, with or without an account, not banned; an `onRequest` hook like `authenticate`. */
    authenticateIdentity: (request: FastifyRequest) => Promise<void>;
    setSessionCookie: (reply: FastifyReply, token: string) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
}

/** The session token from the httpOnly cookie (browsers) or `Authorization: Bearer` (scripts). */
export function readSessionToken(
  headers: { authorization?: string; cookie?: string },
  cookies?: Record<string, string | undefined>,
) {
  const bearer = headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return bearer ?? cookies?.[SESSION_COOKIE] ?? null;
}

/** The session of a token, from this instance's cache (a few seconds at most) or the database. */
export async function resolveAuth(app: FastifyInstance, token: string | null): Promise<AuthContext> {
  if (!token || token.length > 200) return anonymousAuth;
  const tokenHash = hashToken(token);
  const found = await app.sessionCache.get(tokenHash);
  if (!found) return anonymousAuth;
  return {
    token,
    tokenHash,
    session: found.session,
    user: found.user,
    ban: found.ban,
    hostRegions: found.hostRegions,
  };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorate(
    'sessionCache',
    createSessionCache({
      ttlMs: app.config.SESSION_CACHE_TTL_MS,
      load: (tokenHash) => findSessionByTokenHash({ db: app.db, tokenHash }),
    }),
  );

  app.addHook('onRequest', async (request) => {
    // Only API routes that may use an identity look one up: not the SPA, not an unknown path (a 404), not a route
    // that says it needs none (`config: { session: false }`).
    const needed = request.url.startsWith('/api/') && !request.is404 && request.routeOptions.config.session !== false;
    request.auth = needed ? await resolveAuth(app, readSessionToken(request.headers, request.cookies)) : anonymousAuth;
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    assertActiveUser(request.auth);
  });
  app.decorate('authorizeAdmin', async (request: FastifyRequest) => {
    assertAdmin(request.auth);
  });
  app.decorate('authorizeAdminOrHost', async (request: FastifyRequest) => {
    assertAdminOrHost(request.auth);
  });
  app.decorate('authenticateIdentity', async (request: FastifyRequest) => {
    assertIdentity(request.auth);
    if (isBanInForce(request.auth.ban)) throw bannedError(request.auth.ban);
  });

  const secure = app.config.isProduction || Boolean(app.config.PUBLIC_URL?.startsWith('https://'));
  app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
  });
  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });
});
