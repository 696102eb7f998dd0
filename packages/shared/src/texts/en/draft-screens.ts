import { DRAFT_SIDE_LABELS } from './draft.js';
import { DRAFT_TIMER_MAX_SECONDS, DRAFT_TIMER_MIN_SECONDS, type DraftMode } from '../../rules/draft.js';

/** A draft mode as the forms, the scrim page and a series page name it. */
export const DRAFT_MODE_LABELS = {
  none: 'None',
  tournament: 'Tournament draft',
  fearless: 'Fearless draft',
} as const satisfies Record<DraftMode, string>;

/** Data Dragon's champion classes, the champion grid's filter. */
export const DRAFT_CLASS_LABELS = {
  Fighter: 'Fighter',
  Tank: 'Tank',
  Mage: 'Mage',
  Assassin: 'Assassin',
  Marksman: 'Marksman',
  Support: 'Support',
} as const;

/** The draft room's words on the scrim page, its stream overlay and the forms that set it up. */
export const DRAFT_TEXTS = {
  title: 'Draft',
  modes: DRAFT_MODE_LABELS,
  sides: DRAFT_SIDE_LABELS,
  // The create and edit forms, the board's post dialog, the series page.
  formDraft: 'Draft',
  formTimer: 'Seconds per turn',
  formTimerHelper: `${DRAFT_TIMER_MIN_SECONDS} to ${DRAFT_TIMER_MAX_SECONDS} seconds`,
  formDraftRoom: 'Draft room',
  fearlessDraftNeedsFearless: 'Fearless draft needs the Fearless box ticked.',
  seriesDraft: (mode: string) => `Draft: ${mode}`,
  // The scrim page's section.
  loading: 'Loading the draft',
  failed: 'The draft could not be loaded.',
  side: (side: string) => `${side} side`,
  drafter: (name: string) => `Drafter: ${name}`,
  noDrafter: 'No drafter yet',
  bans: 'Bans',
  picks: 'Picks',
  banSlot: (side: string, n: number) => `${side} ban ${n}`,
  pickSlot: (side: string, n: number) => `${side} pick ${n}`,
  emptySlot: 'empty',
  noBan: 'No ban',
  hovering: (champion: string) => `${champion} (suggested)`,
  waiting: 'Both sides press Ready to start the draft.',
  wasReset: 'The draft was reset. Both sides press Ready to start again.',
  done: 'The draft is over.',
  turn: (side: string, action: 'ban' | 'pick') => `${side} ${action === 'ban' ? 'bans' : 'picks'}`,
  yourTurn: 'Your turn',
  secondsLeft: (seconds: number) => `${seconds} ${seconds === 1 ? 'second' : 'seconds'} left`,
  ready: (side: string) => `Ready (${side})`,
  isReady: (side: string) => `${side} is ready`,
  notReady: (side: string) => `${side} is not ready`,
  handTo: 'Hand drafting to…',
  handToSide: (side: string) => `Hand ${side}'s drafting to`,
  handSideLabel: 'Side',
  handToSubmit: 'Hand over',
  cancel: 'Cancel',
  reset: 'Reset draft',
  askReset: 'Ask to reset',
  youAskedReset: 'You asked to reset the draft. It resets when the other side asks too.',
  // The champion grid.
  champions: 'Champions',
  search: 'Search champions',
  classFilter: 'Class',
  allClasses: 'All classes',
  noMatch: 'No champion matches.',
  championsLoading: 'Loading champions',
  banned: (champion: string) => `${champion}, banned`,
  picked: (champion: string) => `${champion}, picked`,
  unavailable: (champion: string) => `${champion}, picked earlier in the series`,
  suggestedBy: (champion: string, names: string) => `${champion}, suggested by ${names}`,
  lock: (champion: string) => `Lock ${champion}`,
  lockNothing: 'Choose a champion',
  fearlessUnavailable: (count: number) =>
    `${count} ${count === 1 ? 'champion was' : 'champions were'} picked earlier in this series.`,
  // The stream overlay.
  overlay: 'Stream overlay',
  overlayTitle: (title: string) => `Draft: ${title}`,
  overlayUnavailable: 'This draft cannot be shown.',
} as const;
