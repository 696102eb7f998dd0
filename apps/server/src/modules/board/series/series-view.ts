import { BOARD_MESSAGES } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import type { Viewer } from '../../auth/index.js';
import { captainsOf, getTeamCards } from '../../teams/index.js';
import { sideChoiceOpen, toSeries } from '../board.presenter.js';
import { lineupOpenAt, seriesStatusAt } from './series-rules.js';
import * as repo from './series.repository.js';

export const seriesNotFound = () => notFound(BOARD_MESSAGES.seriesNotFound, 'SERIES_NOT_FOUND');

/**
 * A series as `viewer` sees it: its teams, lineups and games, and what the viewer may do with it (the series'
 * policy, answered with it so the page offers only that): a captain of one of its teams edits that lineup until the
 * lock, picks the next game's side while their team holds the choice, and cancels while the series is not over.
 * The games' tournament codes are only for the players of the lineups and the two teams' captains.
 */
export async function readSeries({ db, row, viewer }: { db: DbOrTx; row: repo.SeriesRow; viewer: Viewer }) {
  const teams = await repo.findSeriesTeams({ db, seriesId: row.id });
  const teamIds = teams.flatMap((team) => (team.teamId ? [team.teamId] : []));
  const [cards, lineups, games, captains] = await Promise.all([
    getTeamCards({ db, teamIds }),
    repo.findLineups({ db, seriesId: row.id }),
    repo.findSeriesGames({ db, seriesId: row.id }),
    captainsOf({ db, teamIds }),
  ]);
  const now = Date.now();
  const captainOf = teamIds.filter((teamId) => captains.get(teamId)?.includes(viewer.id));
  const showCodes = captainOf.length > 0 || lineups.some((player) => player.user.id === viewer.id);
  const gameOneStart = games.find((game) => game.number === 1)?.gameStartTime ?? null;
  const status = seriesStatusAt(row.status, gameOneStart, now);
  const over = status === 'finished' || status === 'cancelled';
  const can = {
    captainOf,
    editLineup: captainOf.length > 0 && lineupOpenAt(row.status, gameOneStart, now),
    chooseSide: !over && games.some((game) => sideChoiceOpen(game, now) && captainOf.includes(game.sideChooserTeamId!)),
    cancel: captainOf.length > 0 && !over,
  };
  return toSeries({ row, status, teams, cards, lineups, games, showCodes, can, now });
}

/** GET /api/series/:id. */
export async function getSeries({ db, viewer, id }: { db: DbOrTx; viewer: Viewer; id: string }) {
  const row = await repo.findSeries({ db, id });
  if (!row) throw seriesNotFound();
  return readSeries({ db, row, viewer });
}
