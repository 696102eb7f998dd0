import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminUpdateUserBodySchema, adminUpdateUserResponseSchema, idParamsSchema } from '@scrim-gym/shared';
import { banHistoryResponseSchema, banUserBodySchema, banUserResponseSchema } from '@scrim-gym/shared';
import { unbanUserBodySchema, liftExpiredBansResponseSchema, successResponseSchema } from '@scrim-gym/shared';
import { dashboardStatsSchema, recentActivitiesResponseSchema, systemStatusSchema } from '@scrim-gym/shared';
import { adminHostBodySchema, adminHostParamsSchema, adminHostQuerySchema } from '@scrim-gym/shared';
import { communityHostSchema, communityHostsResponseSchema } from '@scrim-gym/shared';
import { routeSchema } from '../../lib/route-schema.js';
import { assertAdmin } from '../auth/index.js';
import { clearCooldown } from '../scrims/index.js';
import * as admin from './admin.service.js';
import { getRecentActivities } from './dashboard/dashboard.activities.js';
import { getDashboardStats } from './dashboard/dashboard.stats.js';
import { getSystemStatus } from './dashboard/dashboard.status.js';
import { grantHost, listHosts, revokeHost } from './hosts.service.js';

const tags = ['admin'];

/**
 * The admin calls (update a user, ban, unban, ban history, lift expired bans, dashboard, community hosts). Every one is for
 * admins only, decided from the server's own user record (`authorizeAdmin`: 401 without a session, 403 with
 * the ban text for a banned user, 403 for a non-admin).
 */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Before the body is even read: a visitor or a player costs no parsing and learns nothing (401 / 403 first).
  app.addHook('onRequest', app.authorizeAdmin);
  const deps: admin.AdminDeps = { db: app.db, io: app.io, sessionForgetter: app.sessionForgetter };
  const adminId = (request: { auth: Parameters<typeof assertAdmin>[0] }) => assertAdmin(request.auth).id;

  app.post(
    '/admin/banUser',
    routeSchema(tags, 'Ban a user: ends their sessions and sockets now (or at dateFrom); lifted at dateTo', {
      body: banUserBodySchema,
      response: { 200: banUserResponseSchema },
    }),
    async (request) => admin.banUser({ deps, adminId: adminId(request), body: request.body }),
  );

  app.delete(
    '/admin/users/:id/cooldown',
    routeSchema(tags, "Clear a user's no-show cooldown and strikes (the next no-show is a warning again)", {
      params: idParamsSchema,
      response: { 200: successResponseSchema },
    }),
    async (request) => clearCooldown({ db: app.db, userId: request.params.id, adminId: adminId(request) }),
  );

  app.post(
    '/admin/unbanUser',
    routeSchema(tags, "Lift a user's ban", { body: unbanUserBodySchema, response: { 200: successResponseSchema } }),
    async (request) => admin.unbanUser({ deps, adminId: adminId(request), userId: request.body.bannedUserId }),
  );

  app.post(
    '/admin/lift-expired-bans',
    routeSchema(tags, 'Lift every ban whose dateTo has passed (the expiry job does it on time too)', {
      response: { 200: liftExpiredBansResponseSchema },
    }),
    async (request) => admin.liftAllExpiredBans({ deps, adminId: adminId(request) }),
  );

  app.get(
    '/admin/all-bans-history',
    routeSchema(tags, 'Every ban, newest first, with its user and status', {
      response: { 200: banHistoryResponseSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return admin.listBanHistory({ db: app.db });
    },
  );

  app.post(
    '/admin/updateUser/:id',
    routeSchema(tags, "Change a user's summoner name, tagline or rank (nothing else)", {
      params: idParamsSchema,
      body: adminUpdateUserBodySchema,
      response: { 200: adminUpdateUserResponseSchema },
    }),
    async (request) =>
      admin.updateUserByAdmin({
        ...deps,
        adminId: adminId(request),
        userId: request.params.id,
        fields: request.body,
      }),
  );

  app.get(
    '/admin/dashboard-stats',
    routeSchema(tags, "The dashboard's figures", { response: { 200: dashboardStatsSchema } }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getDashboardStats({ db: app.db });
    },
  );

  app.get(
    '/admin/recent-activities',
    routeSchema(tags, 'Scrims created and completed, users registered, bans, lifts and admin actions, newest first', {
      response: { 200: recentActivitiesResponseSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getRecentActivities({ db: app.db });
    },
  );

  app.get(
    '/admin/hosts',
    routeSchema(tags, 'The community hosts and the regions each one hosts, by name', {
      response: { 200: communityHostsResponseSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listHosts({ db: app.db });
    },
  );

  app.post(
    '/admin/hosts',
    routeSchema(
      tags,
      'Make a user a community host of a region: they create scrims there and run their own (404 unknown or ' +
        'deleted user, 409 banned or already a host of it)',
      { body: adminHostBodySchema, response: { 201: communityHostSchema } },
    ),
    async (request, reply) => {
      const { userId, region } = request.body;
      const host = await grantHost({ deps, adminId: adminId(request), userId, region });
      return reply.status(201).send(host);
    },
  );

  app.delete(
    '/admin/hosts/:userId',
    routeSchema(
      tags,
      'Take the host role from a user: every region, or only `?region=` (404 when they host none of it); their ' +
        'scrims stay "Hosted by" them but they no longer run them',
      { params: adminHostParamsSchema, querystring: adminHostQuerySchema, response: { 200: communityHostSchema } },
    ),
    async (request) =>
      revokeHost({ deps, adminId: adminId(request), userId: request.params.userId, region: request.query.region }),
  );

  app.get(
    '/admin/server-status',
    routeSchema(tags, 'Database latency, connected sockets (every instance), Riot API and email service status', {
      response: { 200: systemStatusSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSystemStatus({ database: app.database, io: app.io, riot: app.riot, redis: app.redis });
    },
  );
}
