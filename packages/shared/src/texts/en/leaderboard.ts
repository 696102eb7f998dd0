/** Texts of the leaderboard's refusals, and its note while ratings are recalculated. */
export const LEADERBOARD_MESSAGES = {
  seasonNotFound: (season: number) => `Season ${season} was not found`,
  noCurrentSeason: 'No season is running',
  badCursor: 'This page of the leaderboard no longer matches its filters: reload the leaderboard',
  /** The note of the leaderboard and the profile's rating card while `recalculating`. */
  recalculating: 'Ratings are being recalculated',
} as const;
