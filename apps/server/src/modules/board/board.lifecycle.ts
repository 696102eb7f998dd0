import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Region } from '@scrim-gym/shared';
import { Lifecycle } from '../../lib/lifecycle.js';

/**
 * What the board tells the modules that follow it (the discord module: the region's announcements), without knowing
 * them. Every event is emitted once, after the change it names committed, by the instance that made it.
 */
export interface BoardLifecycleEvents {
  /** A captain posted on the board; `announce`: they asked for the region's Discord channel to be told. */
  postCreated: { postId: string; region: Region; announce: boolean };
  /** A request was accepted: the series is booked, its game 1 scheduled. */
  seriesBooked: { seriesId: string; region: Region };
  /** A game of the series started (its scrim's start job ran). */
  gameStarted: { seriesId: string; region: Region; number: number };
  /** The series is over: finished (decided by its games) or cancelled (by a captain, or a no-show). */
  seriesEnded: { seriesId: string; region: Region };
}

export class BoardLifecycle extends Lifecycle<BoardLifecycleEvents> {}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the board tells the modules that follow it, after each commit. */
    boardLifecycle: BoardLifecycle;
  }
}

/** The board's lifecycle, made once per app; registered before the board's routes and jobs and its followers. */
export const boardContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('boardLifecycle', new BoardLifecycle());
  },
  { name: 'board-context' },
);
