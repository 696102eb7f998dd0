import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@scrim-gym/shared';
import type { AppConfig, TrustProxy } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { loggerOptions, logRequests } from './lib/dev-log.js';
import { jobsPlugin } from './jobs/index.js';
import { adminJobsPlugin, adminRoutes, scrimAuditPlugin } from './modules/admin/index.js';
import { authPlugin, authRoutes, sessionForgetterPlugin, socketAuth } from './modules/auth/index.js';
import {
  boardContextPlugin,
  boardRoutes,
  registerBoardSocketHandlers,
  seriesJobsPlugin,
} from './modules/board/index.js';
import { calendarRoutes } from './modules/calendar/index.js';
import { conversationsRoutes } from './modules/conversations/index.js';
import { discordPlugin, discordRoutes } from './modules/discord/index.js';
import { friendsRoutes } from './modules/friends/index.js';
import { messageLimiterPlugin, messagesRoutes, registerMessageSocketHandlers } from './modules/messages/index.js';
import { notificationsRoutes, notifierPlugin } from './modules/notifications/index.js';
import { registerPresenceSocketHandlers } from './modules/presence/index.js';
import { pushPlugin, pushRoutes } from './modules/push/index.js';
import { leaderboardRoutes, ratingsJobsPlugin, ratingsRoutes, teamRatingsPlugin } from './modules/ratings/index.js';
import {
  matchesPlugin,
  matchesRoutes,
  riotIdChecksOf,
  riotIdJobsPlugin,
  riotLinkJobsPlugin,
  riotLinkRoutes,
  riotPlugin,
  riotRoutes,
  tournamentsPlugin,
  tournamentsRoutes,
} from './modules/riot/index.js';
import {
  registerScrimSocketHandlers,
  scrimAbandonPlugin,
  scrimCheckInPlugin,
  scrimResultPlugin,
  scrimStartPlugin,
  scrimsRoutes,
  scrimsContextPlugin,
  scrimDraftPlugin,
} from './modules/scrims/index.js';
import { systemRoutes } from './modules/system/index.js';
import { teamsRoutes } from './modules/teams/index.js';
import { seesPrivateScrims, usersRoutes } from './modules/users/index.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { inputPlugin, JSON_BODY_LIMIT } from './plugins/input.js';
import { ioPlugin } from './plugins/io.js';
import { originPlugin } from './plugins/origin.js';
import { redisPlugin } from './plugins/redis.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webPlugin } from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    db: Database;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Folder of the built web app; defaults to apps/web/dist. */
  webRoot?: string;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify 5 ignores a bare hop count (it cannot tell the proxy from a
 * client that connects directly), so a count becomes "believe the nearest N hops": only safe when the server
 * is reachable through the proxies alone, which the deployment guide says.
 */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the whole app (API, Socket.IO, SPA) without listening, so tests can `inject()` into it. */
