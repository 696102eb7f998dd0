import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_ERROR_PARAM,
  authProvidersSchema,
  authStateSchema,
  devLoginBodySchema,
  loginBodySchema,
  nameAvailabilityQuerySchema,
  nameAvailabilitySchema,
  registerBodySchema,
  sessionResponseSchema,
  tokenResponseSchema,
  updateUserBodySchema,
} from '@scrim-gym/shared';
import { AppError, notFound } from '../../lib/errors.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { limitRequests } from '../../lib/rate-limit-hook.js';
import { readSessionToken } from './auth.plugin.js';
import { errorResponses } from '../../lib/responses.js';
import { routeSchema } from '../../lib/route-schema.js';
import { limitAdminKeyTries } from './admin-key.js';
import { toCurrentUser } from './auth.presenter.js';
import { registerAccount, updateAccount } from './account.service.js';
import { getAuthState, loginWithSession, signInWithIdentity, signOut, verifySession } from './session.service.js';
import { authErrorCodeOf, finishOidcSignIn, startOidcSignIn } from './oidc.service.js';
import { nameAvailability } from './name-availability.js';
import { safeReturnTo } from './return-to.js';
import type { RiotIdChecks } from './riot-id.js';

const OIDC_STATE_COOKIE = 'sg_oidc_state';

/**
 * The session was sent as `Authorization: Bearer`: a script that already holds its token. A browser's session
 * travels in the httpOnly cookie, and its token is never handed to the page's JavaScript by the boot call.
 */
const authenticatedByBearer = (request: FastifyRequest) =>
  request.auth.token !== null &&
  readSessionToken({ authorization: request.headers.authorization }) === request.auth.token;
/** Sign-ins per client IP: a burst of 60, then one a second, over every instance. */
export const SIGN_IN_BURST = 60;
export const SIGN_INS_PER_SECOND = 1;
/** Name checks per client IP: a debounced field asks at most a few times a second, a script no faster. */
export const NAME_CHECK_BURST = 30;
export const NAME_CHECKS_PER_SECOND = 2;
const errors = errorResponses;
const tags = ['auth'];

export interface AuthRoutesOptions {
  /** Asks Riot whether a sign-up's or an edit's Riot ID exists (the riot module's; none: never asked). */
  riotIdChecks?: RiotIdChecks;
}

