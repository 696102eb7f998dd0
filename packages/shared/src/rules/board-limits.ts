/*
 * The scrim board's formats and limits. The board's schemas enforce them and its texts quote them
 * (texts/en/board.ts), so they sit below both.
 */

/** How long ahead a scrim post may start: at least this many minutes, so the other team has time to answer. */
export const SCRIM_POST_MIN_LEAD_MINUTES = 30;
/** …and at most this many days, so the board holds plans, not wishes. */
export const SCRIM_POST_MAX_LEAD_DAYS = 30;
/**
 * Posts announced on the region's Discord channel: a team has one announced post open at a time, and a team or a
 * captain at most this many announced posts in ANNOUNCED_POSTS_WINDOW_HOURS (taken down ones count), so that a
 * channel shared by a whole region never becomes one team's billboard.
 */
export const ANNOUNCED_POSTS_PER_WINDOW = 3;
export const ANNOUNCED_POSTS_WINDOW_HOURS = 24;
/** A post's and a request's note, in characters. */
export const SCRIM_NOTE_MAX = 300;

/** Series formats: best of 1, 2, 3 or 5 games, or N games played out whatever the score. */
export const SERIES_FORMATS = ['bo1', 'bo2', 'bo3', 'bo5', 'games3', 'games4', 'games5'] as const;
export type SeriesFormat = (typeof SERIES_FORMATS)[number];

/** The most series each list of a team's page (upcoming, recent) holds. */
export const TEAM_SERIES_LIST_MAX = 10;

/** A lineup locks this many minutes before the series starts: the lobby is made with the players it names. */
export const SERIES_LINEUP_LOCK_MINUTES = 15;
/**
 * The captains of a team without a lineup are reminded this many minutes before the start (at once when the series
 * is booked later than that, while lineups are still open).
 */
export const SERIES_LINEUP_REMINDER_MINUTES = 60;
/** A lineup's substitutes, beside its five starters. */
export const SERIES_LINEUP_MAX_SUBS = 3;
/** A game after the first starts this many minutes after the previous game's result is confirmed. */
export const SERIES_NEXT_GAME_DELAY_MINUTES = 10;
/** The loser of a game picks the side of the next within this many minutes; else the sides alternate. */
export const SERIES_SIDE_CHOICE_MINUTES = 5;
/** A series cancelled less than this many hours before its start counts against the cancelling team. */
export const SERIES_LATE_CANCEL_HOURS = 6;
/** A game that has not started (no code, no result) this many minutes after its start is a no-show. */
export const SERIES_NO_SHOW_MINUTES = 30;
/** A team's reliability counts its last this many series that were played or that it failed. */
export const TEAM_RELIABILITY_WINDOW = 20;
/** A series cancel's reason, in characters. */
export const SERIES_CANCEL_REASON_MAX = 300;
