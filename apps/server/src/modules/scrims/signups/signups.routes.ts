import { idParamsSchema, signupBodySchema } from '@scrim-gym/shared';
import { viewerOf } from '../../auth/index.js';
import { balanceScrim } from './balance.js';
import { signUp, withdraw } from './signup.js';
import { runnerOf, runnersOnly, scrimResponse, tags, type ScrimsApp } from '../core/scrim-routes.kit.js';
import type { ScrimDeps } from '../core/scrim-change.js';

/**
 * Balanced teams: sign-ups instead of slots, and "Balance teams" of whoever runs the scrim.
 */
export function signupRoutes(app: ScrimsApp, deps: ScrimDeps) {
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
      ...runnersOnly(app),
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
}
