/** Texts of match stats from Riot (issue 18): the admins' attach, the scrim page's scoreboard and the profile's history. */
export const MATCH_MESSAGES = {
  // POST /api/admin/scrims/:id/attach-match
  matchIdInvalid: 'Enter a Riot match id like NA1_4812345678',
  matchWrongRegion: (region: string) => `This match id is not from ${region}, the scrim's region`,
  matchNotFound: 'Riot has no match with this id',
  tooFewPlayers: (found: number) =>
    `Only ${found} of the scrim's 10 players are in this match: at least 8 must be to attach it`,
  alreadyAttached: 'This match is already attached to another scrim',
  scrimHasMatch: 'This scrim already has its match',
  notPlayed: 'Only a scrim with both teams full and its start passed can get a match',
  riotNotConfigured: 'Riot API key not configured: matches cannot be fetched',
  riotRateLimited: 'Riot is limiting requests: try again in a minute',
  riotRefused: 'Riot refused the request: check the API key',
  riotUnavailable: 'Riot did not answer: try again in a few minutes',
  matchMalformed: "Riot's answer for this match could not be read",
  matchAttached: 'Match attached',
  // The scrim page
  scoreboardTitle: 'Scoreboard',
  statsComeWithCodes: 'Match stats come with Riot tournament codes.',
  statsPending: 'Fetching the match from Riot…',
  statsUnavailable: 'Stats unavailable for this game',
  mvp: 'MVP',
  stranger: 'Not on Scrim Gym',
  // Profiles
  historyTitle: 'Match history',
  championPoolTitle: 'Champion pool',
  rolesTitle: 'Per role',
  trendTitle: 'Trend',
  noMatches: 'No games with Riot stats yet.',
} as const;
