import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { teamRatings, teams } from '../../../db/schema/index.js';

/** Where a row sits on the teams' board: rating descending, then team id ascending (the board indexes' order). */
export interface TeamBoardPosition {
  rating: number;
  teamId: string;
}

/** Which board: a season's, of every region or of one (the team's). */
export interface TeamBoard {
  seasonId: number;
  region: Region | null;
}

const onBoard = ({ seasonId, region }: TeamBoard, more?: SQL) =>
  and(eq(teamRatings.seasonId, seasonId), region ? eq(teamRatings.region, region) : undefined, more);

/** `desc nulls last`, as the board indexes are built, so the planner reads them in order. */
const boardOrder = sql`${teamRatings.rating} desc nulls last`;

/** Rows after `position` in board order (keyset; the index reads from `rating <= position.rating`). */
const after = ({ rating, teamId }: TeamBoardPosition) =>
  sql`${teamRatings.rating} <= ${rating} and (${teamRatings.rating} < ${rating} or ${teamRatings.teamId} > ${teamId}::uuid)`;

/** Rows up to `position` in board order, the row at it included. */
const through = ({ rating, teamId }: TeamBoardPosition) =>
  sql`${teamRatings.rating} >= ${rating} and (${teamRatings.rating} > ${rating} or ${teamRatings.teamId} <= ${teamId}::uuid)`;

/** Up to `limit` rows of the board from the top, or after `from`, with their teams. */
export function findTeamBoardPage({
  db,
  board,
  from,
  limit,
}: {
  db: DbOrTx;
  board: TeamBoard;
  from: TeamBoardPosition | null;
  limit: number;
}) {
  return db
    .select({
      teamId: teamRatings.teamId,
      rating: teamRatings.rating,
      games: teamRatings.games,
      wins: teamRatings.wins,
      losses: teamRatings.losses,
      team: { id: teams.id, name: teams.name, tag: teams.tag, logoUrl: teams.logoUrl, region: teams.region },
    })
    .from(teamRatings)
    .innerJoin(teams, eq(teams.id, teamRatings.teamId))
    .where(onBoard(board, from ? after(from) : undefined))
    .orderBy(boardOrder, asc(teamRatings.teamId))
    .limit(limit);
}

export type TeamBoardRow = Awaited<ReturnType<typeof findTeamBoardPage>>[number];

/**
 * How many rows of the board come up to `position`, the row at it included (the rank of a cursor's last row,
 * which need not exist any more): an index-only count, since a deleted team's rows go with it.
 */
export async function countThrough({
  db,
  board,
  position,
}: {
  db: DbOrTx;
  board: TeamBoard;
  position: TeamBoardPosition;
}): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(teamRatings)
    .where(onBoard(board, through(position)));
  return Number(row?.count ?? 0);
}
