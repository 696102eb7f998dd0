import { DRAFT_TIMER_MAX_SECONDS, DRAFT_TIMER_MIN_SECONDS, type DraftSide } from '../../rules/draft.js';

/** The draft room's answers (the API's error texts). The web's words are in draft-screens.ts. */
export const DRAFT_MESSAGES = {
  off: 'This scrim has no draft.',
  notRunning: 'The draft has not started.',
  started: 'The draft has started: drafters can no longer change.',
  over: 'The draft is over.',
  notYourTurn: "It is not your side's turn.",
  notDrafter: "Only your side's drafter can do this.",
  notOnSide: 'That player is not on this side.',
  notYourSide: 'You are not on this side.',
  turnPassed: "The turn's time is up.",
  championTaken: 'That champion has been picked already.',
  championBanned: 'That champion is banned.',
  championUnavailable: 'That champion was picked earlier in this fearless series.',
  unknownChampion: 'Unknown champion.',
  championsUnreadable: 'The champion list cannot be read right now, so the draft cannot start. Try again in a minute.',
  timerOutOfRange: `A turn lasts ${DRAFT_TIMER_MIN_SECONDS} to ${DRAFT_TIMER_MAX_SECONDS} seconds`,
  fearlessSeriesOnly: 'Fearless draft is only for team series.',
  /** A series game's draft is its series' (set on the post). */
  seriesDecides: "A team series' game drafts as its series does: its draft cannot be changed on its own.",
  /** The draft's mode and clock cannot change once it started or ended. */
  settingsLocked: 'The draft has started: its mode and turn time can no longer change.',
  fearlessDraftMismatch: 'A fearless series drafts fearless, and a fearless draft needs a fearless series.',
  cannotReset: 'Only both captains together, a host or an admin can reset the draft.',
  cannotChooseDrafter: "Only the lobby captain, the side's team captain, a host or an admin can choose a drafter.",
  resetAsked: (side: string) => `${side} asked to reset the draft.`,
  /** The scoreboard's flag when the game did not follow its draft. */
  playedNotDrafted: (side: string, played: string, drafted: string) =>
    `${side} played ${played}; the draft had ${drafted}`,
  bannedNotDrafted: (side: string, banned: string, drafted: string) =>
    `${side} banned ${banned}; the draft had ${drafted}`,
  notBannedDrafted: (side: string, drafted: string) => `${side} made no ban; the draft had ${drafted}`,
  /** A ban the draft skipped (its clock ran out). */
  noBan: 'no ban',
  draftCheckTitle: 'Not as drafted',
} as const;

/** The draft's sides as a person reads them: blue is the scrim's teamOne, red its teamTwo. */
export const DRAFT_SIDE_LABELS = { blue: 'Blue', red: 'Red' } as const satisfies Record<DraftSide, string>;
