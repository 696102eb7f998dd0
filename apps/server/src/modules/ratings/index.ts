/**
 * Ratings: the skill rating of each player (OpenSkill, seeded from the Solo/Duo rank, replayed from the stored
 * results) and balanced teams for a lobby of ten (pure functions), and their storage: seasons, each player's
 * rating per season, the rated results and the rating history; and each team's rating per season, moved by its
 * confirmed series games (team-ratings/). The scrims module calls syncScrimRatings (with
 * the server's rules, ratingRulesFor) after every change of a result or of the scrim's privacy; this module reads the scrims' tables itself and never imports the scrims module.
 */
export {
  DEFAULT_MU,
  DEFAULT_SIGMA,
  displayRating,
  isProvisional,
  PROVISIONAL_GAMES,
  rateGame,
  rankOfRating,
  rankStep,
  replayRatings,
  seedRating,
  seedTeamRating,
  winProbability,
  type GameResult,
  type PlayerRating,
  type RatedGame,
  type Rating,
  type RatingChange,
  type Replay,
  type Side,
} from './ratings.model.js';
export {
  balanceTeams,
  OFF_ROLE_PENALTY,
  roleFit,
  SECONDARY_ROLE_PENALTY,
  type Balance,
  type LobbyPlayer,
  type PreferredRole,
  type Seat,
} from './ratings.balance.js';
// The leaderboard: GET /leaderboard (registered in app.ts).
export { leaderboardRoutes } from './leaderboard.routes.js';
export { ratingsRoutes } from './ratings.routes.js';
// The rating-replay job (after an earlier result changed; registered in app.ts).
export { ratingsJobsPlugin } from './ratings.jobs.js';
// Which confirmed results move ratings (private scrims never; verified players when Riot Sign On is on).
export { presentUnrated, ratingRulesFor, unratedReasonOf, type RatingRules } from './ratings.rules.js';
export { currentRatingsOf, getUserRating } from './player-ratings/player-ratings.service.js';
export { replayPendingRatings, replayRatingsChunk } from './replay/replay.service.js';
export { scrimRatingChanges, syncScrimRatings, unrateScrim } from './results/results.service.js';
// Team ratings: series games move them (syncSeriesGameRating, also run by teamRatingsPlugin on every change of a
// series game's scrim); the teams module reads them (currentTeamRatingsOf).
export { currentTeamRatingsOf, syncSeriesGameRating, type TeamStanding } from './team-ratings/team-ratings.service.js';
export { teamRatingsPlugin } from './team-ratings/team-ratings.plugin.js';
export { listSeasons, SEASON_MU_KEPT, SEASON_SIGMA_ADDED, softReset, startSeason } from './seasons/seasons.service.js';
