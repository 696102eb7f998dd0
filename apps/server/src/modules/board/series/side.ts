import { BOARD_MESSAGES, type SeriesSide } from '@scrim-gym/shared';
import { conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { Viewer } from '../../auth/index.js';
import { retitleSeriesGameScrim, seatSides } from '../../scrims/index.js';
import { captainsOf, getTeamCards } from '../../teams/index.js';
import { notifyTeams, publishSeriesCommit, type SeriesDeps } from '../board.context.js';
import { lineupSeats } from './progress.js';
import { readSeries, seriesNotFound } from './series-view.js';
import * as repo from './series.repository.js';
import { sideChoiceOpen } from '../board.presenter.js';

/**
 * POST /api/series/:id/games/:n/side {side}: a captain of the team that lost game n - 1 picks its side of game n,
 * once, before the choice's time is up (the sides have alternated meanwhile). Under the series' lock: the game's
 * sides, both lineups re-seated on them, the scrim's title; the other team's captains and both lineups are told.
 */
export async function chooseSide({
  deps,
  viewer,
  seriesId,
  number,
  side,
}: {
  deps: SeriesDeps;
  viewer: Viewer;
  seriesId: string;
  number: number;
  side: SeriesSide;
}) {
  const { series, seated, stored } = await deps.db.transaction(async (tx) => {
    const row = await repo.lockSeries({ tx, id: seriesId });
    if (!row) throw seriesNotFound();
    // A captain of either team learns how the choice stands; only the chooser's captains pick.
    const teamIds = await repo.findSeriesTeamIds({ db: tx, seriesId });
    const captains = await captainsOf({ db: tx, teamIds });
    const viewerTeams = teamIds.filter((teamId) => captains.get(teamId)?.includes(viewer.id));
    if (viewerTeams.length === 0) throw forbidden(BOARD_MESSAGES.sideNotYours, 'NOT_SIDE_CHOOSER');
    if (row.status === 'finished' || row.status === 'cancelled')
      throw conflict(BOARD_MESSAGES.seriesOver, 'SERIES_OVER');
    const game = (await repo.findSeriesGames({ db: tx, seriesId })).find((g) => g.number === number);
    if (!game) throw notFound(BOARD_MESSAGES.gameNotFound, 'SERIES_GAME_NOT_FOUND');
    const chooser = game.sideChooserTeamId;
    if (!chooser || !sideChoiceOpen(game, Date.now()))
      throw conflict(BOARD_MESSAGES.sideChoiceOver, 'SIDE_CHOICE_OVER');
    if (!viewerTeams.includes(chooser)) throw forbidden(BOARD_MESSAGES.sideNotYours, 'NOT_SIDE_CHOOSER');
    const other = game.blueTeamId === chooser ? game.redTeamId : game.blueTeamId;
    const [blueTeamId, redTeamId] = side === 'blue' ? [chooser, other] : [other, chooser];
    await repo.setGameSides({ db: tx, seriesId, number, blueTeamId, redTeamId, sideChoice: null });
    let seated = null;
    if (blueTeamId !== game.blueTeamId) {
      const seats = await lineupSeats({ db: tx, seriesId, blueTeamId, redTeamId });
      await seatSides({ tx, scrimId: game.scrimId, seats });
      const cards = await getTeamCards({ db: tx, teamIds: [chooser, ...(other ? [other] : [])] });
      const tag = (teamId: string | null) => (teamId && cards.get(teamId)?.tag) || '?';
      const title = BOARD_MESSAGES.seriesGameTitle(tag(blueTeamId), tag(redTeamId), number);
      seated = await retitleSeriesGameScrim({ tx, scrimId: game.scrimId, title });
    }
    const chooserName = (await getTeamCards({ db: tx, teamIds: [chooser] })).get(chooser)?.name ?? '';
    const stored = await notifyTeams({
      tx,
      actorId: viewer.id,
      notices: [
        {
          teamIds: other ? [other] : [],
          userIds: await repo.findLineupUserIds({ db: tx, seriesId }),
          message: BOARD_MESSAGES.seriesSidePicked(chooserName, side),
          seriesId,
        },
      ],
    });
    return { series: await readSeries({ db: tx, row, viewer }), seated, stored };
  });
  await publishSeriesCommit(deps, { seriesId, stored, scrims: seated ? [seated] : [] });
  return series;
}
