/**
 * The skill rating: a Weng-Lin (OpenSkill) Bayesian rating `{ mu, sigma }` per player, with the package's default
 * model (Plackett-Luce) and constants (mu 25, sigma 25/3, beta 25/6). Pure functions: no database, no clock, so a
 * rating is always the seed replayed through the stored results in order.
 */
import { predictWin, rate } from 'openskill';
import { formatRank, parseRank, RANK_LADDER } from '@scrim-gym/shared';

export interface Rating {
  mu: number;
  sigma: number;
}

export interface PlayerRating {
  userId: string;
  rating: Rating;
}

export type Side = 'blue' | 'red';

/** OpenSkill's defaults: the mean of an unknown player and the uncertainty of a new one. */
export const DEFAULT_MU = 25;
export const DEFAULT_SIGMA = 25 / 3;

/** The first games of a player are marked provisional: the rating still moves a lot. */
export const PROVISIONAL_GAMES = 10;

export function isProvisional(gamesRated: number): boolean {
  return gamesRated < PROVISIONAL_GAMES;
}

/*
 * Seeding from the Solo/Duo rank. The ranked ladder is read as 31 steps, lowest first: Iron 4, Iron 3, Iron 2,
 * Iron 1, Bronze 4 … Diamond 1 (7 tiers × 4 divisions = 28 steps), then Master, Grandmaster, Challenger. The seed
 * mean rises linearly from SEED_MU_LOWEST (Iron 4, step 0) to SEED_MU_HIGHEST (Challenger, step 30): 4/3 of a mu
 * per step, so a tier (4 steps) is 5.33 mu, about 1.3 beta (the performance noise of one game). Unranked, or a
 * rank text the product cannot produce, starts at the default mean 25, which falls between Silver 1 (24.67) and
 * Gold 4 (26), where the middle of the ladder is. Every seed keeps the default sigma: a rank, often typed by hand,
 * says where to start, not how sure we are; the first games move the rating quickly either way.
 */
export const SEED_MU_LOWEST = 10;
export const SEED_MU_HIGHEST = 50;

const LADDER_STEPS = RANK_LADDER.length;

/** The step of a rank text on the ladder (0 = Iron 4 … 30 = Challenger); null for Unranked or unknown texts. */
export function rankStep(rank: string | null | undefined): number | null {
  const parts = rank ? parseRank(rank) : null;
  if (!parts || parts.division === 'Unranked') return null;
  return RANK_LADDER.indexOf(formatRank(parts));
}

/** A new player's rating from their Solo/Duo rank text ('Gold 2', 'Master', 'Unranked', or null). */
export function seedRating(rank: string | null | undefined): Rating {
  const step = rankStep(rank);
  if (step === null) return { mu: DEFAULT_MU, sigma: DEFAULT_SIGMA };
  const mu = SEED_MU_LOWEST + ((SEED_MU_HIGHEST - SEED_MU_LOWEST) * step) / (LADDER_STEPS - 1);
  return { mu, sigma: DEFAULT_SIGMA };
}

/**
 * The rank a rating stands for: the ladder's step whose seed mean is nearest to `mu` (seedRating's inverse), so a
 * team seeded from five Gold 2 players reads 'Gold 2'. Below Iron 4 it is Iron 4, above Challenger Challenger.
 */
export function rankOfRating({ mu }: Rating): string {
  const step = Math.round(((mu - SEED_MU_LOWEST) * (LADDER_STEPS - 1)) / (SEED_MU_HIGHEST - SEED_MU_LOWEST));
  return RANK_LADDER[Math.min(LADDER_STEPS - 1, Math.max(0, step))]!;
}

/**
 * A team's seed from its players' ratings: one OpenSkill rating on the players' scale. OpenSkill sees a team as
 * the sum of its players' means and variances; divided by the roster's size that is the mean of the means and
 * the root of the mean variance, so a team of five Gold players starts where a Gold player does, whatever the
 * roster's size. No players: a new unranked player's rating.
 */
export function seedTeamRating(players: readonly Rating[]): Rating {
  if (players.length === 0) return { mu: DEFAULT_MU, sigma: DEFAULT_SIGMA };
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    mu: mean(players.map((p) => p.mu)),
    sigma: Math.sqrt(mean(players.map((p) => p.sigma ** 2))),
  };
}

