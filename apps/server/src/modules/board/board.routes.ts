import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptScrimRequestResponseSchema,
  createScrimPostBodySchema,
  createScrimRequestBodySchema,
  scrimBoardQuerySchema,
  scrimBoardResponseSchema,
  scrimPostParamsSchema,
  scrimPostResponseSchema,
  scrimRequestParamsSchema,
  scrimRequestResponseSchema,
  scrimRequestsResponseSchema,
  seriesCancelBodySchema,
  seriesGameParamsSchema,
  seriesLineupBodySchema,
  seriesParamsSchema,
  seriesSideBodySchema,
  seriesResponseSchema,
  teamParamsSchema,
  teamSeriesResponseSchema,
} from '@scrim-gym/shared';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { limitRequests } from '../../lib/rate-limit-hook.js';
import { rateLimitedErrorResponses } from '../../lib/responses.js';
import { routeSchema } from '../../lib/route-schema.js';
import { viewerOf } from '../auth/index.js';
import { scrimDepsOf } from '../scrims/index.js';
import * as posts from './posts.js';
import * as requests from './requests.js';
import { cancelSeries } from './series/cancel.js';
import { setLineup } from './series/lineup.js';
import { chooseSide } from './series/side.js';
import { getSeries } from './series/series-view.js';
import { getTeamSeries } from './series/team-series.js';

const tags = ['scrim-board'];
const seriesTags = ['series'];
const noBody = z.unknown().optional();

/** Posts per user: a week's plans at once, then one every 5 minutes. */
export const SCRIM_POST_BURST = 10;
const SCRIM_POSTS_PER_SECOND = 1 / 300;
/** Requests per user: a captain asks around, but never floods the board's captains with notifications. */
const SCRIM_REQUEST_BURST = 20;
const SCRIM_REQUESTS_PER_SECOND = 1 / 30;
/**
 * Lineup changes per user: a captain tries a few before the lock; each one re-seats game 1 and makes every
 * instance read the scrim again.
 */
export const SERIES_LINEUP_BURST = 20;
const SERIES_LINEUPS_PER_SECOND = 1 / 10;

/**
 * The scrim board (posts, requests, accepting one) and series. Every route needs an active user; who acts for a
 * team is its captain (teams' policy), and the board's rules are board.policy.ts's.
 */
