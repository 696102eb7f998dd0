/**
 * The draft room's rules that both ends need without zod: the modes, the sides, the tournament draft's order and
 * the turn clock's bounds. Blue is the scrim's teamOne, red its teamTwo.
 */
export const DRAFT_MODES = ['none', 'tournament', 'fearless'] as const;
export type DraftMode = (typeof DRAFT_MODES)[number];

/** waiting: before both sides are ready; running: a turn's clock counts; done: the 20th turn is over; reset: set back to waiting by a reset. */
export const DRAFT_STATUSES = ['waiting', 'running', 'done', 'reset'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

export const DRAFT_SIDES = ['blue', 'red'] as const;
export type DraftSide = (typeof DRAFT_SIDES)[number];

export const DRAFT_ACTIONS = ['ban', 'pick'] as const;
export type DraftAction = (typeof DRAFT_ACTIONS)[number];

export interface DraftTurn {
  side: DraftSide;
  action: DraftAction;
}

const turns = (action: DraftAction, sides: string): DraftTurn[] =>
  sides.split(' ').map((s) => ({ side: s === 'B' ? 'blue' : 'red', action }));

/**
 * The tournament draft's 20 turns, in order: bans B R B R B R, picks B R R B B R, bans R B R B, picks R B B R.
 * A turn is one champion: a ban or a pick of the side whose turn it is.
 */
export const DRAFT_ORDER: readonly DraftTurn[] = Object.freeze([
  ...turns('ban', 'B R B R B R'),
  ...turns('pick', 'B R R B B R'),
  ...turns('ban', 'R B R B'),
  ...turns('pick', 'R B B R'),
]);
export const DRAFT_TURNS = DRAFT_ORDER.length;

/** Seconds a turn lasts, unless the scrim says otherwise (within the bounds). */
export const DRAFT_TIMER_DEFAULT_SECONDS = 30;
export const DRAFT_TIMER_MIN_SECONDS = 15;
export const DRAFT_TIMER_MAX_SECONDS = 90;

/** The draft side of a scrim team: blue is teamOne. */
export const draftSideOfTeam = (team: 'teamOne' | 'teamTwo'): DraftSide => (team === 'teamOne' ? 'blue' : 'red');
export const teamOfDraftSide = (side: DraftSide): 'teamOne' | 'teamTwo' => (side === 'blue' ? 'teamOne' : 'teamTwo');
