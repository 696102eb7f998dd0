import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TEAM_SERIES_LIST_MAX, type SeriesStatus } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { scrims, series, seriesGames, seriesTeams, teams } from '../../../db/schema/index.js';

const ours = alias(seriesTeams, 'ours');
const theirs = alias(seriesTeams, 'theirs');

/** Which of a team's series a list holds, and in which order. */
export type TeamSeriesList = 'upcoming' | 'recent';

const STATUSES: Record<TeamSeriesList, SeriesStatus[]> = {
  upcoming: ['scheduled'],
  recent: ['finished', 'cancelled'],
};

// Upcoming: the soonest start first. Recent: the latest to end first (a series cancelled days before its start
// ends then, not at its start).
const ORDER = {
  upcoming: [asc(series.startsAt), asc(series.id)],
  recent: [desc(sql`coalesce(${series.endedAt}, ${series.startsAt})`), desc(series.id)],
};

/**
 * One list of a team's series in one query, each with both scores, the other team's name, tag and logo (null
 * once it is deleted) and game 1's start (a scheduled series is live from it).
 */
export function findTeamSeries({ db, teamId, list }: { db: DbOrTx; teamId: string; list: TeamSeriesList }) {
  return db
    .select({
      id: series.id,
      format: series.format,
      fearless: series.fearless,
      startsAt: series.startsAt,
      status: series.status,
      cancelledByTeamId: series.cancelledByTeamId,
      cancelLate: series.cancelLate,
      teamScore: ours.score,
      opponentScore: theirs.score,
      opponentId: teams.id,
      opponentName: teams.name,
      opponentTag: teams.tag,
      opponentLogoUrl: teams.logoUrl,
      gameOneStart: scrims.gameStartTime,
    })
    .from(ours)
    .innerJoin(series, eq(series.id, ours.seriesId))
    .innerJoin(theirs, and(eq(theirs.seriesId, ours.seriesId), ne(theirs.side, ours.side)))
    .leftJoin(teams, eq(teams.id, theirs.teamId))
    .leftJoin(seriesGames, and(eq(seriesGames.seriesId, ours.seriesId), eq(seriesGames.number, 1)))
    .leftJoin(scrims, eq(scrims.id, seriesGames.scrimId))
    .where(and(eq(ours.teamId, teamId), inArray(series.status, STATUSES[list])))
    .orderBy(...ORDER[list])
    .limit(TEAM_SERIES_LIST_MAX);
}
export type TeamSeriesRow = Awaited<ReturnType<typeof findTeamSeries>>[number];