export async function boardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = {
    db: app.db,
    notifier: app.notifier,
    io: app.io,
    lifecycle: app.boardLifecycle,
    scrims: scrimDepsOf(app),
  };
  const { db } = deps;
  // Identity before validation: a visitor or a banned user learns nothing about the input rules.
  app.addHook('onRequest', app.authenticate);
  const perUser = (name: string, capacity: number, refillPerSecond: number) =>
    limitRequests({
      limiter: createRateLimiter({ redis: app.redis, name, capacity, refillPerSecond }),
      keyOf: (request) => request.auth.user!.id,
    });
  const limitPosts = perUser('scrim-posts', SCRIM_POST_BURST, SCRIM_POSTS_PER_SECOND);
  const limitAsks = perUser('scrim-requests', SCRIM_REQUEST_BURST, SCRIM_REQUESTS_PER_SECOND);
  const limitLineups = perUser('series-lineups', SERIES_LINEUP_BURST, SERIES_LINEUPS_PER_SECOND);

  app.post(
    '/scrim-posts',
    {
      preHandler: limitPosts,
      ...routeSchema(
        tags,
        "Post a team's scrim on the board (a captain of the team; 30 minutes to 30 days ahead)",
        { body: createScrimPostBodySchema, response: { 201: scrimPostResponseSchema } },
        rateLimitedErrorResponses,
      ),
    },
    async (request, reply) => {
      const post = await posts.createPost({ deps, viewer: viewerOf(request), body: request.body });
      return reply.status(201).send({ post });
    },
  );

  app.get(
    '/scrim-posts',
    routeSchema(tags, "Open scrim posts in start order, the viewer's own teams' first, a page at a time", {
      querystring: scrimBoardQuerySchema,
      response: { 200: scrimBoardResponseSchema },
    }),
    async (request) => posts.listBoard({ db, viewer: viewerOf(request), query: request.query }),
  );

  app.delete(
    '/scrim-posts/:id',
    routeSchema(tags, 'Take an open scrim post down (a captain of its team); its open requests are declined', {
      params: scrimPostParamsSchema,
      body: noBody,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await posts.deletePost({ deps, viewer: viewerOf(request), postId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/scrim-posts/:id/requests',
    routeSchema(tags, "A post's requests: all of them for its team, the viewer's teams' own for anyone else", {
      params: scrimPostParamsSchema,
      response: { 200: scrimRequestsResponseSchema },
    }),
    async (request) => ({
      requests: await requests.listRequests({ db, viewer: viewerOf(request), postId: request.params.id }),
    }),
  );

  app.post(
    '/scrim-posts/:id/requests',
    {
      preHandler: limitAsks,
      ...routeSchema(
        tags,
        "Ask for a scrim post (a captain of another team of the post's region; one open request per team)",
        {
          params: scrimPostParamsSchema,
          body: createScrimRequestBodySchema,
          response: { 201: scrimRequestResponseSchema },
        },
        rateLimitedErrorResponses,
      ),
    },
    async (request, reply) => {
      const answer = await requests.createRequest({
        deps,
        viewer: viewerOf(request),
        postId: request.params.id,
        body: request.body,
      });
      return reply.status(201).send({ request: answer });
    },
  );

  app.delete(
    '/scrim-requests/:id',
    routeSchema(tags, 'Withdraw an open scrim request (a captain of the asking team)', {
      params: scrimRequestParamsSchema,
      body: noBody,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await requests.withdrawRequest({ deps, viewer: viewerOf(request), requestId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/scrim-requests/:id/accept',
    routeSchema(
      tags,
      "Accept a request (a captain of the post's team): books the series, closes the post, declines the others",
      { params: scrimRequestParamsSchema, body: noBody, response: { 200: acceptScrimRequestResponseSchema } },
    ),
    async (request) => ({
      series: await requests.acceptRequest({ deps, viewer: viewerOf(request), requestId: request.params.id }),
    }),
  );

  app.post(
    '/scrim-requests/:id/decline',
    routeSchema(tags, "Decline a request (a captain of the post's team)", {
      params: scrimRequestParamsSchema,
      body: noBody,
      response: { 200: scrimRequestResponseSchema },
    }),
    async (request) => ({
      request: await requests.declineRequest({ deps, viewer: viewerOf(request), requestId: request.params.id }),
    }),
  );

  app.get(
    '/series/:id',
    routeSchema(
      seriesTags,
      'A series: format, start, status, both teams with their side of game 1 and lineup, its games',
      {
        params: seriesParamsSchema,
        response: { 200: seriesResponseSchema },
      },
    ),
    async (request) => ({
      series: await getSeries({ db, viewer: viewerOf(request), id: request.params.id }),
    }),
  );

  app.get(
    '/teams/:id/series',
    routeSchema(
      seriesTags,
      "A team's series from its side: scheduled and live ones soonest first, finished and cancelled ones latest first",
      { params: teamParamsSchema, response: { 200: teamSeriesResponseSchema } },
    ),
    async (request) => {
      viewerOf(request);
      return getTeamSeries({ db, teamId: request.params.id });
    },
  );

  app.put(
    '/series/:id/lineup',
    {
      preHandler: limitLineups,
      ...routeSchema(
        seriesTags,
        "Set a team's lineup of a series (a captain of the team; until 15 minutes before the start): five starters " +
          "and up to three subs from its roster, the starters seated on the team's side of game 1",
        { params: seriesParamsSchema, body: seriesLineupBodySchema, response: { 200: seriesResponseSchema } },
        rateLimitedErrorResponses,
      ),
    },
    async (request) => ({
      series: await setLineup({
        deps,
        viewer: viewerOf(request),
        seriesId: request.params.id,
        body: request.body,
      }),
    }),
  );

  // A side pick and a cancel are series changes too: they take from the same budget as lineups.
  app.post(
    '/series/:id/games/:n/side',
    {
      preHandler: limitLineups,
      ...routeSchema(
        seriesTags,
        'Pick the side of game n (a captain of the team that lost game n - 1, within 5 minutes of its result; ' +
          'the sides alternate otherwise): both lineups are seated on the sides picked',
        { params: seriesGameParamsSchema, body: seriesSideBodySchema, response: { 200: seriesResponseSchema } },
        rateLimitedErrorResponses,
      ),
    },
    async (request) => ({
      series: await chooseSide({
        deps,
        viewer: viewerOf(request),
        seriesId: request.params.id,
        number: request.params.n,
        side: request.body.side,
      }),
    }),
  );

  app.post(
    '/series/:id/cancel',
    {
      preHandler: limitLineups,
      ...routeSchema(
        seriesTags,
        'Cancel a series that is not over (a captain of either team), with a reason everyone involved is told; ' +
          'under 6 hours before the start it counts against the team',
        { params: seriesParamsSchema, body: seriesCancelBodySchema, response: { 200: seriesResponseSchema } },
        rateLimitedErrorResponses,
      ),
    },
    async (request) => ({
      series: await cancelSeries({
        deps,
        viewer: viewerOf(request),
        seriesId: request.params.id,
        reason: request.body.reason,
      }),
    }),
  );
}
