/** Business constants of spec section 9, shared by the server, the web app and the tests. */

export { REGIONS, SPEC_REGIONS, type Region } from './regions.js';

export const RANK_DIVISIONS = [
  'Unranked',
  'Iron',
  'Bronze',
  'Silver',
  'Gold',
  'Platinum',
  'Emerald',
  'Diamond',
  'Master',
  'Grandmaster',
  'Challenger',
] as const;
export type RankDivision = (typeof RANK_DIVISIONS)[number];

/** Divisions that carry a number 4..1 ('Gold 2'); the others stand alone ('Master'). */
export const NUMBERED_DIVISIONS: readonly RankDivision[] = [
  'Iron',
  'Bronze',
  'Silver',
  'Gold',
  'Platinum',
  'Emerald',
  'Diamond',
];
export const RANK_NUMBERS = [4, 3, 2, 1] as const;
export type RankNumber = (typeof RANK_NUMBERS)[number];
export const DEFAULT_RANK_NUMBER: RankNumber = 4;

export const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;
export type Role = (typeof ROLES)[number];

/** A player's preferred roles (Settings, sign-up, a balanced scrim's sign-up): a role, or Fill (any). */
export const ROLE_PREFERENCES = [...ROLES, 'Fill'] as const;
export type RolePreference = (typeof ROLE_PREFERENCES)[number];

/** How a scrim is filled: players take slots (the original app), or sign up and get balanced teams. */
export const SCRIM_MODES = ['slots', 'balanced'] as const;
export type ScrimMode = (typeof SCRIM_MODES)[number];

/** A reported result: waiting for the other team, confirmed (ratings move), or disputed (an admin decides). */
export const RESULT_STATUSES = ['pending', 'confirmed', 'disputed'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];
/**
 * Whether Riot's copy of a tournament code's allowed players matches the scrim's seated roster: 'current', an update
 * waiting for its job ('pending'), retried after a Riot failure ('retrying'), or refused for good ('failed').
 */
export const CODE_PARTICIPANTS_STATES = ['current', 'pending', 'retrying', 'failed'] as const;
export type CodeParticipantsState = (typeof CODE_PARTICIPANTS_STATES)[number];
/**
 * Who recorded the result: a report (the lobby captain's or the community host's, which the other team confirms
 * or disputes), an admin, or Riot (tournament callback or polling).
 */
export const RESULT_SOURCES = ['captain', 'admin', 'riot'] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];

/**
 * An admin's answer to a disputed result: keep the reported winner, give Blue or Red the win, or no result.
 * Stored as decided: 'blue' or 'red' only when it overturns the report (naming the reported winner keeps it).
 */
