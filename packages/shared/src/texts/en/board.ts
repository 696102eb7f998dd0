import { REGIONS } from '../../regions.js';
import {
  SCRIM_NOTE_MAX,
  SCRIM_POST_MAX_LEAD_DAYS,
  SCRIM_POST_MIN_LEAD_MINUTES,
  SERIES_FORMATS,
} from '../../rules/board-limits.js';

/** Every text of the scrim board and of series a user reads: refusals, validation and notifications. */
export const BOARD_MESSAGES = {
  postNotFound: 'Scrim post not found',
  postClosed: 'This post is no longer open: its team has found an opponent or taken it down',
  postStarted: 'This scrim has already started: pick a later post',
  requestNotFound: 'Scrim request not found',
  requestClosed: 'This request has already been answered or withdrawn',
  requestExists: 'Your team has already asked for this scrim: wait for an answer or withdraw it first',
  ownPost: 'This is your own team’s post: ask another team’s post instead',
  teamWrongRegion: (region: string) => `Your team plays in another region: this post is for ${region}`,
  postRegionMismatch: 'A team posts only in its own region',
  startTooSoon: `A scrim post starts at least ${SCRIM_POST_MIN_LEAD_MINUTES} minutes from now`,
  startTooFar: `A scrim post starts at most ${SCRIM_POST_MAX_LEAD_DAYS} days from now`,
  seriesNotFound: 'Series not found',
  badCursor: 'This page of the board no longer matches its filters: load the board again',
  formatInvalid: `Format must be one of ${SERIES_FORMATS.join(', ')}`,
  regionInvalid: `Region must be one of ${REGIONS.join(', ')}`,
  rankInvalid: 'Rank must be one from Iron 4 to Challenger, e.g. Gold 2 or Master',
  rankRangeInvalid: 'The lowest rank must not be above the highest',
  dateRangeInvalid: 'The start of the range must not be after its end',
  noteTooLong: `A note is at most ${SCRIM_NOTE_MAX} characters`,
  fearlessInvalid: 'fearless must be true or false',
  startsAtInvalid: 'startsAt must be a date and time with a time zone, e.g. 2030-05-01T18:00:00Z',

  // Notifications to the captains involved.
  requestReceived: (team: string) => `${team} asked to scrim your team: accept or decline it on the Scrim Board`,
  requestAccepted: (team: string) => `${team} accepted your scrim request: your series is booked`,
  seriesBooked: (team: string) => `Your series against ${team} is booked: set your lineup before the start`,
  requestDeclined: (team: string) => `${team} declined your scrim request`,
  postTaken: (team: string) => `${team} found another opponent: your scrim request was declined`,
  postWithdrawn: (team: string) => `${team} took its scrim post down: your request was declined`,
  requestWithdrawn: (team: string) => `${team} withdrew its scrim request`,
} as const;
