import { z } from 'zod';
import { SERIES_FORMATS } from '../rules/board-limits.js';
import { SERIES_STATUSES, teamCardSchema } from './series.js';

/*
 * A team's series as its page lists them: from the team's side (its score first, won or lost by it), the other
 * team by name, tag and logo only.
 */

export const TEAM_SERIES_OUTCOMES = ['won', 'lost', 'drawn'] as const;
export type TeamSeriesOutcome = (typeof TEAM_SERIES_OUTCOMES)[number];

export const teamSeriesEntrySchema = z.object({
  _id: z.string(),
  format: z.enum(SERIES_FORMATS),
  fearless: z.boolean(),
  startsAt: z.string(),
  status: z.enum(SERIES_STATUSES),
  /** Null once the other team has been deleted (a finished series keeps its score). */
  opponent: teamCardSchema.pick({ _id: true, name: true, tag: true, logoUrl: true }).nullable(),
  score: z.object({ team: z.number().int(), opponent: z.number().int() }),
  /** How a finished series ended for the team; null until it has. */
  outcome: z.enum(TEAM_SERIES_OUTCOMES).nullable(),
  /** A cancelled series: whether it was late, and whether this team cancelled it. */
  cancel: z.object({ late: z.boolean(), byTeam: z.boolean() }).nullable(),
});
export type TeamSeriesEntry = z.infer<typeof teamSeriesEntrySchema>;

/**
 * GET /api/teams/:id/series: `upcoming` (scheduled or live, soonest first) and `recent` (finished or cancelled,
 * the latest to end first), at most TEAM_SERIES_LIST_MAX each.
 */
export const teamSeriesResponseSchema = z.object({
  upcoming: z.array(teamSeriesEntrySchema),
  recent: z.array(teamSeriesEntrySchema),
});
export type TeamSeriesLists = z.infer<typeof teamSeriesResponseSchema>;
