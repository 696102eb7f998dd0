// A team's rating history: its rows of the ledger with when each game was rated and the series it belongs to.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { seriesGames, teamRatedGames, teamRatingHistory, teams } from '../../../db/schema/index.js';

/** Whether the team exists (a deleted team's history rows stay for its opponents' replays, but it has no page). */
export async function teamExists({ db, teamId }: { db: DbOrTx; teamId: string }) {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).limit(1);
  return Boolean(row);
}

/** The team's rated games in a season, in rating order: one probe of team_rating_history_team_idx. */
export function findTeamHistory({ db, teamId, seasonId }: { db: DbOrTx; teamId: string; seasonId: number }) {
  return db
    .select({
      scrimId: teamRatingHistory.scrimId,
      seriesId: seriesGames.seriesId,
      before: teamRatingHistory.ratingBefore,
      after: teamRatingHistory.ratingAfter,
      won: teamRatingHistory.won,
      at: teamRatedGames.ratedAt,
    })
    .from(teamRatingHistory)
    .innerJoin(teamRatedGames, eq(teamRatedGames.scrimId, teamRatingHistory.scrimId))
    .leftJoin(seriesGames, eq(seriesGames.scrimId, teamRatingHistory.scrimId))
    .where(and(eq(teamRatingHistory.teamId, teamId), eq(teamRatingHistory.seasonId, seasonId)))
    .orderBy(asc(teamRatingHistory.seq));
}
