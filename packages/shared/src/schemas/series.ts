import { z } from 'zod';
import { SERIES_CANCEL_REASON_MAX, SERIES_FORMATS, SERIES_LINEUP_MAX_SUBS } from '../rules/board-limits.js';
import { ROLES } from '../constants.js';
import { BOARD_MESSAGES } from '../texts/en/board.js';
import { REGIONS } from '../constants.js';
import { DRAFT_MODES } from '../rules/draft.js';
import { idSchema } from './common.js';
import { socialUserSchema } from './social.js';
import { teamReliabilitySchema } from './team.js';

/*
 * A series: two teams that met on the scrim board play a best-of (or N games) series; each game is a scrim.
 */

export const SERIES_STATUSES = ['scheduled', 'live', 'finished', 'cancelled'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];
/** The sides of a game: blue and red. */
export const SERIES_SIDES = ['blue', 'red'] as const;
export type SeriesSide = (typeof SERIES_SIDES)[number];

/** A team as the board and a series show it: who it is, its rating as a rank, and how reliably it shows up. */
export const teamCardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  tag: z.string(),
  logoUrl: z.string().nullable(),
  region: z.enum(REGIONS),
  /** The team's rating band, as the rank on the ladder it stands for ('Gold 2'). */
  rank: z.string(),
  reliability: teamReliabilitySchema,
});
export type TeamCard = z.infer<typeof teamCardSchema>;

/** A lineup's roles: one starter for each of the five, and substitutes. */
export const SERIES_LINEUP_ROLES = [...ROLES, 'Sub'] as const;
export type SeriesLineupRole = (typeof SERIES_LINEUP_ROLES)[number];

export const seriesLineupPlayerSchema = z.object({ user: socialUserSchema, role: z.enum(SERIES_LINEUP_ROLES) });

export const seriesTeamSchema = z.object({
  /** Null once the team has been deleted (a finished series keeps its score). */
  team: teamCardSchema.nullable(),
  /** The side of game 1, by the coin flip made when the request was accepted. */
  side: z.enum(SERIES_SIDES),
  lineup: z.array(seriesLineupPlayerSchema),
  score: z.number().int(),
});

/** A game of a series: its scrim, which team is on which side, and how it stands (from the scrim). */
export const seriesGameSchema = z.object({
  number: z.number().int(),
  scrimId: z.string(),
  blueTeamId: z.string().nullable(),
  redTeamId: z.string().nullable(),
  status: z.enum(SERIES_STATUSES),
  winnerTeamId: z.string().nullable().optional(),
  /** When the game's scrim starts. */
  startsAt: z.string(),
  /**
   * While the loser of the previous game may still pick this game's side: which team and until when. The sides
   * alternate until it picks (blueTeamId and redTeamId say how they stand now).
   */
  sideChoice: z.object({ teamId: z.string(), dueAt: z.string() }).nullable(),
  /** Only for the players of the two lineups and the two teams' captains. */
  tournamentCode: z.string().optional(),
});

/** Who cancelled a series, why, and whether it was late (under 6 hours before the start: it counts against them). */
export const seriesCancelSchema = z.object({
  byTeamId: z.string().nullable(),
  reason: z.string(),
  late: z.boolean(),
});

/**
 * What the viewer may do with a series, decided by the server's policy: the teams of the series they captain
 * (`captainOf`), whether one of those lineups may still change, whether they pick the next game's side now, and
 * whether they may cancel the series.
 */
export const seriesAbilitiesSchema = z.object({
  captainOf: z.array(z.string()),
  editLineup: z.boolean(),
  chooseSide: z.boolean(),
  cancel: z.boolean(),
});
export type SeriesAbilities = z.infer<typeof seriesAbilitiesSchema>;

export const seriesSchema = z.object({
  _id: z.string(),
  postId: z.string().nullable(),
  region: z.enum(REGIONS),
  format: z.enum(SERIES_FORMATS),
  fearless: z.boolean(),
  /** The draft room of every game of the series. */
  draft: z.enum(DRAFT_MODES),
  startsAt: z.string(),
  status: z.enum(SERIES_STATUSES),
  /** Blue side of game 1 first. */
  teams: z.array(seriesTeamSchema),
  games: z.array(seriesGameSchema),
  cancel: seriesCancelSchema.nullable(),
  can: seriesAbilitiesSchema,
  createdAt: z.string(),
});
export type Series = z.infer<typeof seriesSchema>;

export const seriesParamsSchema = z.object({ id: idSchema });
export const seriesResponseSchema = z.object({ series: seriesSchema });

/**
 * PUT /api/series/:id/lineup (a captain of `teamId`): five starters, one per role, and up to three substitutes,
 * each a member of the team once. Who is on the roster is the server's to check.
 */
export const seriesLineupBodySchema = z.object({
  teamId: idSchema,
  players: z
    .array(
      z.object({
        userId: idSchema,
        role: z.enum(SERIES_LINEUP_ROLES, { error: BOARD_MESSAGES.lineupRoleInvalid }),
      }),
    )
    .max(ROLES.length + SERIES_LINEUP_MAX_SUBS, BOARD_MESSAGES.lineupSubs)
    .superRefine((players, ctx) => {
      if (new Set(players.map((player) => player.userId)).size !== players.length)
        ctx.addIssue({ code: 'custom', message: BOARD_MESSAGES.lineupDuplicate });
      const starters = players.filter((player) => player.role !== 'Sub');
      if (starters.length !== ROLES.length || new Set(starters.map((player) => player.role)).size !== ROLES.length)
        ctx.addIssue({ code: 'custom', message: BOARD_MESSAGES.lineupStarters });
      if (players.length - starters.length > SERIES_LINEUP_MAX_SUBS)
        ctx.addIssue({ code: 'custom', message: BOARD_MESSAGES.lineupSubs });
    }),
});
export type SeriesLineupBody = z.infer<typeof seriesLineupBodySchema>;

/** POST /api/series/:id/games/:n/side: the loser of game n - 1 picks its side of game n. */
export const seriesGameParamsSchema = z.object({ id: idSchema, n: z.coerce.number().int().min(2).max(5) });
export const seriesSideBodySchema = z.object({
  side: z.enum(SERIES_SIDES, { error: BOARD_MESSAGES.sideInvalid }),
});
export type SeriesSideBody = z.infer<typeof seriesSideBodySchema>;

/** POST /api/series/:id/cancel (a captain of either team): everyone involved is told why. */
export const seriesCancelBodySchema = z.object({
  reason: z
    .string({ error: BOARD_MESSAGES.cancelReasonRequired })
    .trim()
    .min(1, BOARD_MESSAGES.cancelReasonRequired)
    .max(SERIES_CANCEL_REASON_MAX, BOARD_MESSAGES.cancelReasonTooLong),
});
export type SeriesCancelBody = z.infer<typeof seriesCancelBodySchema>;
