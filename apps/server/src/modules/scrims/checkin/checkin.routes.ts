import { idParamsSchema, scrimSchema } from '@scrim-gym/shared';
import { routeSchema } from '../../../lib/route-schema.js';
import { viewerOf } from '../../auth/index.js';
import type { ScrimDeps } from '../core/scrim-change.js';
import { tags, type ScrimsApp } from '../core/scrim-routes.kit.js';
import { described } from '../core/described.js';
import { checkIn, confirmPlace } from './checkin.js';

/** Check-in (a player, in its window) and the confirmation of a place a host or admin gave. */
export function checkInRoutes(app: ScrimsApp, deps: ScrimDeps) {
  app.post(
    '/scrims/:id/check-in',
    described(
      routeSchema(tags, 'Check in for a scrim (yourself, a player of it), 30 to 5 minutes before its start', {
        params: idParamsSchema,
        response: { 200: scrimSchema },
      }),
      'No body. 403 for anyone who is not a player of the scrim; 409 when check-in is off, not open yet, closed, ' +
        'or the scrim is cancelled, abandoned or finished. Checking in again answers 200 and changes nothing. ' +
        'The answer is the scrim (`checkIn.checkedIn` lists who checked in), also published live.',
    ),
    async (request) => (await checkIn({ deps, viewer: viewerOf(request), scrimId: request.params.id })).scrim,
  );

  app.post(
    '/scrims/:id/confirm-place',
    described(
      routeSchema(tags, 'Confirm a place a host or admin gave you (yourself, a placed player of the scrim)', {
        params: idParamsSchema,
        response: { 200: scrimSchema },
      }),
      'No body. A player put in by a host or admin (assigned, filled at random, substitute) carries no ' +
        'commitment (no no-show, late leave or cooldown) until they check in or confirm here. 403 for anyone ' +
        'who is not a player of the scrim; 409 when the place is already theirs, or the scrim is over. The answer ' +
        'is the scrim (`placed` no longer lists the viewer), also published live.',
    ),
    async (request) => (await confirmPlace({ deps, viewer: viewerOf(request), scrimId: request.params.id })).scrim,
  );
}