export async function authRoutes(fastify: FastifyInstance, { riotIdChecks }: AuthRoutesOptions = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, sessionForgetter } = app;

  // Every way in (dev sign-in, OIDC start and callback, login, register) spends one bucket per IP once its input
  // is valid: it brakes floods of sessions, sign-in attempts and provider round trips before any is written.
  const limitSignIn = limitRequests({
    limiter: createRateLimiter({
      redis: app.redis,
      name: 'sign-in',
      capacity: SIGN_IN_BURST,
      refillPerSecond: SIGN_INS_PER_SECOND,
    }),
    keyOf: (request) => request.ip,
  });

  const limitAdminKey = limitAdminKeyTries(app.redis);

  // The sign-up's name field asks as it is typed, signed out: per IP, so names cannot be listed in bulk.
  const limitNameChecks = limitRequests({
    limiter: createRateLimiter({
      redis: app.redis,
      name: 'name-availability',
      capacity: NAME_CHECK_BURST,
      refillPerSecond: NAME_CHECKS_PER_SECOND,
    }),
    keyOf: (request) => request.ip,
  });

  /** The public origin of this server, for OIDC redirect URIs. */
  const originOf = (request: FastifyRequest) => config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

  // The routes without `request.auth` (sign-in options, and the ways in, which make a new session) look no
  // session up: `config: { session: false }` (auth.plugin.ts).
  app.get(
    '/auth/providers',
    {
      config: { session: false },
      schema: {
        tags,
        summary: 'Sign-in options of this server, and whether it can make tournament codes (a Riot API key)',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({
      providers: config.oidcProviders.map(({ id, label }) => ({ id, label })),
      devLogin: config.devLoginEnabled,
      tournamentCodes: app.riot.isConfigured,
    }),
  );

  app.get(
    '/auth/session',
    routeSchema(tags, 'The current session: signed out, a verified identity, or a user', {
      response: { 200: authStateSchema },
    }),
    async (request) => getAuthState({ db, auth: request.auth, withToken: authenticatedByBearer(request) }),
  );

  app.post(
    '/auth/dev-login',
    {
      config: { session: false },
      preHandler: limitSignIn,
      schema: {
        tags,
        summary: 'Dev sign-in (only without identity providers, never in production)',
        body: devLoginBodySchema,
        response: { 200: authStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!config.devLoginEnabled) throw notFound('Not found');
      const { email } = request.body;
      const { token, user, hostRegions } = await signInWithIdentity({
        db,
        config,
        sessionForgetter,
        identity: { provider: 'dev', subject: email, email, name: null },
      });
      app.setSessionCookie(reply, token);
      return {
        token,
        user: user ? toCurrentUser(user, null, hostRegions) : null,
        identity: user ? null : { provider: 'dev', email, name: null },
      };
    },
  );

  app.get(
    '/auth/oidc/:provider/start',
    {
      config: { session: false },
      preHandler: limitSignIn,
      schema: {
        tags,
        summary: 'Starts an OpenID Connect sign-in (code flow with PKCE)',
        params: z.object({ provider: z.string().max(20) }),
        querystring: z.object({ returnTo: z.string().max(500).optional() }),
      },
    },
    async (request, reply) => {
      const { url, state } = await startOidcSignIn({
        db,
        config,
        providerId: request.params.provider,
        origin: originOf(request),
        returnTo: safeReturnTo(request.query.returnTo),
      });
      reply.setCookie(OIDC_STATE_COOKIE, state, {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
        path: '/api/auth/oidc',
        maxAge: 600,
      });
      return reply.redirect(url);
    },
  );

  app.get(
    '/auth/oidc/:provider/callback',
    {
      config: { session: false },
      preHandler: limitSignIn,
      schema: {
        tags,
        summary: 'OpenID Connect redirect target',
        params: z.object({ provider: z.string().max(20) }),
      },
    },
    async (request, reply) => {
      reply.clearCookie(OIDC_STATE_COOKIE, { path: '/api/auth/oidc' });
      try {
        const { identity, returnTo } = await finishOidcSignIn({
          db,
          config,
          providerId: request.params.provider,
          origin: originOf(request),
          currentUrl: new URL(request.url, originOf(request)),
          cookieState: request.cookies[OIDC_STATE_COOKIE],
        });
        const { token, user } = await signInWithIdentity({ db, config, sessionForgetter, identity });
        app.setSessionCookie(reply, token);
        const destination = user ? (returnTo.startsWith('/signup') ? '/scrims' : returnTo) : '/signup?resume=1';
        return reply.redirect(destination);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.warn({ err: error.cause ?? error }, 'OIDC sign-in refused');
        // A code, never the error's text: the page shows only the app's own words for it.
        return reply.redirect(`/?${AUTH_ERROR_PARAM}=${authErrorCodeOf(error)}`);
      }
    },
  );

  app.get(
    '/auth/name-availability',
    {
      preHandler: limitNameChecks,
      schema: {
        tags,
        summary: 'Whether a summoner name is free in a region, as sign-up or a rename would judge it',
        querystring: nameAvailabilityQuerySchema,
        response: { 200: nameAvailabilitySchema, ...errors },
      },
    },
    async (request) =>
      nameAvailability({
        db,
        name: request.query.name,
        region: request.query.region,
        userId: request.auth.user?.id ?? null,
      }),
  );

  app.post(
    '/auth/register',
    {
      // The session before the body (here and below): a visitor's body is neither read nor validated.
      onRequest: app.authenticateIdentity,
      preHandler: limitSignIn,
      schema: {
        tags,
        summary: 'Creates the account of the signed-in identity',
        body: registerBodySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token } = await registerAccount({
        db,
        config,
        sessionForgetter,
        auth: request.auth,
        body: request.body,
        riotIdChecks,
      });
      app.setSessionCookie(reply, token);
      return { token };
    },
  );

  app.post(
    '/auth/login',
    {
      onRequest: app.authenticateIdentity,
      preHandler: limitSignIn,
      schema: {
        tags,
        summary: 'The session token of the signed-in identity',
        body: loginBodySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => loginWithSession({ auth: request.auth, body: request.body ?? {} }),
  );

  app.post(
    '/auth/verify',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Verifies the session and returns the user',
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request) => verifySession({ db, auth: request.auth }),
  );

  app.put(
    '/auth/update-user',
    {
      onRequest: app.authenticate,
      // Admin key tries are limited per user and per address, like sign-ins, before the key is compared.
      preHandler: limitAdminKey,
      schema: {
        tags,
        summary: 'Updates the signed-in user (Settings, profile background)',
        body: updateUserBodySchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request) =>
      updateAccount({
        db,
        config,
        sessionForgetter,
        auth: request.auth,
        body: request.body,
        ip: request.ip,
        riotIdChecks,
      }),
  );

  app.post(
    '/auth/logout',
    { schema: { tags, summary: 'Ends the session', response: { 204: z.null() } } },
    async (request, reply: FastifyReply) => {
      await signOut({ db, io: app.io, sessionForgetter, auth: request.auth });
      app.clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );
}
