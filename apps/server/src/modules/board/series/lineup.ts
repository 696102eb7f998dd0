import { BOARD_MESSAGES, type SeriesLineupBody, type TeamName } from '@scrim-gym/shared';
import { badRequest, conflict } from '../../../lib/errors.js';
import type { Viewer } from '../../auth/index.js';
import { seatLineup } from '../../scrims/index.js';
import { memberIdsOf } from '../../teams/index.js';
import { publishSeriesCommit, type SeriesDeps } from '../board.context.js';
import { assertCaptainOf } from '../board.policy.js';
import { readSeries, seriesNotFound } from './series-view.js';
import * as repo from './series.repository.js';

/**
 * PUT /api/series/:id/lineup: a captain of one of the series' teams sets its lineup (five starters, one per role,
 * up to three substitutes: the body's schema), every player on the team's roster and in no other lineup of the
 * series, until 15 minutes before the start. Under the series' lock: the team's lineup rows are replaced and its
 * starters seated on its side of game 1's scrim by the slot statement (action `lineup`), in one transaction; the
 * scrim and the series are published after the commit.
 */
export async function setLineup({
  deps,
  viewer,
  seriesId,
  body,
}: {
  deps: SeriesDeps;
  viewer: Viewer;
  seriesId: string;
  body: SeriesLineupBody;
}) {
  const { series, aggregate } = await deps.db.transaction(async (tx) => {
    const row = await repo.lockSeries({ tx, id: seriesId });
    if (!row) throw seriesNotFound();
    await assertCaptainOf({ db: tx, teamId: body.teamId, viewer });
    const teams = await repo.findSeriesTeams({ db: tx, seriesId });
    if (!teams.some((team) => team.teamId === body.teamId)) throw conflict(BOARD_MESSAGES.notInSeries, 'NOT_IN_SERIES');
    // The time of the lock is the slot statement's, against game 1's own start under the scrim's lock.
    if (row.status !== 'scheduled') throw conflict(BOARD_MESSAGES.lineupLocked, 'LINEUP_LOCKED');
    const userIds = body.players.map((player) => player.userId);
    const members = new Set(await memberIdsOf({ db: tx, teamId: body.teamId }));
    if (userIds.some((userId) => !members.has(userId)))
      throw badRequest(BOARD_MESSAGES.lineupNotMember, 'NOT_TEAM_MEMBER');
    if ((await repo.findInOtherLineup({ db: tx, seriesId, teamId: body.teamId, userIds })).length > 0)
      throw conflict(BOARD_MESSAGES.lineupOtherTeam, 'IN_OTHER_LINEUP');
    await repo.replaceLineup({ db: tx, seriesId, teamId: body.teamId, players: body.players });
    const game = (await repo.findSeriesGames({ db: tx, seriesId })).find((g) => g.number === 1);
    // Without a game 1 scrim on the team's side there is nothing to seat: the lineup is stored alone.
    let seated = null;
    if (game && (game.blueTeamId === body.teamId || game.redTeamId === body.teamId)) {
      const team: TeamName = game.blueTeamId === body.teamId ? 'teamOne' : 'teamTwo';
      const seats = body.players.flatMap(({ userId, role }) => (role === 'Sub' ? [] : [{ userId, team, role }]));
      seated = await seatLineup({ tx, scrimId: game.scrimId, team, seats });
    }
    return { series: await readSeries({ db: tx, row, viewer }), aggregate: seated };
  });
  await publishSeriesCommit(deps, { seriesId, stored: [], scrims: aggregate ? [aggregate] : [] });
  return series;
}
