import { TEAM_MESSAGES, type TeamRatingHistory } from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import { resolveSeason } from '../leaderboard.service.js';
import { findTeamHistory, teamExists } from './team-rating-history.repository.js';

/**
 * GET /api/teams/:id/rating-history?season: the team's rating after each of its rated series games of a season
 * (the current one by default), oldest first. Series are public (any signed-in user reads one, its games' scrims
 * included), so every signed-in viewer is answered the same.
 */
export async function getTeamRatingHistory({
  db,
  teamId,
  season,
}: {
  db: Database;
  teamId: string;
  season: number | undefined;
}): Promise<TeamRatingHistory> {
  if (!(await teamExists({ db, teamId }))) throw notFound(TEAM_MESSAGES.notFound, 'TEAM_NOT_FOUND');
  const seasonId = await resolveSeason({ db, season });
  const rows = await findTeamHistory({ db, teamId, seasonId });
  return { season: seasonId, history: rows.map((row) => ({ ...row, at: row.at.toISOString() })) };
}
