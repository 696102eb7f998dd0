import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addImageQuerySchema,
  adminAssignBodySchema,
  createScrimBodySchema,
  IMAGE_MAX_BYTES,
  joinSlotBodySchema,
  leaveBodySchema,
  fillRandomBodySchema,
  fillRandomResponseSchema,
  idParamsSchema,
  mySecretsResponseSchema,
  playerDataSchema,
  scrimListQuerySchema,
  scrimNextDaysQuerySchema,
  scrimNextDaysSchema,
  scrimSchema,
  scrimUserParamsSchema,
  disputeResultBodySchema,
  resolveDisputeBodySchema,
  resultDisputeSchema,
  setWinnerBodySchema,
  signupBodySchema,
  swapPlayersBodySchema,
  updateScrimBodySchema,
} from '@scrim-gym/shared';
import { sendEncoded } from '../../../lib/precompressed.js';
import { retryAfterHook } from '../../../lib/rate-limit-hook.js';
import { errorResponses, rateLimitedErrorResponses } from '../../../lib/responses.js';
import { routeSchema } from '../../../lib/route-schema.js';
import { assertAdmin, assertAdminOrHost, viewerOf } from '../../auth/index.js';
import { ratingRulesFor } from '../../ratings/index.js';
import { IMAGE_UPLOAD_TYPES, imageBodySchema, imageTooBig } from '../results/image.js';
import type { Viewer } from './scrims.policy.js';
import { balanceScrim } from '../signups/balance.js';
import { checkInRoutes } from '../checkin/checkin-and-substitutes.routes.js';
import { resolveDispute } from '../results/dispute.js';
import { listMissBudget } from '../listing/list-budget.js';
import * as result from '../results/result.js';
import * as service from './scrims.service.js';
import { showUpRoutes, type ScrimsRoutesOptions } from '../waitlist/waitlist-and-cancel.routes.js';
import { signUp, withdraw } from '../signups/signup.js';

const tags = ['scrims'];
const errors = errorResponses;
const scrimResponse = { 200: scrimSchema, ...errors };

const adminOf = (request: FastifyRequest): Viewer => {
  const user = assertAdmin(request.auth);
  return { id: user.id, isAdmin: true };
};

/** An admin or a community host; which scrims a host may run is checked on the scrim itself (canRunScrim). */
const runnerOf = (request: FastifyRequest): Viewer => {
  assertAdminOrHost(request.auth);
  return viewerOf(request);
};

/** An image whose Content-Length is over 2 MB: refused by name before its body is read. */
function refuseOversizedImage(request: FastifyRequest) {
  if (Number(request.headers['content-length']) > IMAGE_MAX_BYTES) {
    const { fileName } = request.query as { fileName?: unknown };
    throw imageTooBig(typeof fileName === 'string' ? fileName.slice(0, 255) : undefined);
  }
}

