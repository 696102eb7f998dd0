/**
 * The scrim page's lobby column is a CSS size container of this name: beside the docked scrim chat it is
 * narrower than the window, so the card lays its teams out by the column's width, not the window's.
 */
export const SCRIM_LOBBY_CONTAINER = 'scrim-lobby';

/** Narrower than this, the lobby column stacks the two teams and the centre box instead of three columns. */
export const LOBBY_THREE_COLUMNS_MIN_PX = 1000;
