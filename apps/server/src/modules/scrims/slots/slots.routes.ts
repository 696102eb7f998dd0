import { z } from 'zod';
import {
  adminAssignBodySchema,
  joinSlotBodySchema,
  leaveBodySchema,
  fillRandomBodySchema,
  fillRandomResponseSchema,
  idParamsSchema,
  playerDataSchema,
  scrimUserParamsSchema,
  swapPlayersBodySchema,
} from '@scrim-gym/shared';
import { viewerOf } from '../../auth/index.js';
import { errors, runnerOf, runnersOnly, scrimResponse, tags, type ScrimsApp } from '../core/scrim-routes.kit.js';
import type { ScrimDeps } from '../core/scrim-change.js';
import * as moves from './admin-moves.js';
import * as slots from './slot-actions.js';

/**
 * A user's own place (join, move, leave or kick, cast) and the slot tools of whoever runs the scrim.
 */
export function slotRoutes(app: ScrimsApp, deps: ScrimDeps) {
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
      return (await slots.joinTeam({ deps, viewer, scrimId: id, userId, ...slot, leaveCast })).scrim;
    },
  );

  app.patch(
    '/scrims/:id/move-player/:userId',
    { schema: { tags, summary: 'Move to another team or role (yourself)', ...slotRoute } },
    async (request) => {
      const { role, team } = request.body.playerData;
      const { id, userId } = request.params;
      return (await slots.movePlayer({ deps, viewer: viewerOf(request), scrimId: id, userId, team: team.name, role }))
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
      return (await slots.removePlayer({ deps, viewer: viewerOf(request), scrimId: id, userId, reason })).scrim;
    },
  );

  app.patch(
    '/scrims/:id/insert-caster/:userId',
    {
      schema: { tags, summary: 'Join the cast (yourself; refused in a no-show cooldown, as a slot is)', ...userRoute },
    },
    async (request) => {
      const { id, userId } = request.params;
      return (await slots.joinCast({ deps, viewer: viewerOf(request), scrimId: id, userId })).scrim;
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
      return (await slots.leaveCast({ deps, viewer: viewerOf(request), scrimId: id, userId })).scrim;
    },
  );

  /** A slot tool of who runs the scrim: one user onto a team and role of the scrim (the body names both). */
  const adminSlotRoute = <Body extends z.ZodType>(summary: string, body: Body) => ({
    ...runnersOnly(app),
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
      return (await moves.adminAssignPlayer({ deps, viewer, scrimId: request.params.id, userId, team, role })).scrim;
    },
  );

  app.patch(
    '/scrims/:id/admin-fill-random',
    {
      ...runnersOnly(app),
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
      const { value, scrim } = await moves.adminFillRandom({
        deps,
        viewer: runnerOf(request),
        scrimId: request.params.id,
        region: request.body.region,
      });
      return { filledPositions: value.filled, unfilledPositions: value.unfilled, unfilledReason: value.reason, scrim };
    },
  );

  app.patch(
    '/scrims/:id/swap-players',
    adminSlotRoute('Drag a player onto a slot (admin, or its community host)', swapPlayersBodySchema),
    async (request) => {
      const { userId, team, role } = request.body;
      const viewer = runnerOf(request);
      return (await moves.swapPlayers({ deps, viewer, scrimId: request.params.id, userId, team, role })).scrim;
    },
  );
}