export const DISPUTE_OUTCOMES = ['keep', 'blue', 'red', 'none'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
/** How long the other team has to confirm or dispute a captain's report before it confirms itself. */
export const RESULT_CONFIRM_WINDOW_MINUTES = 30;
/**
 * Why a confirmed result moves no rating: a private scrim (its host chose the players), or, when Riot Sign On is
 * configured, fewer than VERIFIED_PLAYERS_TO_RATE of the ten players have a verified Riot account.
 */
export const UNRATED_REASONS = ['private', 'unverified'] as const;
export type UnratedReason = (typeof UNRATED_REASONS)[number];
export const VERIFIED_PLAYERS_TO_RATE = 8;
/** A balanced scrim's sign-ups lock this long before its start: the teams are final then. */
export const BALANCED_SIGNUP_LOCK_MINUTES = 15;

/** A waitlist entry wants one role, or any free slot ('any'). */
export const WAITLIST_ROLES = [...ROLES, 'any'] as const;
export type WaitlistRole = (typeof WAITLIST_ROLES)[number];

/**
 * Where a scrim stands, derived from its columns and the clock: cancelled by its host, abandoned (not full 30
 * minutes after the start), finished (a winner), live (started), else scheduled.
 */
export const SCRIM_STATUSES = ['scheduled', 'live', 'finished', 'abandoned', 'cancelled'] as const;
export type ScrimStatus = (typeof SCRIM_STATUSES)[number];

/** Check-in: players confirm between 30 and 5 minutes before the start; a reminder 10 minutes before it closes. */
export const CHECK_IN_OPENS_MINUTES = 30;
export const CHECK_IN_CLOSES_MINUTES = 5;
export const CHECK_IN_REMINDER_MINUTES = 10;

/**
 * Reliability: the share of a player's last 20 commitments that they kept. Leaving less than 2 hours before the
 * start counts as a late leave; earlier, with a reason, it costs nothing.
 */
export const COMMITMENT_OUTCOMES = ['played', 'checked_in', 'no_show', 'late_leave'] as const;
export type CommitmentOutcome = (typeof COMMITMENT_OUTCOMES)[number];
export const RELIABILITY_WINDOW = 20;
export const LATE_LEAVE_HOURS = 2;
/** A player with fewer commitments than this is shown as new, not with a share: one early slip is not a record. */
export const RELIABILITY_MIN_COMMITMENTS = 5;
/** No-show penalties, escalating: the first is a warning, then 24 hours, then 7 days without joining. */
export const NO_SHOW_COOLDOWNS_HOURS = [0, 24, 7 * 24] as const;
export const CANCEL_REASON_MAX = 500;
/** A community host schedules (creates, or moves the start of) a scrim at least this far ahead; admins at any time. */
export const HOST_MIN_LEAD_MINUTES = 15;

export const TEAMS = ['teamOne', 'teamTwo'] as const;
export type TeamName = (typeof TEAMS)[number];
export const TEAM_LABELS: Record<TeamName, string> = {
  teamOne: 'Team One (Blue Side)',
  teamTwo: 'Team Two (Red Side)',
};

export const TEAM_SIZE = 5;
export const MAX_CASTERS_DEFAULT = 2;
export const MAX_CASTERS_CHOICES = [1, 2] as const;

/** A scrim counts as current from its start until this many milliseconds later. */
export const CURRENT_SCRIM_WINDOW_MS = 3 * 60 * 60 * 1000;
/** A scrim still not full this long after its start closes on its own as abandoned. */
export const SCRIM_ABANDON_AFTER_MS = 30 * 60 * 1000;
export const DEFAULT_SCRIM_START_OFFSET_MS = 30 * 60 * 1000;

export const SUMMONER_NAME_MAX = 16;
/** After an unlink, a verified Riot ID's name stays its Riot account's for this long (nobody else may take it). */
export const RIOT_NAME_RESERVATION_MS = 30 * 24 * 60 * 60 * 1000;
export const TAGLINE_MAX = 5;
export const DISCORD_MAX = 37;
export const MIN_AGE = 13;

export const BACKGROUND_IMAGES = [
  'Summoners Rift',
  'Anniversary',
  'Teemo Sunset',
  'Bootcamp Dragon',
  'Cat',
  'Thresh',
] as const;
export type BackgroundImage = (typeof BACKGROUND_IMAGES)[number];
export const DEFAULT_BACKGROUND_IMAGE: BackgroundImage = 'Summoners Rift';

export const BACKGROUND_BLURS = [
  { value: '4', label: 'Min' },
  { value: '6', label: 'Low' },
  { value: '10', label: 'Medium' },
  { value: '14', label: 'Ultra' },
  { value: '20', label: 'Max' },
] as const;
export type BackgroundBlur = (typeof BACKGROUND_BLURS)[number]['value'];
export const DEFAULT_BACKGROUND_BLUR: BackgroundBlur = '20';

export const ALERT_HIDE_MS = 6000;
export const WAKING_UP_AFTER_MS = 6000;
export const LOOKUP_CACHE_MS = 30 * 60 * 1000;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 900;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const HEADER_SEARCH_LIMIT = 8;
export const ADMIN_SEARCH_LIMIT = 10;
export const ADMIN_SEARCH_MIN_CHARS = 2;

/** Breakpoints of the theme. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } as const;

export const SESSION_COOKIE = 'sg_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Social limits. The database checks the message length too. */
export const MESSAGE_MAX_LENGTH = 2000;
export const NOTIFICATION_MESSAGE_MAX = 200;
/** Notifications listed at most (newest first). */
export const NOTIFICATIONS_LIST_LIMIT = 100;
/** User ids one socket may watch the presence of at once (a scrim page shows 10 players and 2 casters). */
export const PRESENCE_WATCH_MAX = 200;
/** Messenger volume 0-100, default 25, kept in browser storage under this key. */
export const MESSENGER_VOLUME_DEFAULT = 25;
export const MESSENGER_VOLUME_STORAGE_KEY = 'scrimgym:messenger-volume';
/** Chat box: at most 4 rows; message list 300 px; notifications list 400 px; friends list 300 px. */
export const CHAT_INPUT_MAX_ROWS = 4;
export const CHAT_LIST_HEIGHT_PX = 300;
export const NOTIFICATIONS_LIST_HEIGHT_PX = 400;
export const FRIENDS_LIST_MAX_HEIGHT_PX = 300;

/**
 * Calendars: a scrim's event lasts CALENDAR_EVENT_MINUTES (lobby set-up and one game); the feed lists
 * the scrims from CALENDAR_FEED_PAST_DAYS ago on, at most CALENDAR_FEED_MAX_EVENTS; each event reminds at check-in
 * opening and at the check-in reminder.
 */
export const CALENDAR_EVENT_MINUTES = 60;
export const CALENDAR_FEED_PAST_DAYS = 30;
export const CALENDAR_FEED_MAX_EVENTS = 500;
export const CALENDAR_ALARM_MINUTES = [CHECK_IN_OPENS_MINUTES, CHECK_IN_REMINDER_MINUTES] as const;