/** Every scrim call of the API. Identity comes from the session; ids in paths and bodies are checked against it. */
export async function scrimsRoutes(fastify: FastifyInstance, options: ScrimsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: service.ScrimDeps = {
    db: app.db,
    io: app.io,
    listCache: service.listCacheFor(app.io),
    jobs: app.jobs,
    ratingRules: ratingRulesFor(app.config),
  };
  // Another instance changed a scrim (its id: reloaded and patched into the lists here), or something that may
  // touch every list (all dropped).
  app.io.on(service.SCRIM_CHANGED_EVENT, (scrimId: unknown) => {
    service.refreshCachedScrim(deps, scrimId).catch((error: unknown) => {
      // The TTL bounds what this costs: the list is reloaded whole once it expires.
      app.log.warn({ err: error, scrimId }, 'could not refresh a scrim changed on another instance');
    });
  });
  app.io.on(service.LISTS_CHANGED_EVENT, () => deps.listCache.clear());
  // The session, and for the admin tools the admin flag, are checked before the request is parsed: a visitor's
  // or a player's body is neither read nor validated (401 / 403 before 400).
  app.addHook('onRequest', app.authenticate);
  app.addHook('onError', retryAfterHook);
  const listAdmit = listMissBudget(app.redis);
  const adminOnly = { onRequest: app.authorizeAdmin };
  // The tools that run a scrim: admins, and community hosts on their own scrims (checked on the locked row).
  const runnersOnly = { onRequest: app.authorizeAdminOrHost };

  app.get(
    '/scrims',
    {
      // The answer is compressed already (brotli or gzip, made once per list): @fastify/compress leaves it alone.
      compress: false,
      schema: {
        tags,
        summary: "Public scrims of a region starting in [startDate, endDate): the hub's day",
        description:
          'The same bytes for every viewer but admins: no lobby secrets (a participant gets theirs from ' +
          'GET /api/scrims/mine-secrets); admins get every lobby secret and Riot errors. Strong ETag (304 on ' +
          'If-None-Match), brotli or gzip as the client accepts, `Cache-Control: private, no-cache`. At most 8 ' +
          'days; a client whose requests the cache cannot answer (new days, new sets of scrims) too often gets ' +
          '429 with Retry-After.',
        querystring: scrimListQuerySchema,
        response: {
          200: z.array(scrimSchema),
          304: z.null().describe('Not modified'),
          ...rateLimitedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const list = await service.listScrims({
        deps,
        viewer: viewerOf(request),
        query: request.query,
        admit: listAdmit(request),
      });
      // Precomputed bytes, sent as they are: no serialisation, no compression per request.
      return sendEncoded(request, reply, list);
    },
  );

  app.get(
    '/scrims/next-days',
    {
      schema: {
        tags,
        summary: "The viewer's local days with public scrims of a region in the 14 days after `after`",
        description:
          "An empty day's pointer to the next days that have scrims: `days` as 'YYYY-MM-DD' in `timeZone`, in " +
          "order. Read from the hub's cached UTC days, with the same budget (429 with Retry-After) for days the " +
          'cache does not hold.',
        querystring: scrimNextDaysQuerySchema,
        response: { 200: scrimNextDaysSchema, ...rateLimitedErrorResponses },
      },
    },
    async (request) => service.listNextScrimDays({ deps, query: request.query, admit: listAdmit(request) }),
  );

  app.get(
    '/scrims/mine-secrets',
    {
      schema: {
        tags,
        summary: "The viewer's lobby secrets for the hub's day (same query as GET /api/scrims)",
        description:
          'Lobby name, password and tournament code of each public scrim of that day whose lobby the viewer may ' +
          'see: their scrims once both teams are full; every scrim for an admin. Read at request time.',
        querystring: scrimListQuerySchema,
        response: { 200: mySecretsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const secrets = await service.listMySecrets({ db: app.db, viewer: viewerOf(request), query: request.query });
      reply.header('cache-control', 'private, no-store');
      return secrets;
    },
  );

  app.get(
    '/scrims/:id',
    {
      schema: {
        tags,
        summary: 'One scrim (private ones too: the share link)',
        params: idParamsSchema,
        response: scrimResponse,
      },
    },
    async (request) => service.getScrim({ db: app.db, viewer: viewerOf(request), scrimId: request.params.id }),
  );

  app.get(
    '/scrims/:id/image',
    { schema: { tags, summary: 'The post-game image', params: idParamsSchema } },
    async (request, reply) => {
      const image = await service.getImage({ db: app.db, scrimId: request.params.id });
      reply.header('content-type', image.mimeType);
      // The URL carries the upload time (?v=), so a replaced image has a new URL.
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      return reply.send(image.content);
    },
  );

  app.post(
    '/scrims',
    {
      ...runnersOnly,
      schema: {
        tags,
        summary:
          'Create a scrim (admin, or a community host in a region they host, starting at least 15 minutes ahead)',
        body: createScrimBodySchema,
        response: { 201: scrimSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scrim = await service.createScrim({ deps, viewer: runnerOf(request), body: request.body });
      return reply.status(201).send(scrim);
    },
  );

  app.put(
    '/scrims/:id',
    {
      ...runnersOnly,
      schema: {
        tags,
        summary:
          'Edit a scrim (admin, or its community host: a moved start 15 minutes ahead or more; the winner: admins only)',
        params: idParamsSchema,
        body: updateScrimBodySchema,
        response: scrimResponse,
      },
    },
    async (request) =>
      (await service.editScrim({ deps, viewer: runnerOf(request), scrimId: request.params.id, body: request.body }))
        .scrim,
  );

  app.delete(
    '/scrims/:id',
    {
      ...adminOnly,
      schema: {
        tags,
        summary: 'Delete a scrim (admin)',
        params: idParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      adminOf(request);
      await service.removeScrim({ deps, scrimId: request.params.id });
      return { success: true as const };
    },
  );

  const slotRoute = { params: scrimUserParamsSchema, body: playerDataSchema, response: scrimResponse };
  app.patch(
    '/scrims/:id/insert-player/:userId',
    {
      schema: {
        tags,
        summary: 'Join a team and role (yourself); with leaveCast, a caster of the scrim switches to it in one step',
        ...slotRoute,
        body: joinSlotBodySchema,
      },
    },
    async (request) => {
      const { playerData, leaveCast } = request.body;
      const { id, userId } = request.params;
      const viewer = viewerOf(request);
      const slot = { team: playerData.team.name, role: playerData.role };
      return (await service.joinTeam({ deps, viewer, scrimId: id, userId, ...slot, leaveCast })).scrim;
    },
  );

  app.patch(
    '/scrims/:id/move-player/:userId',
    { schema: { tags, summary: 'Move to another team or role (yourself)', ...slotRoute } },
    async (request) => {
      const { role, team } = request.body.playerData;
      const { id, userId } = request.params;
      return (await service.movePlayer({ deps, viewer: viewerOf(request), scrimId: id, userId, team: team.name, role }))
        .scrim;
    },
  );

  const userRoute = { params: scrimUserParamsSchema, response: scrimResponse };
  app.patch(
    '/scrims/:id/remove-player/:userId',
    {
      schema: {
        tags,
        summary:
          "Leave (yourself, with an optional reason for the host) or kick (admin, or the scrim's community host); the slot goes to the waitlist. " +
          'Leaving under 2 hours before the start is a late leave (reliability)',
        ...userRoute,
        body: leaveBodySchema,
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const { reason } = request.body;
      return (await service.removePlayer({ deps, viewer: viewerOf(request), scrimId: id, userId, reason })).scrim;
    },
  );

  app.patch(
    '/scrims/:id/insert-caster/:userId',
    {
      schema: { tags, summary: 'Join the cast (yourself; refused in a no-show cooldown, as a slot is)', ...userRoute },
    },
    async (request) => {
      const { id, userId } = request.params;
      return (await service.joinCast({ deps, viewer: viewerOf(request), scrimId: id, userId })).scrim;
    },
  );

  app.patch(
    '/scrims/:id/remove-caster/:userId',
    {
      schema: {
        tags,
        summary: "Leave the cast (yourself), or remove a caster (admin, or the scrim's community host)",
        ...userRoute,
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      return (await service.leaveCast({ deps, viewer: viewerOf(request), scrimId: id, userId })).scrim;
    },
  );

  /** A slot tool of who runs the scrim: one user onto a team and role of the scrim (the body names both). */
  const adminSlotRoute = <Body extends z.ZodType>(summary: string, body: Body) => ({
    ...runnersOnly,
    schema: { tags, summary, params: idParamsSchema, body, response: scrimResponse },
  });

  app.patch(
    '/scrims/:id/admin-assign-player',
    adminSlotRoute(
      'Assign a user to a slot (admin; or its community host: a player in the scrim or on its waitlist)',
      adminAssignBodySchema,
    ),
    async (request) => {
      const { userId, teamName: team, role } = request.body;
      const viewer = runnerOf(request);
      return (await service.adminAssignPlayer({ deps, viewer, scrimId: request.params.id, userId, team, role })).scrim;
    },
  );

  app.patch(
    '/scrims/:id/admin-fill-random',
    {
      ...runnersOnly,
      schema: {
        tags,
        summary:
          'Fill the empty slots with random eligible players (admin; or its community host: from a region they host)',
        params: idParamsSchema,
        body: fillRandomBodySchema,
        response: { 200: fillRandomResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { value, scrim } = await service.adminFillRandom({
        deps,
        viewer: runnerOf(request),
        scrimId: request.params.id,
        region: request.body.region,
      });
      return { filledPositions: value.filled, unfilledPositions: value.unfilled, unfilledReason: value.reason, scrim };
    },
  );

  app.patch(
    '/scrims/:id/set-winner',
    {
      schema: {
        tags,
        summary:
          "Report the winner: the lobby captain's or the scrim's community host's report is pending until the " +
          "other team confirms it (or 30 minutes pass); an admin's is confirmed at once, also over a pending or " +
          "disputed report. A private scrim's result is never rated",
        params: idParamsSchema,
        body: setWinnerBodySchema,
        response: scrimResponse,
      },
    },
    async (request) =>
      (
        await result.setWinner({
          deps,
          viewer: viewerOf(request),
          scrimId: request.params.id,
          team: request.body.winnerTeamName,
        })
      ).scrim,
  );

  app.post(
    '/scrims/:id/confirm-result',
    routeSchema(tags, 'Confirm the reported result (a player of the other team, within 30 minutes)', {
      params: idParamsSchema,
      response: { 200: scrimSchema },
    }),
    async (request) =>
      (await result.confirmResult({ deps, viewer: viewerOf(request), scrimId: request.params.id })).scrim,
  );

  app.post(
    '/scrims/:id/dispute-result',
    routeSchema(tags, 'Dispute the reported result (a player of the other team, within 30 minutes): an admin decides', {
      params: idParamsSchema,
      body: disputeResultBodySchema,
      response: { 200: scrimSchema },
    }),
    async (request) =>
      (
        await result.disputeResult({
          deps,
          viewer: viewerOf(request),
          scrimId: request.params.id,
          reason: request.body.reason,
        })
      ).scrim,
  );

  app.get(
    '/admin/disputes',
    {
      ...adminOnly,
      ...routeSchema(tags, 'The open result disputes, oldest first (admin): an admin sets or clears the winner', {
        response: { 200: z.array(resultDisputeSchema) },
      }),
    },
    async () => result.listOpenDisputes({ db: app.db }),
  );

  app.post(
    '/admin/scrims/:id/resolve-dispute',
    {
      ...adminOnly,
      ...routeSchema(
        tags,
        'Resolve a disputed result (an admin who did not play in it): keep the report, give Team One (Blue Side) or Team Two (Red Side) the win, ' +
          'or no result, with a reason; ratings follow and every player is told the outcome and their rating change',
        { params: idParamsSchema, body: resolveDisputeBodySchema, response: { 200: scrimSchema } },
      ),
    },
    async (request) =>
      (
        await resolveDispute({
          deps,
          viewer: adminOf(request),
          scrimId: request.params.id,
          outcome: request.body.outcome,
          reason: request.body.reason,
        })
      ).scrim,
  );

  app.patch(
    '/scrims/:id/swap-players',
    adminSlotRoute('Drag a player onto a slot (admin, or its community host)', swapPlayersBodySchema),
    async (request) => {
      const { userId, team, role } = request.body;
      const viewer = runnerOf(request);
      return (await service.swapPlayers({ deps, viewer, scrimId: request.params.id, userId, team, role })).scrim;
    },
  );

  // Balanced teams: sign-ups instead of slots, and an admin's "Balance teams".
  app.post(
    '/scrims/:id/signup',
    {
      schema: {
        tags,
        summary: 'Sign up for a balanced scrim (yourself); the tenth sign-up makes the teams',
        description:
          'Roles default to your settings. Refused (409) on a slot scrim, from the lock ' +
          '(15 minutes before the start), when already signed up, a player or caster of the scrim, or ten are in.',
        params: idParamsSchema,
        body: signupBodySchema,
        response: scrimResponse,
      },
    },
    async (request) => signUp({ deps, viewer: viewerOf(request), scrimId: request.params.id, body: request.body }),
  );

  app.delete(
    '/scrims/:id/signup',
    {
      schema: {
        tags,
        summary: 'Withdraw from a balanced scrim before the lock (yourself); made teams are undone',
        params: idParamsSchema,
        response: scrimResponse,
      },
    },
    async (request) => withdraw({ deps, viewer: viewerOf(request), scrimId: request.params.id }),
  );

  app.post(
    '/scrims/:id/balance',
    {
      ...runnersOnly,
      schema: {
        tags,
        summary:
          'Balance the teams of a full scrim before its start (admin, or its community host); its ten players are told',
        params: idParamsSchema,
        response: scrimResponse,
      },
    },
    async (request) => balanceScrim({ deps, viewer: runnerOf(request), scrimId: request.params.id }),
  );

  // The waitlist, cancel with a reason, reliability (waitlist/waitlist-and-cancel.routes.ts).
  showUpRoutes(app, deps, options);
  // Check-in and substitutes: checkin/checkin-and-substitutes.routes.ts.
  checkInRoutes(app, deps);

  // The image travels as its own bytes, read by a parser of this scope only, up to 2 MB (JSON keeps the app's
  // 64 KB here too). Before a byte is read: whether the caller may upload to this scrim (captain or admin), then
  // a Content-Length over 2 MB, answered with the catalogue's text.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      IMAGE_UPLOAD_TYPES,
      { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().patch(
      '/scrims/:id/add-image',
      {
        preParsing: async (request) => {
          const params = idParamsSchema.safeParse(request.params);
          // A malformed id is left to validation (400).
          if (params.success) {
            await service.assertMayAddImage({ db: app.db, viewer: viewerOf(request), scrimId: params.data.id });
          }
          refuseOversizedImage(request);
        },
        schema: {
          tags,
          summary:
            'Upload the post-game image (captain, admin or its community host): the JPEG or PNG file as the body, ' +
            'up to 2 MB',
          consumes: IMAGE_UPLOAD_TYPES,
          params: idParamsSchema,
          querystring: addImageQuerySchema,
          body: imageBodySchema,
          response: scrimResponse,
        },
      },
      async (request) =>
        (
          await service.addImage({
            deps,
            viewer: viewerOf(request),
            scrimId: request.params.id,
            image: request.body,
            fileName: request.query.fileName,
          })
        ).scrim,
    );
  });

  app.patch(
    '/scrims/:id/remove-image',
    {
      ...runnersOnly,
      schema: {
        tags,
        summary: 'Delete the post-game image (admin, or its community host)',
        params: idParamsSchema,
        response: scrimResponse,
      },
    },
    async (request) =>
      (await service.removeImage({ deps, viewer: runnerOf(request), scrimId: request.params.id })).scrim,
  );
}
