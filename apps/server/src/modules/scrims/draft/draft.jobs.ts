import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RetryLaterError } from '../../../jobs/index.js';
import { expireDraftTurn } from './draft-actions.js';
import type { ChampionCatalogue } from './draft.js';
import { DRAFT_TURN_JOB, draftTurnOf } from './draft.schedule.js';

export interface ScrimDraftPluginOptions {
  /** Data Dragon's champion list: a pick that times out takes a free champion from it. */
  champions: ChampionCatalogue;
}

/** Registers the turn clock's job on the app's runner: a turn whose clock ran out is decided by its timeout. */
export const scrimDraftPlugin = fp<ScrimDraftPluginOptions>(
  async (app: FastifyInstance, { champions }) => {
    const deps = { db: app.db, io: app.io, champions };
    app.jobs.register(DRAFT_TURN_JOB, async (job) => {
      const { retryAt } = await expireDraftTurn({ deps, ...draftTurnOf(job) });
      if (retryAt) throw new RetryLaterError('the turn is not over yet, or has nothing to pick', retryAt);
    });
  },
  { name: 'scrim-draft', dependencies: ['jobs'] },
);
