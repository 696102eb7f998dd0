import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RIOT_LINK_PARAM, errorBodySchema, riotLinkResponseSchema, type RiotLinkOutcome } from '@scrim-gym/shared';
import { AppError } from '../../../lib/errors.js';
import { createRateLimiter } from '../../../lib/rate-limit.js';
import { limitRequests } from '../../../lib/rate-limit-hook.js';
import { errorResponses, rateLimitedErrorResponses } from '../../../lib/responses.js';
import { routeSchema } from '../../../lib/route-schema.js';
import {
  RIOT_LINK_CALLBACK_PATH,
  assertActiveUser,
  finishRiotLink,
  startRiotLink,
  toCurrentUser,
  viewerOf,
} from '../../auth/index.js';
import { linkRiotAccount, refreshRiotAccount, unlinkRiotAccount } from './link.service.js';

const STATE_COOKIE = 'sg_riot_link_state';
const STATE_COOKIE_PATH = '/api/riot/link';
const tags = ['riot'];

/** The link callback's outcome for a refusal: a code the web app has its own words for. */
function outcomeOf(error: AppError): RiotLinkOutcome {
  switch (error.code) {
    case 'OIDC_DENIED':
      return 'access_denied';
    case 'BAD_STATE':
      return 'state_mismatch';
    case 'UNAUTHORIZED':
    case 'NO_ACCOUNT':
      return 'not_signed_in';
    case 'BANNED':
      return 'banned';
    case 'RIOT_ACCOUNT_TAKEN':
      return 'account_taken';
    case 'NAME_TAKEN':
      return 'name_taken';
    case 'PROVIDER_UNAVAILABLE':
      return 'provider_unavailable';
    case 'RIOT_FAILED':
      return 'riot_unavailable';
    case 'RSO_NOT_CONFIGURED':
      return 'not_configured';
    default:
      return 'failed';
  }
}

export interface RiotLinkRoutesOptions {
  /** On-demand refreshes per user: one per window (default 5 minutes). */
  refreshWindowMs?: number;
}

/**
 * The Riot account link routes (Riot Sign On from Settings). Registered in its own scope under /api (its form
 * body parser stays there); needs `app.riot`.
 */
export async function riotLinkRoutes(fastify: FastifyInstance, options: RiotLinkRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const deps = { db, sessionForgetter: app.sessionForgetter, notifier: app.notifier, riot: app.riot, jobs: app.jobs };
  const originOf = (request: FastifyRequest) => config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

  // Settings starts the link with a plain HTML form post (a top-level navigation that can follow the redirect to
  // Riot): its empty urlencoded body is accepted here and ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  const limitRefresh = limitRequests({
    limiter: createRateLimiter({
      redis: app.redis,
      name: 'riot-link-refresh',
      capacity: 1,
      refillPerSecond: 1000 / (options.refreshWindowMs ?? 5 * 60_000),
    }),
    keyOf: (request) => request.auth.user!.id,
  });

  app.post(
    '/riot/link/start',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Starts linking a Riot account: 303 to Riot Sign On (a form post from Settings); 409 when RSO is not configured (a browser asking for HTML goes back to /settings?riotLink=<outcome>)',
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      let started: { url: string; state: string };
      try {
        started = await startRiotLink({ db, config, origin: originOf(request), userId: viewer.id });
      } catch (error) {
        // The Settings form's navigation goes back to Settings with the outcome instead of a page of JSON.
        if (!(error instanceof AppError) || !request.headers.accept?.includes('text/html')) throw error;
        request.log.warn({ err: error.cause ?? error }, 'Riot account link could not start');
        return reply.redirect(`/settings?${RIOT_LINK_PARAM}=${outcomeOf(error)}`, 303);
      }
      reply.setCookie(STATE_COOKIE, started.state, {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.isProduction,
        path: STATE_COOKIE_PATH,
        maxAge: 600,
      });
      return reply.redirect(started.url, 303);
    },
  );

  app.get(
    RIOT_LINK_CALLBACK_PATH.replace(/^\/api/, ''),
    {
      schema: {
        tags,
        summary: `Riot Sign On's redirect target for a link: back to /settings?${RIOT_LINK_PARAM}=<outcome>`,
      },
    },
    async (request, reply) => {
      reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
      try {
        const user = assertActiveUser(request.auth);
        const { accessToken } = await finishRiotLink({
          db,
          config,
          origin: originOf(request),
          userId: user.id,
          currentUrl: new URL(request.url, originOf(request)),
          cookieState: request.cookies[STATE_COOKIE],
        });
        await linkRiotAccount({ deps, user, accessToken });
        return reply.redirect(`/settings?${RIOT_LINK_PARAM}=linked`);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.warn({ err: error.cause ?? error }, 'Riot account link refused');
        return reply.redirect(`/settings?${RIOT_LINK_PARAM}=${outcomeOf(error)}`);
      }
    },
  );

  app.delete(
    '/riot/link',
    {
      onRequest: app.authenticate,
      ...routeSchema(tags, 'Unlinks the Riot account (the rank stays, self-reported); 409 when none is linked', {
        response: { 200: riotLinkResponseSchema },
      }),
    },
    async (request) => {
      const viewer = viewerOf(request);
      const user = await unlinkRiotAccount({ deps, userId: viewer.id });
      return { user: toCurrentUser(user, request.auth.ban, request.auth.hostRegions) };
    },
  );

  app.post(
    '/riot/link/refresh',
    {
      onRequest: app.authenticate,
      preHandler: limitRefresh,
      ...routeSchema(
        tags,
        "Reads the linked account's Riot ID and Solo/Duo rank from Riot now (once per 5 minutes per user)",
        { response: { 200: riotLinkResponseSchema } },
        { ...rateLimitedErrorResponses, 502: errorBodySchema },
      ),
    },
    async (request) => {
      const viewer = viewerOf(request);
      const user = await refreshRiotAccount({ deps, userId: viewer.id });
      return { user: toCurrentUser(user, request.auth.ban, request.auth.hostRegions) };
    },
  );
}
