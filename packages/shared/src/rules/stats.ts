/** EXP a player earns per finished game, and a caster per finished cast. */
export const EXP_PER_WIN = 3;
export const EXP_PER_LOSS = 0.5;
export const EXP_PER_CAST = 1;
/** Every level needs 10 EXP. */
export const EXP_NEEDED = 10;

/** What the stats are made of: counted over the scrims with a winner only. */
export interface StatsCounts {
  wins: number;
  losses: number;
  casts: number;
}

/** Spec 3, Stats, plus the win and loss counts the charts draw. */
export interface UserStats {
  userExp: number;
  userLevel: number;
  userWinrate: number;
  userGamesPlayedCount: number;
  userGamesCastedCount: number;
  userWins: number;
  userLosses: number;
  expProgress: number;
  expNeeded: number;
  expProgressPercent: number;
}

/**
 * The profile's stats: 3 EXP a win, 0.5 a loss, 1 a cast; level = 1 + floor((ceil(exp) − 1) / 10)
 * for exp > 0, else 1, so exactly 10 EXP is still level 1 at 100 %. The percentages are the same formulas in
 * integer arithmetic (floor(w × 100 / g) for floor(w / g × 100), floor(p × 10) for floor(p / 10 × 100)), so
 * binary floating point cannot turn 29 % into 28 %.
 */
export function computeStats({ wins, losses, casts }: StatsCounts): UserStats {
  const games = wins + losses;
  const userExp = wins * EXP_PER_WIN + losses * EXP_PER_LOSS + casts * EXP_PER_CAST;
  const userLevel = userExp > 0 ? 1 + Math.floor((Math.ceil(userExp) - 1) / EXP_NEEDED) : 1;
  const expProgress = userExp - (userLevel - 1) * EXP_NEEDED;
  return {
    userExp,
    userLevel,
    userWinrate: games === 0 ? 0 : Math.floor((wins * 100) / games),
    userGamesPlayedCount: games,
    userGamesCastedCount: casts,
    userWins: wins,
    userLosses: losses,
    expProgress,
    expNeeded: EXP_NEEDED,
    expProgressPercent: userExp === 0 ? 0 : Math.floor((expProgress * 100) / EXP_NEEDED),
  };
}

/** What a user was in one finished game, for its EXP: a player of the winning or losing team, or a caster. */
export type GamePart = 'win' | 'loss' | 'cast';

export const EXP_OF_PART: Record<GamePart, number> = { win: EXP_PER_WIN, loss: EXP_PER_LOSS, cast: EXP_PER_CAST };

/**
 * A game's change to a user's stats: `after` is the profile's stats with the game counted (`counts` as the
 * server gives them), `before` the same without it, so the change shown is the one the profile shows.
 */
export function gameStatsChange(counts: StatsCounts, part: GamePart) {
  const without: StatsCounts = {
    wins: Math.max(0, counts.wins - (part === 'win' ? 1 : 0)),
    losses: Math.max(0, counts.losses - (part === 'loss' ? 1 : 0)),
    casts: Math.max(0, counts.casts - (part === 'cast' ? 1 : 0)),
  };
  const before = computeStats(without);
  const after = computeStats(counts);
  return { exp: after.userExp - before.userExp, before, after, levelUp: after.userLevel > before.userLevel };
}
