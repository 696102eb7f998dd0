import {
  LEADERBOARD_PAGE_SIZE,
  REGIONS,
  type Region,
  type TeamLeaderboardResponse,
  type TeamLeaderboardRow,
} from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { decodeCursor, encodeCursor, UUID_PATTERN } from '../../../lib/keyset-cursor.js';
import { badCursor } from '../leaderboard.cursor.js';
import { resolveSeason } from '../leaderboard.service.js';
import { isProvisional } from '../ratings.model.js';
import {
  countThrough,
  findTeamBoardPage,
  type TeamBoard,
  type TeamBoardPosition,
  type TeamBoardRow,
} from './team-leaderboard.repository.js';

const INT32_MAX = 2_147_483_647;
const isInt = (value: unknown, min: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= INT32_MAX;

type TeamBoardCursor = TeamBoard & TeamBoardPosition;

/**
 * Keyset cursors of the teams' board, `[seasonId, region, rating, teamId]` (lib/keyset-cursor.ts). Checked
 * strictly: one that does not decode to exactly that is a 400, as the players' board's is. It carries no rank:
 * each page's ranks are counted from the position.
 */
function decodeTeamBoardCursor(cursor: string): TeamBoardCursor {
  const value = decodeCursor(cursor, 4);
  if (value) {
    const [seasonId, region, rating, teamId] = value;
    if (
      isInt(seasonId, 1) &&
      (region === null || REGIONS.includes(region as Region)) &&
      isInt(rating, -INT32_MAX) &&
      typeof teamId === 'string' &&
      UUID_PATTERN.test(teamId)
    )
      return { seasonId, region: region as Region | null, rating, teamId };
  }
  throw badCursor();
}

const present = (row: TeamBoardRow, rank: number): TeamLeaderboardRow => ({
  rank,
  team: {
    _id: row.team.id,
    name: row.team.name,
    tag: row.team.tag,
    logoUrl: row.team.logoUrl,
    region: row.team.region,
  },
  rating: row.rating,
  games: row.games,
  wins: row.wins,
  losses: row.losses,
  provisional: isProvisional(row.games),
});

/**
 * GET /leaderboard/teams: a page of 50 rows of a season's teams' board (all regions or one), best rating first,
 * ties by team id; `rank` counted from the keyset position. Without `season`, the current season, or the
 * cursor's (a list being scrolled stays on its season); an unknown season is a 404, a cursor made on another
 * board a 400.
 */
export async function getTeamLeaderboard({
  db,
  query,
}: {
  db: Database;
  query: { region?: Region; season?: number; cursor?: string };
}): Promise<TeamLeaderboardResponse> {
  const cursor = query.cursor ? decodeTeamBoardCursor(query.cursor) : null;
  const seasonId = await resolveSeason({ db, season: query.season ?? cursor?.seasonId }).catch((error: unknown) => {
    throw query.season === undefined && cursor ? badCursor() : error;
  });
  const board: TeamBoard = { seasonId, region: query.region ?? null };
  if (cursor && (cursor.seasonId !== board.seasonId || cursor.region !== board.region)) throw badCursor();
  const [page, before] = await Promise.all([
    findTeamBoardPage({ db, board, from: cursor, limit: LEADERBOARD_PAGE_SIZE + 1 }),
    cursor ? countThrough({ db, board, position: cursor }) : 0,
  ]);
  const rows = page.slice(0, LEADERBOARD_PAGE_SIZE).map((row, i) => present(row, before + i + 1));
  const last = page.length > LEADERBOARD_PAGE_SIZE ? page[LEADERBOARD_PAGE_SIZE - 1] : undefined;
  return {
    rows,
    nextCursor: last ? encodeCursor([board.seasonId, board.region, last.rating, last.teamId]) : null,
  };
}
