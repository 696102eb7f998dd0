import { z } from 'zod';
import { DISPUTE_OUTCOMES } from '../constants.js';
import { RESULT_MESSAGES } from '../texts/en/results.js';
import { teamNameSchema } from './scrim.js';

/** GET /api/users/:id/rating?season= (the contract's): the season's id, the current one when absent. */
export const userRatingQuerySchema = z.object({
  season: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

/**
 * The contract's `{ rating, mu, sigma, provisional, gamesRated, history }`; before/after are display ratings.
 * `recalculating`: the season's ratings are being recalculated (see the leaderboard's), so these may still move.
 */
export const userRatingSchema = z.object({
  rating: z.number().int(),
  mu: z.number(),
  sigma: z.number(),
  provisional: z.boolean(),
  gamesRated: z.number().int(),
  history: z.array(
    z.object({ scrimId: z.string(), before: z.number().int(), after: z.number().int(), at: z.string() }),
  ),
  recalculating: z.boolean(),
});
export type UserRating = z.infer<typeof userRatingSchema>;

/** GET /api/teams/:id/rating-history?season: the season's id, the current one when absent. */
export const teamRatingHistoryQuerySchema = userRatingQuerySchema;

/**
 * A team's rating over its rated series games of a season, oldest first (the team page's chart): each game's
 * display rating before and after, whether the team won, when it was rated, and the series it belongs to.
 */
export const teamRatingHistorySchema = z.object({
  season: z.number().int(),
  history: z.array(
    z.object({
      scrimId: z.string(),
      seriesId: z.string().nullable(),
      before: z.number().int(),
      after: z.number().int(),
      won: z.boolean(),
      at: z.string(),
    }),
  ),
});
export type TeamRatingHistory = z.infer<typeof teamRatingHistorySchema>;

export const seasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  current: z.boolean(),
});
export type Season = z.infer<typeof seasonSchema>;

/** POST /api/admin/seasons: the new season's name (default "Season <n>"). */
export const startSeasonBodySchema = z.object({ name: z.string().trim().min(1).max(60).optional() });

/** POST /api/scrims/:id/dispute-result. */
export const disputeResultBodySchema = z.object({
  reason: z
    .string({ error: RESULT_MESSAGES.reasonEmpty })
    .trim()
    .min(1, { error: RESULT_MESSAGES.reasonEmpty, abort: true })
    .max(500, RESULT_MESSAGES.reasonTooLong),
});
export type DisputeResultBody = z.input<typeof disputeResultBodySchema>;

/** POST /api/admin/scrims/:id/resolve-dispute: an admin's answer and why (told to every player). */
export const resolveDisputeBodySchema = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, { error: RESULT_MESSAGES.outcomeMissing }),
  reason: z
    .string({ error: RESULT_MESSAGES.decisionReasonEmpty })
    .trim()
    .min(1, { error: RESULT_MESSAGES.decisionReasonEmpty, abort: true })
    .max(500, RESULT_MESSAGES.reasonTooLong),
});
export type ResolveDisputeBody = z.input<typeof resolveDisputeBodySchema>;

/** GET /api/admin/disputes: the open disputes, oldest first. */
export const resultDisputeSchema = z.object({
  id: z.string(),
  scrimId: z.string(),
  scrimTitle: z.string(),
  teamWon: teamNameSchema.nullable(),
  reporter: z.object({ id: z.string(), name: z.string() }).nullable(),
  disputer: z.object({ id: z.string(), name: z.string() }).nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type ResultDispute = z.infer<typeof resultDisputeSchema>;
