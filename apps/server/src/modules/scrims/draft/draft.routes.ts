import {
  draftChampionBodySchema,
  draftDrafterBodySchema,
  draftLockBodySchema,
  draftSideBodySchema,
  draftStateSchema,
  errorBodySchema,
  idParamsSchema,
} from '@scrim-gym/shared';
import { errorResponses } from '../../../lib/responses.js';
import { routeSchema } from '../../../lib/route-schema.js';
import { viewerOf } from '../../auth/index.js';
import { described } from '../core/described.js';
import { tags, type ScrimsApp } from '../core/scrim-routes.kit.js';
import { chooseDrafter, hoverChampion, lockChampion, readyDraft, resetDraft } from './draft-actions.js';
import { getDraft, type DraftDeps } from './draft-change.js';

const draftAnswer = { response: { 200: draftStateSchema } };
/** The routes that read Data Dragon's champion list answer 503 CHAMPIONS_UNREADABLE while it cannot be read. */
const draftErrors = { ...errorResponses, 503: errorBodySchema };
const REFUSALS =
  '404 for an unknown scrim; 409 DRAFT_OFF when the scrim has no draft, SCRIM_CANCELLED, SCRIM_ABANDONED or ' +
  'GAME_OVER when it is over. The answer is the draft as the caller sees it (their side’s hovers only), also ' +
  'published live as `draftChange`.';

/** The draft room: its state, Ready, the drafter, hovers, locks and the reset. */
export function draftRoutes(app: ScrimsApp, deps: DraftDeps) {
  app.get(
    '/scrims/:id/draft',
    described(
      routeSchema(tags, "A scrim's draft (whoever may see the scrim)", { params: idParamsSchema, ...draftAnswer }),
      'The draft as the caller sees it: whose turn and until when (the server’s instant), the bans and picks, the ' +
        'ready flags and drafters, the champions a fearless series took out, and the caller’s own side’s hovers. A ' +
        "scrim without a draft answers mode 'none', status 'waiting'. `championsAvailable` false: Data Dragon " +
        'cannot be read, and the draft does not start.',
    ),
    async (request) => getDraft({ deps, viewer: viewerOf(request), scrimId: request.params.id }),
  );

  app.post(
    '/scrims/:id/draft/ready',
    described(
      routeSchema(
        tags,
        "Ready a side of a scrim's draft (its drafter; a pick-up's first player becomes it)",
        { params: idParamsSchema, body: draftSideBodySchema, ...draftAnswer },
        draftErrors,
      ),
      '403 NOT_ON_SIDE for anyone not playing on the side (in a series: nor captaining its team), NOT_DRAFTER when ' +
        'the side has another drafter; 409 DRAFT_STARTED / DRAFT_OVER after the start. Both sides ready start the ' +
        'draft (503 CHAMPIONS_UNREADABLE, nothing written, while Data Dragon cannot be read). ' +
        REFUSALS,
    ),
    async (request) =>
      readyDraft({ deps, viewer: viewerOf(request), scrimId: request.params.id, side: request.body.side }),
  );

  app.post(
    '/scrims/:id/draft/drafter',
    described(
      routeSchema(tags, "Hand a side's drafting to one of its players, before the draft starts", {
        params: idParamsSchema,
        body: draftDrafterBodySchema,
        ...draftAnswer,
      }),
      'The lobby captain, the scrim’s host or an admin (in a series: a captain of the side’s team, a host of the ' +
        'region playing for neither team, an admin); anyone else 403 NOT_CAPTAIN. 409 NOT_ON_SIDE when the user ' +
        'does not play on that side, DRAFT_STARTED after the start. ' +
        REFUSALS,
    ),
    async (request) =>
      chooseDrafter({
        deps,
        viewer: viewerOf(request),
        scrimId: request.params.id,
        side: request.body.side,
        userId: request.body.userId,
      }),
  );

  app.post(
    '/scrims/:id/draft/hover',
    described(
      routeSchema(
        tags,
        'Suggest a champion to your side while the draft runs (seen by your side only)',
        { params: idParamsSchema, body: draftChampionBodySchema, ...draftAnswer },
        draftErrors,
      ),
      '403 NOT_ON_SIDE for anyone not on a side; 409 DRAFT_NOT_RUNNING / DRAFT_OVER; 400 UNKNOWN_CHAMPION (not in ' +
        'Data Dragon’s list); 409 CHAMPION_BANNED, CHAMPION_TAKEN, CHAMPION_UNAVAILABLE (fearless). ' +
        REFUSALS,
    ),
    async (request) =>
      hoverChampion({ deps, viewer: viewerOf(request), scrimId: request.params.id, champion: request.body.champion }),
  );

  app.post(
    '/scrims/:id/draft/lock',
    described(
      routeSchema(
        tags,
        "Ban or pick a champion on your side's turn (the side's drafter)",
        { params: idParamsSchema, body: draftLockBodySchema, ...draftAnswer },
        draftErrors,
      ),
      '403 NOT_DRAFTER; 409 DRAFT_NOT_RUNNING / DRAFT_OVER, NOT_YOUR_TURN, TURN_PASSED (the clock ran out: the ' +
        'turn’s timeout is applied and published); 400 UNKNOWN_CHAMPION; 409 CHAMPION_BANNED, CHAMPION_TAKEN, ' +
        'CHAMPION_UNAVAILABLE. `role` is kept with a pick. With `turn`, a lock for a turn already decided is ' +
        'refused TURN_PASSED (and one for a turn to come NOT_YOUR_TURN) instead of taking the side’s next turn. ' +
        REFUSALS,
    ),
    async (request) =>
      lockChampion({
        deps,
        viewer: viewerOf(request),
        scrimId: request.params.id,
        champion: request.body.champion,
        role: request.body.role,
        turnIndex: request.body.turn,
      }),
  );

  app.post(
    '/scrims/:id/draft/reset',
    described(
      routeSchema(tags, 'Reset the draft before it ends (both drafters, a host or an admin)', {
        params: idParamsSchema,
        ...draftAnswer,
      }),
      'No body. Whoever runs the scrim resets it at once; a side’s drafter asks, and the draft resets when both ' +
        'sides asked (`status` reset: a new Ready starts it again). 403 NOT_DRAFTER for anyone else; 409 DRAFT_OVER. ' +
        REFUSALS,
    ),
    async (request) => resetDraft({ deps, viewer: viewerOf(request), scrimId: request.params.id }),
  );
}