/*
 * The display rating: the conservative estimate mu − 3σ (the skill we are 99.7 % sure the player has at least),
 * mapped linearly so that −25 → 0 and 75 → 3000 (30 points per mu), rounded and clamped to 0..3000. A new
 * unranked player shows 750, a new Iron 4 300, a new Challenger 1500; an established Challenger (mu 55, σ 2) 2220.
 */
export const DISPLAY_MAX = 3000;
const DISPLAY_POINTS_PER_MU = 30;
const DISPLAY_ZERO_AT = -25;

export function displayRating({ mu, sigma }: Rating): number {
  const points = Math.round((mu - 3 * sigma - DISPLAY_ZERO_AT) * DISPLAY_POINTS_PER_MU);
  return Math.min(DISPLAY_MAX, Math.max(0, points));
}

export interface RatedGame {
  blue: readonly PlayerRating[];
  red: readonly PlayerRating[];
  winner: Side;
}

/** The ratings after one game, per userId (OpenSkill `rate`: the same inputs always give the same outputs). */
export function rateGame({ blue, red, winner }: RatedGame): Map<string, Rating> {
  const ranks = winner === 'blue' ? [1, 2] : [2, 1];
  const [newBlue, newRed] = rate([blue.map((p) => ({ ...p.rating })), red.map((p) => ({ ...p.rating }))], {
    rank: ranks,
  });
  const result = new Map<string, Rating>();
  const keep = (team: readonly PlayerRating[], rated: Rating[] | undefined) =>
    team.forEach((p, i) => {
      const { mu, sigma } = rated![i]!;
      result.set(p.userId, { mu, sigma });
    });
  keep(blue, newBlue);
  keep(red, newRed);
  return result;
}

/** The chance that blue wins (OpenSkill `predictWin`); red's chance is 1 minus it. */
export function winProbability(blue: readonly Rating[], red: readonly Rating[]): number {
  return predictWin([blue.map((r) => ({ ...r })), red.map((r) => ({ ...r }))])[0]!;
}

/** One stored result: who played on which side (userIds) and who won. */
export interface GameResult {
  blue: readonly string[];
  red: readonly string[];
  winner: Side;
}

/** The side a scrim's team plays on: team one is blue. */
export const winnerSide = (team: 'teamOne' | 'teamTwo'): GameResult['winner'] => (team === 'teamOne' ? 'blue' : 'red');

export interface RatingChange {
  userId: string;
  before: Rating;
  after: Rating;
}

export interface Replay {
  /** Every player's rating after the last game (seeded players who never played keep their seed). */
  ratings: Map<string, Rating>;
  /** How many games each player has been rated in (for the provisional mark). */
  gamesRated: Map<string, number>;
  /** Per game, in order: each player's rating before and after it (blue players first, then red). */
  changes: RatingChange[][];
}

/**
 * Applies the results in order from the seeds. When an admin changes or clears a result, the caller replays the
 * stored history without it (or with the new winner): every rating comes out exactly as if the result had never
 * been (or had always been) that, since nothing but the seeds and the games goes in. A player missing from
 * `seeds` starts at the default rating.
 */
export function replayRatings(seeds: ReadonlyMap<string, Rating>, games: readonly GameResult[]): Replay {
  const ratings = new Map<string, Rating>();
  for (const [userId, rating] of seeds) ratings.set(userId, { mu: rating.mu, sigma: rating.sigma });
  const gamesRated = new Map<string, number>();
  const current = (userId: string): PlayerRating => ({
    userId,
    rating: ratings.get(userId) ?? { mu: DEFAULT_MU, sigma: DEFAULT_SIGMA },
  });
  const changes = games.map((game) => {
    const blue = game.blue.map(current);
    const red = game.red.map(current);
    const after = rateGame({ blue, red, winner: game.winner });
    return [...blue, ...red].map(({ userId, rating: before }) => {
      const next = after.get(userId)!;
      ratings.set(userId, next);
      gamesRated.set(userId, (gamesRated.get(userId) ?? 0) + 1);
      return { userId, before, after: next };
    });
  });
  return { ratings, gamesRated, changes };
}
