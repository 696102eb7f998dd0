import { Lifecycle } from '../../../lib/lifecycle.js';
import type { ScrimAggregate } from './scrim-aggregate.repository.js';

/**
 * What the scrims module tells the modules that follow its scrims (the riot module: tournament codes and
 * results; the discord module: announcements), without knowing them: they subscribe through `app.scrimLifecycle.on(…)` when they register.
 * Every event is emitted after the change committed.
 */
export interface ScrimLifecycleEvents {
  /** A scrim was created (POST /api/scrims); the scrim as it is now. */
  created: { aggregate: ScrimAggregate };
  /**
   * A change of the scrim committed through a scrim action (a slot change, an admin move, a result reported,
   * confirmed or edited, an edit): the scrim as it is now, for modules that follow its players or its result.
   */
  changed: { aggregate: ScrimAggregate };
  /** The start job ran (players and casters notified); the scrim as it is now. */
  started: { aggregate: ScrimAggregate };
  /**
   * After the start, with both teams full, no winner, the option on and no code (a late fill, or a save):
   * the start job has run already, so the code needs its own job.
   */
  needsTournamentCode: { scrimId: string };
  /** A tournament code was stored for the scrim (made at the start, or remade by an admin); the scrim as it is now. */
  tournamentCode: { aggregate: ScrimAggregate };
  /** The scrim was deleted. */
  deleted: { scrimId: string };
}

export class ScrimLifecycle extends Lifecycle<ScrimLifecycleEvents> {}
