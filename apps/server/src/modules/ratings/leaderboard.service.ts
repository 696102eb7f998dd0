import {
  LEADERBOARD_MESSAGES,
  LEADERBOARD_PAGE_SIZE,
  ADMIN_MESSAGES,
  ROLES,
  type RoleStats,
  type LeaderboardResponse,
  type LeaderboardRow,
  type Region,
} from '@scrim-gym/shared';
import type { Database } from '../../db/client.js';
import type { RatingRules } from './ratings.rules.js';
import { notFound } from '../../lib/errors.js';
import { toUserSummary } from '../../lib/user-summary.js';
import { badCursor, decodeBoardCursor, encodeBoardCursor, type BoardCursor } from './leaderboard.cursor.js';
import {
  countBefore,
  countRoles,
  findBoardPage,
  findBoardRow,
  findSeason,
  type Board,
  type BoardRow,
  userExists,
} from './leaderboard.repository.js';
import { isProvisional } from './ratings.model.js';
import { isRecalculating } from './replay/replay.service.js';

const present = (row: BoardRow, rank: number): LeaderboardRow => ({
  rank,
  player: toUserSummary(row.user),
  verified: row.verified,
  rating: row.rating,
  games: row.gamesRated,
  winRate: row.gamesRated > 0 ? Math.round((100 * row.wins) / row.gamesRated) : 0,
  mainRole: row.mainRole,
  provisional: isProvisional(row.gamesRated),
});

/** The season's id, or the current season's without one; an unknown season is a 404. */
export async function resolveSeason({ db, season }: { db: Database; season: number | undefined }): Promise<number> {
  const found = await findSeason({ db, id: season ?? null });
  if (found) return found.id;
  if (season !== undefined) throw notFound(LEADERBOARD_MESSAGES.seasonNotFound(season), 'SEASON_NOT_FOUND');
  throw notFound(LEADERBOARD_MESSAGES.noCurrentSeason, 'SEASON_NOT_FOUND');
}

/**
 * The board a request reads. Without `season`, the current season, or the season of the cursor (a list being
 * scrolled stays on its season when the next one starts); an unknown season is a 404. A cursor made on another
 * board (season or region) is a 400.
 */
async function resolveBoard({
  db,
  season,
  region,
  cursor,
  rules,
}: {
  db: Database;
  season: number | undefined;
  region: Region | undefined;
  cursor: BoardCursor | null;
  rules: RatingRules;
}): Promise<Board> {
  // A season that only the cursor names and that does not exist: the cursor is bad, not the request.
  const seasonId = await resolveSeason({ db, season: season ?? cursor?.seasonId }).catch((error: unknown) => {
    throw season === undefined && cursor ? badCursor() : error;
  });
  const board = { seasonId, region: region ?? null, verifiedOnly: rules.verifiedOnly };
  if (cursor && (cursor.seasonId !== board.seasonId || cursor.region !== board.region)) throw badCursor();
  return board;
}

/**
 * GET /leaderboard: a page of 50 rows of a season's board (all regions or one), best rating first, ties by user
 * id; `rank` is the position on the board, counted from the keyset position, so it is right on every page. `me`
 * is the viewer's own row with their rank (null for a visitor or a player not rated on this board).
 */
export async function getLeaderboard({
  db,
  viewerId,
  query,
  rules,
}: {
  db: Database;
  viewerId: string | null;
  query: { region?: Region; season?: number; cursor?: string };
  rules: RatingRules;
}): Promise<LeaderboardResponse> {
  const cursor = query.cursor ? decodeBoardCursor(query.cursor) : null;
  const board = await resolveBoard({ db, season: query.season, region: query.region, cursor, rules });
  const [page, before, mine, recalculating] = await Promise.all([
    findBoardPage({ db, board, from: cursor, limit: LEADERBOARD_PAGE_SIZE + 1 }),
    cursor ? countBefore({ db, board, position: cursor, through: true }) : 0,
    viewerId ? findBoardRow({ db, board, userId: viewerId }) : null,
    isRecalculating({ db, seasonId: board.seasonId }),
  ]);
  const rows = page.slice(0, LEADERBOARD_PAGE_SIZE).map((row, i) => present(row, before + i + 1));
  const last = page.length > LEADERBOARD_PAGE_SIZE ? page[LEADERBOARD_PAGE_SIZE - 1] : undefined;
  let me: LeaderboardRow | null = null;
  if (mine) {
    me =
      rows.find((row) => row.player._id === mine.userId) ??
      present(mine, 1 + (await countBefore({ db, board, position: mine })));
  }
  return {
    rows,
    nextCursor: last ? encodeBoardCursor({ ...board, rating: last.rating, userId: last.userId }) : null,
    me,
    recalculating,
  };
}

/** GET /users/:id/roles: the user's rated games and wins per role in a season (every role, in role order). */
export async function getRoleStats({
  db,
  userId,
  season,
}: {
  db: Database;
  userId: string;
  season: number | undefined;
}): Promise<RoleStats> {
  const seasonId = await resolveSeason({ db, season });
  if (!(await userExists({ db, id: userId }))) throw notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
  const counts = await countRoles({ db, userId, seasonId });
  return {
    roles: ROLES.map((role) => {
      const found = counts.find((c) => c.role === role);
      return { role, games: found?.games ?? 0, wins: found?.wins ?? 0 };
    }),
  };
}