export async function buildApp({ config, database, webRoot }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON in production, one readable line per request in development, quiet in tests (lib/dev-log.ts).
    ...loggerOptions({ nodeEnv: config.NODE_ENV, format: config.logFormat, level: config.LOG_LEVEL }),
    // X-Forwarded-* decide the client's address only behind proxies named by TRUST_PROXY (off by default).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // JSON bodies; the post-game image travels as binary with its own limit (scrims routes).
    bodyLimit: JSON_BODY_LIMIT,
    // The API's paths answer with or without one trailing slash (`/api/scrims/` = `/api/scrims`). Safe with
    // the path checks: a slash at the end never changes whether a URL starts with `/api/` (auth, origin, SPA
    // fallback), disguised paths are refused before routing (plugins/input.ts), and only ONE slash is ignored.
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a malformed URL, a path parameter too long) in the API's error shape.
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  logRequests(app);

  await app.register(fastifyCookie);
  // Helmet's headers computed once, the CSP on HTML only (plugins/security-headers.ts).
  await app.register(securityHeadersPlugin);
  // JSON answers over 1 KB compressed (brotli 4 or gzip); answers that come compressed already (the hub's
  // precomputed lists, pre-compressed web assets) are left alone. Request bodies are never inflated: a small
  // compressed body must not expand past the limits.
  await app.register(fastifyCompress, { global: true, threshold: 1024, globalDecompression: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Scrim Gym API', version: '1.0.0', description: 'Find LoL Custom Lobbies!' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sg_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
        // Every `code` of an error body or a refused socket acknowledgement (packages/shared/src/error-codes.ts).
        schemas: { ErrorCode: { type: 'string', enum: [...ERROR_CODES] } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(errorsPlugin);
  // Disguised paths (`/%61pi/...`) are refused before any other check; then JSON depth and NUL (plugins/input.ts).
  await app.register(inputPlugin);
  // Cross-origin writes are refused before the session is even looked up (plugins/origin.ts).
  await app.register(originPlugin);
  await app.register(authPlugin);
  await app.register(redisPlugin);
  await app.register(ioPlugin, { auth: socketAuth(app) });
  // Forgets ended or changed sessions on every instance, for every module and job that ends or changes one.
  await app.register(sessionForgetterPlugin);
  // Publishes notifications to their owners' tabs and to push, for every module and job that notifies.
  await app.register(notifierPlugin);
  registerScrimSocketHandlers(app);
  // The scrims' list cache and lifecycle, before the jobs and modules that use or follow them.
  await app.register(scrimsContextPlugin);
  // The board's lifecycle, before the board's routes and jobs and the modules that follow it (discord).
  await app.register(boardContextPlugin);
  registerPresenceSocketHandlers(app);
  await app.register(messageLimiterPlugin);
  registerMessageSocketHandlers(app);
  registerBoardSocketHandlers(app);
  // Job runner (jobs/): polls from onReady, stops on onClose; tests opt in with app.jobs.start() or runOnce().
  await app.register(jobsPlugin, { autoStart: config.NODE_ENV !== 'test' });
  // The Riot client at the root, for the jobs (the /api routes get the same client); then the tournament code
  // and result jobs, which follow the scrims' lifecycle events.
  await app.register(riotPlugin);
  await app.register(tournamentsPlugin);
  // A finished game's match (match-v5 by tournament code), fetched by a job and stored once.
  await app.register(matchesPlugin);
  // A linked Riot account's daily refresh of its Riot ID and rank.
  await app.register(riotLinkJobsPlugin);
  // The later check of a Riot ID that Riot could not answer for at sign-up or at an edit.
  await app.register(riotIdJobsPlugin);
  // A scrim's start job (notifications, then `started` for the code), and the abandon check: a scrim still not
  // full 30 minutes after its start closes as abandoned (scrims/commitments/abandon.ts).
  await app.register(scrimStartPlugin);
  await app.register(scrimAbandonPlugin);
  await app.register(scrimCheckInPlugin);
  // The draft room's turn clock: a turn whose time ran out is decided by its job (scrims/draft/).
  await app.register(scrimDraftPlugin, { champions: app.riot });
  // A captain's report confirms itself when its window ends unless disputed (scrims/results/result.ts).
  await app.register(scrimResultPlugin);
  // A series advances after each game's confirmed result and checks its lineups when they lock (board/series).
  await app.register(seriesJobsPlugin);
  // Discord announcements of public scrims (a job per post), following the scrims' lifecycle events.
  await app.register(discordPlugin);
  // Ban expiry and start jobs; the audit rows of scrim admin actions (hooks, before the routes they watch).
  await app.register(adminJobsPlugin);
  // Season replays after an earlier result changed, a chunk per transaction (ratings/replay/replay.service.ts).
  await app.register(ratingsJobsPlugin);
  // Team ratings follow every committed change of a series game's scrim (ratings/team-ratings/).
  await app.register(teamRatingsPlugin);
  await app.register(scrimAuditPlugin);
  // Web Push: every published 'scrim_alert' also goes to its owner's subscribed devices, through a job.
  await app.register(pushPlugin);
  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes, { riotIdChecks: riotIdChecksOf(app) });
      await api.register(scrimsRoutes, { seesPrivateScrims, champions: app.riot });
      await api.register(usersRoutes);
      await api.register(friendsRoutes);
      await api.register(notificationsRoutes);
      await api.register(conversationsRoutes);
      await api.register(messagesRoutes);
      await api.register(riotRoutes);
      await api.register(tournamentsRoutes);
      await api.register(riotLinkRoutes);
      await api.register(matchesRoutes);
      await api.register(adminRoutes);
      await api.register(discordRoutes);
      await api.register(ratingsRoutes, { seesPrivateScrims });
      await api.register(leaderboardRoutes);
      await api.register(teamsRoutes);
      await api.register(boardRoutes);
      await api.register(calendarRoutes);
      await api.register(pushRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(webPlugin, { root: webRoot });
  return app;
}
