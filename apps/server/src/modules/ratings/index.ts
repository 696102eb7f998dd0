/**
 * Ratings: the skill rating of each player (OpenSkill, seeded from the Solo/Duo rank, replayed from the stored
 * results) and balanced teams for a lobby of ten. Pure functions, no database: the modules that store results
 * and scrims call them.
 */
export {
  DEFAULT_MU,
  DEFAULT_SIGMA,
  displayRating,
  isProvisional,
  PROVISIONAL_GAMES,
  rateGame,
  rankStep,
  replayRatings,
  seedRating,
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
