import { and, eq, sql } from 'drizzle-orm';
import type { TeamName } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { scrimSubstitutions, seriesGames, seriesLineups } from '../../../db/schema/index.js';

export async function insertSubstitution({ db, row }: { db: DbOrTx; row: typeof scrimSubstitutions.$inferInsert }) {
  await db.insert(scrimSubstitutions).values(row);
}

/** Whether the user is in the series lineup of the team that plays `side` of the series game: that team's bench. */
export async function isInSideLineup({
  db,
  scrimId,
  userId,
  side,
}: {
  db: DbOrTx;
  scrimId: string;
  userId: string;
  side: TeamName;
}): Promise<boolean> {
  const sideTeam = side === 'teamOne' ? seriesGames.blueTeamId : seriesGames.redTeamId;
  const [row] = await db
    .select({ one: sql`1` })
    .from(seriesGames)
    .innerJoin(seriesLineups, and(eq(seriesLineups.seriesId, seriesGames.seriesId), eq(seriesLineups.teamId, sideTeam)))
    .where(and(eq(seriesGames.scrimId, scrimId), eq(seriesLineups.userId, userId)));
  return Boolean(row);
}
