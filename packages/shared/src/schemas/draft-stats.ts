import { z } from 'zod';

const gamesAndWins = { games: z.number().int(), wins: z.number().int() };

/**
 * GET /api/users/:id/draft-stats and GET /api/teams/:id/draft-stats: over drafted games (a finished draft and a
 * confirmed winner), the games played from each side of the draft (blue has the first pick in the tournament
 * draft) and the champions picked, from the pick order stored. A player's champion is their side's pick with
 * their role (or, for a pick without one, the one they played in Riot's match); a team's are all its side's picks.
 * `games` 0: nobody has drafted with them yet.
 */
export const draftStatsSchema = z.object({
  games: z.number().int(),
  /** Games on blue, the side with the first pick. */
  firstPick: z.object(gamesAndWins),
  /** Games on red. */
  secondPick: z.object(gamesAndWins),
  /** Most picked first, then by key. */
  champions: z.array(z.object({ champion: z.string(), ...gamesAndWins })),
});
export type DraftStats = z.infer<typeof draftStatsSchema>;
