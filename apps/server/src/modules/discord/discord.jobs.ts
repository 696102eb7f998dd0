import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ScrimAggregate } from '../scrims/index.js';
import { DISCORD_BOARD_JOB, followBoard, handleBoardAnnounceJob } from './discord.board.js';
import {
  announceScrim,
  DISCORD_ANNOUNCE_JOB,
  forgetScrim,
  handleAnnounceJob,
  type DiscordDeps,
} from './discord.service.js';

/**
 * Registers the 'discord.announce' and 'discord.board-announce' jobs and follows the scrims and the board (lifecycle
 * events, after their commit): a created or changed scrim schedules the posts it calls for, a deleted one drops those
 * not sent; the board's posts and series schedule theirs (discord.board.ts). A failure here is logged and
 * never reaches the scrim's action, whose change has committed already.
 */
export const discordPlugin = fp(
  async (app: FastifyInstance) => {
    const deps: DiscordDeps = { db: app.db, config: app.config, jobs: app.jobs };
    const log = app.log.child({ module: 'discord' });
    app.jobs.register(DISCORD_ANNOUNCE_JOB, (job, context) => handleAnnounceJob(deps, job, context));
    app.jobs.register(DISCORD_BOARD_JOB, (job, context) => handleBoardAnnounceJob(deps, job, context));

    const quietly = async (what: string, scrimId: string | null, work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (err) {
        log.error({ err, scrimId }, `discord: scheduling ${what} failed`);
      }
    };
    const announce = (aggregate: ScrimAggregate, created: boolean) =>
      quietly('an announcement', aggregate.scrim.id, () => announceScrim(deps, aggregate, { created }));

    const scrims = app.scrimLifecycle;
    scrims.on('created', ({ aggregate }) => announce(aggregate, true));
    scrims.on('changed', ({ aggregate }) => announce(aggregate, false));
    scrims.on('deleted', ({ scrimId }) =>
      quietly('the cancellation', scrimId, () => forgetScrim({ db: app.db, scrimId })),
    );
    followBoard(deps, app.boardLifecycle, (work) => quietly('a board announcement', null, work));
  },
  { name: 'discord', dependencies: ['jobs', 'board-context'] },
);
