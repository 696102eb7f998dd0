import type { TeamSeriesEntry, TeamSeriesLists, TeamSeriesOutcome } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { teamExists } from '../../teams/index.js';
import { teamNotFound } from '../board.lookups.js';
import { seriesStatusAt } from './series-rules.js';
import { findTeamSeries, type TeamSeriesRow } from './team-series.repository.js';

/** How a finished series ended for the team whose score is `team`; a series that is not finished has no outcome. */
export function outcomeOf(
  row: Pick<TeamSeriesRow, 'status' | 'teamScore' | 'opponentScore'>,
): TeamSeriesOutcome | null {
  if (row.status !== 'finished') return null;
  if (row.teamScore === row.opponentScore) return 'drawn';
  return row.teamScore > row.opponentScore ? 'won' : 'lost';
}

const toEntry = (row: TeamSeriesRow, teamId: string, now: number): TeamSeriesEntry => ({
  _id: row.id,
  format: row.format,
  fearless: row.fearless,
  startsAt: row.startsAt.toISOString(),
  status: seriesStatusAt(row.status, row.gameOneStart, now),
  opponent:
    row.opponentId && row.opponentName && row.opponentTag
      ? { _id: row.opponentId, name: row.opponentName, tag: row.opponentTag, logoUrl: row.opponentLogoUrl }
      : null,
  score: { team: row.teamScore, opponent: row.opponentScore },
  outcome: outcomeOf(row),
  cancel:
    row.status === 'cancelled' ? { late: row.cancelLate ?? false, byTeam: row.cancelledByTeamId === teamId } : null,
});

/**
 * GET /api/teams/:id/series: the team's scheduled and live series, and its finished and cancelled ones, a query
 * each. Any signed-in user reads them, as they read a series; the team's existence is asked only when both are
 * empty (a deleted team keeps no series of its own).
 */
export async function getTeamSeries({ db, teamId }: { db: DbOrTx; teamId: string }): Promise<TeamSeriesLists> {
  const [upcoming, recent] = await Promise.all([
    findTeamSeries({ db, teamId, list: 'upcoming' }),
    findTeamSeries({ db, teamId, list: 'recent' }),
  ]);
  if (upcoming.length === 0 && recent.length === 0 && !(await teamExists({ db, id: teamId }))) throw teamNotFound();
  const now = Date.now();
  return {
    upcoming: upcoming.map((row) => toEntry(row, teamId, now)),
    recent: recent.map((row) => toEntry(row, teamId, now)),
  };
}
