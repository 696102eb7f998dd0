import { z } from 'zod';
import {
  idParamsSchema,
  scrimSchema,
  disputeResultBodySchema,
  resolveDisputeBodySchema,
  resultDisputeSchema,
  setWinnerBodySchema,
} from '@scrim-gym/shared';
import { routeSchema } from '../../../lib/route-schema.js';
import { viewerOf } from '../../auth/index.js';
import { resolveDispute } from './dispute.js';
import * as result from './result.js';
import { adminOf, adminOnly, scrimResponse, tags, type ScrimsApp } from '../core/scrim-routes.kit.js';
import type { ScrimDeps } from '../core/scrim-change.js';

/**
 * The result: report, confirm or dispute the winner, and an admin's list and resolution of disputes.
 */
export function resultRoutes(app: ScrimsApp, deps: ScrimDeps) {
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
      ...adminOnly(app),
      ...routeSchema(tags, 'The open result disputes, oldest first (admin): an admin sets or clears the winner', {
        response: { 200: z.array(resultDisputeSchema) },
      }),
    },
    async () => result.listOpenDisputes({ db: app.db }),
  );

  app.post(
    '/admin/scrims/:id/resolve-dispute',
    {
      ...adminOnly(app),
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
}
