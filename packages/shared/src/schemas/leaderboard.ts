import { z } from 'zod';
import { REGIONS } from '../constants.js';
import { roleSchema } from './scrim.js';
import { rolePreferenceSchema } from './user.js';
import { socialUserSchema } from './social.js';

/*
 * The leaderboard: GET /api/leaderboard?region&season&cursor → { rows, nextCursor, me }. Public: a
 * visitor reads it too (`me` is then null). Rows are the players rated in the season, best first.
 */

export const LEADERBOARD_PAGE_SIZE = 50;

/** An empty parameter (a select left on "All") is the same as none. */
const absentWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

export const leaderboardQuerySchema = z.object({
  /** All regions when absent. */
  region: z.preprocess(
    absentWhenEmpty,
    z.enum(REGIONS, { error: `Region must be one of ${REGIONS.join(', ')}` }).optional(),
  ),
  /** A season's id; the current season when absent (an unknown one is a 404). */
  season: z.preprocess(
    absentWhenEmpty,
    z.coerce
      .number({ error: 'Season must be a season id' })
      .int('Season must be a season id')
      .min(1, 'Season must be a season id')
      .max(2_147_483_647, 'Season must be a season id')
      .optional(),
  ),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>;

export const leaderboardRowSchema = z.object({
  /** Position on this board (season and region): ties are ordered by user id, so no two rows share a rank. */
  rank: z.number().int(),
  player: socialUserSchema,
  /** The Riot account is linked through Riot Sign On. */
  verified: z.boolean(),
  /** The display rating (0–3000). */
  rating: z.number().int(),
  /** Rated games this season. */
  games: z.number().int(),
  /** Rated games won, in whole percent. */
  winRate: z.number().int(),
  /** The role played most in the season's rated games, else the player's primary role setting. */
  mainRole: rolePreferenceSchema,
  /** Fewer rated games than the provisional threshold: listed, marked. */
  provisional: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardResponseSchema = z.object({
  rows: z.array(leaderboardRowSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** The signed-in viewer's own row on this board, with their rank; null for a visitor or an unrated viewer. */
  me: leaderboardRowSchema.nullable(),
  /**
   * The season's ratings are being recalculated (an earlier result changed and the later ones are being
   * replayed): the board may still move; the page says so.
   */
  recalculating: z.boolean(),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

/** GET /api/users/:id/roles?season= : the season's id, the current one when absent. */
export const roleStatsQuerySchema = leaderboardQuerySchema.pick({ season: true });
export type RoleStatsQuery = z.input<typeof roleStatsQuerySchema>;

/** A player's rated games per role in a season (the profile's role distribution): every role, in role order. */
export const roleStatsSchema = z.object({
  roles: z.array(z.object({ role: roleSchema, games: z.number().int(), wins: z.number().int() })),
});
export type RoleStats = z.infer<typeof roleStatsSchema>;

/*
 * The teams' leaderboard: GET /api/leaderboard/teams?region&season&cursor → { rows, nextCursor }. Public, as the
 * players' board is. Rows are the teams that played a rated series game in the season, best rating first.
 */

/** A team on the teams' board. */
export const leaderboardTeamSchema = z.object({
  _id: z.string(),
  name: z.string(),
  tag: z.string(),
  logoUrl: z.string().nullable(),
  region: z.enum(REGIONS),
});

export const teamLeaderboardRowSchema = z.object({
  /** Position on this board (season and region): ties are ordered by team id, so no two rows share a rank. */
  rank: z.number().int(),
  team: leaderboardTeamSchema,
  /** The team's display rating (0–3000, the players' scale). */
  rating: z.number().int(),
  /** Rated series games this season, won and lost. */
  games: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  /** Fewer rated games than the provisional threshold (the players' one): listed, marked. */
  provisional: z.boolean(),
});
export type TeamLeaderboardRow = z.infer<typeof teamLeaderboardRowSchema>;

export const teamLeaderboardResponseSchema = z.object({
  rows: z.array(teamLeaderboardRowSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TeamLeaderboardResponse = z.infer<typeof teamLeaderboardResponseSchema>;
