import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTeamBodySchema,
  idParamsSchema,
  openTeamInvitesResponseSchema,
  teamInviteParamsSchema,
  teamInviteSchema,
  teamJoinParamsSchema,
  teamMemberParamsSchema,
  teamParamsSchema,
  teamResponseSchema,
  teamSearchQuerySchema,
  teamSearchResponseSchema,
  updateTeamBodySchema,
  updateTeamMemberBodySchema,
  userTeamsResponseSchema,
  type Team,
} from '@scrim-gym/shared';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { limitRequests } from '../../lib/rate-limit-hook.js';
import { rateLimitedErrorResponses } from '../../lib/responses.js';
import { routeSchema } from '../../lib/route-schema.js';
import { viewerOf, type Viewer } from '../auth/index.js';
import { teamFor } from './teams.presenter.js';
import { createInvite, joinByInvite, listOpenInvites, revokeInvite } from './invites/invites.service.js';
import * as service from './teams.service.js';

const tags = ['teams'];

/** Team creation per user: a few at once, then one every 10 minutes (a user holds at most 3 teams anyway). */
export const TEAM_CREATE_BURST = 6;
export const TEAM_CREATES_PER_SECOND = 1 / 600;
/** Invite links per user: enough to replace a leaked one many times, never a flood of rows. */
export const TEAM_INVITE_BURST = 20;
export const TEAM_INVITES_PER_SECOND = 1 / 60;
/** Every answer with a team carries what its viewer may do with it. */
const answer = (team: Team, viewer: Viewer) => ({ team: teamFor(team, viewer.id) });
const noBody = z.unknown().optional();

/**
 * Teams: rosters with roles, an owner and captains, invite links. Every route needs an active user (a banned
 * user neither creates, joins nor invites); who may change a team is the policy's (teams.policy.ts).
 */
export async function teamsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  // Identity before validation: a visitor or a banned user learns nothing about the input rules.
  app.addHook('onRequest', app.authenticate);
  // Budgets per user: creating teams (names and tags are claimed per region) and making invite links both write.
  const perUser = (name: string, capacity: number, refillPerSecond: number) =>
    limitRequests({
      limiter: createRateLimiter({ redis: app.redis, name, capacity, refillPerSecond }),
      keyOf: (request) => request.auth.user!.id,
    });
  const limitCreates = perUser('team-creates', TEAM_CREATE_BURST, TEAM_CREATES_PER_SECOND);
  const limitInvites = perUser('team-invites', TEAM_INVITE_BURST, TEAM_INVITES_PER_SECOND);

  app.post(
    '/teams',
    {
      preHandler: limitCreates,
      ...routeSchema(
        tags,
        'Create a team; the session user is its owner and a captain (at most 3 teams a user)',
        { body: createTeamBodySchema, response: { 201: teamResponseSchema } },
        rateLimitedErrorResponses,
      ),
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      return reply.status(201).send(answer(await service.createTeam({ db, viewer, body: request.body }), viewer));
    },
  );

  app.get(
    '/teams',
    routeSchema(tags, 'Teams by name or tag (look-alikes included), of a region or all, a page at a time', {
      querystring: teamSearchQuerySchema,
      response: { 200: teamSearchResponseSchema },
    }),
    async (request) => {
      viewerOf(request);
      return service.searchTeams({ db, ...request.query });
    },
  );

  app.get(
    '/teams/:id',
    routeSchema(tags, 'A team: roster, rating, reliability and record', {
      params: teamParamsSchema,
      response: { 200: teamResponseSchema },
    }),
    async (request) => answer(await service.getTeam({ db, id: request.params.id }), viewerOf(request)),
  );

  app.patch(
    '/teams/:id',
    routeSchema(tags, "Change a team's name, tag or logo (a captain; the owner is one)", {
      params: teamParamsSchema,
      body: updateTeamBodySchema,
      response: { 200: teamResponseSchema },
    }),
    async (request) => {
      const viewer = viewerOf(request);
      return answer(await service.updateTeam({ db, viewer, id: request.params.id, body: request.body }), viewer);
    },
  );

  app.delete(
    '/teams/:id',
    routeSchema(tags, 'Delete a team (its owner; refused while a series is scheduled)', {
      params: teamParamsSchema,
      body: noBody,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await service.deleteTeam({ db, viewer: viewerOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/teams/:id/invites',
    {
      preHandler: limitInvites,
      ...routeSchema(
        tags,
        'Make an invite link to the team (a captain), valid 7 days unless revoked',
        { params: teamParamsSchema, body: noBody, response: { 201: teamInviteSchema } },
        rateLimitedErrorResponses,
      ),
    },
    async (request, reply) =>
      reply.status(201).send(
        await createInvite({
          deps: { db, config: app.config },
          viewer: viewerOf(request),
          teamId: request.params.id,
        }),
      ),
  );

  app.get(
    '/teams/:id/invites',
    routeSchema(tags, "The team's open invite links (a captain): when each was made, by whom, until when", {
      params: teamParamsSchema,
      response: { 200: openTeamInvitesResponseSchema },
    }),
    async (request) => ({
      invites: await listOpenInvites({ db, viewer: viewerOf(request), teamId: request.params.id }),
    }),
  );

  app.delete(
    '/teams/:id/invites/:inviteId',
    routeSchema(tags, 'Revoke an invite link of the team (a captain)', {
      params: teamInviteParamsSchema,
      body: noBody,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await revokeInvite({
        db,
        viewer: viewerOf(request),
        teamId: request.params.id,
        inviteId: request.params.inviteId,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/teams/join/:token',
    routeSchema(tags, 'Join the team of an invite link, as a Sub (at most 3 teams a user)', {
      params: teamJoinParamsSchema,
      body: noBody,
      response: { 200: teamResponseSchema },
    }),
    async (request) => {
      const viewer = viewerOf(request);
      return answer(await joinByInvite({ db, viewer, token: request.params.token }), viewer);
    },
  );

  app.put(
    '/teams/:id/members/:userId',
    routeSchema(
      tags,
      "Set a member's role and captaincy (a captain); isOwner: true hands the ownership over (the owner)",
      { params: teamMemberParamsSchema, body: updateTeamMemberBodySchema, response: { 200: teamResponseSchema } },
    ),
    async (request) => {
      const viewer = viewerOf(request);
      const { id: teamId, userId } = request.params;
      return answer(await service.updateTeamMember({ db, viewer, teamId, userId, body: request.body }), viewer);
    },
  );

  app.delete(
    '/teams/:id/members/:userId',
    routeSchema(tags, 'Leave the team (oneself; the owner hands ownership over first) or remove a member (a captain)', {
      params: teamMemberParamsSchema,
      body: noBody,
      response: { 200: teamResponseSchema },
    }),
    async (request) => {
      const viewer = viewerOf(request);
      const { id: teamId, userId } = request.params;
      return answer(await service.removeTeamMember({ db, viewer, teamId, userId }), viewer);
    },
  );

  app.get(
    '/users/:id/teams',
    routeSchema(tags, 'The teams a user is on', { params: idParamsSchema, response: { 200: userTeamsResponseSchema } }),
    async (request) => {
      viewerOf(request);
      return service.listUserTeams({ db, userId: request.params.id });
    },
  );
}
