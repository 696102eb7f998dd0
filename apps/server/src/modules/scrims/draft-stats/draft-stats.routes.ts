import { draftStatsSchema, idParamsSchema } from '@scrim-gym/shared';
import { routeSchema } from '../../../lib/route-schema.js';
import type { ScrimDeps } from '../core/scrim-change.js';
import type { ScrimsApp } from '../core/scrim-routes.kit.js';
import { getTeamDraftStats, getUserDraftStats } from './draft-stats.js';

/** Draft stats from drafted games: a player's (the profile) and a team's (its page). */
export function draftStatsRoutes(app: ScrimsApp, deps: ScrimDeps) {
  app.get(
    '/users/:id/draft-stats',
    routeSchema(
      ['users'],
      "A player's drafted games (finished draft, confirmed winner): wins from each side of the draft (blue picks " +
        'first) and per champion picked',
      { params: idParamsSchema, response: { 200: draftStatsSchema } },
    ),
    async (request) => getUserDraftStats({ db: deps.db, userId: request.params.id }),
  );

  app.get(
    '/teams/:id/draft-stats',
    routeSchema(
      ['teams'],
      "A team's drafted series games (finished draft, confirmed winner): wins from each side of the draft (blue " +
        'picks first) and per champion picked',
      { params: idParamsSchema, response: { 200: draftStatsSchema } },
    ),
    async (request) => getTeamDraftStats({ db: deps.db, teamId: request.params.id }),
  );
}
