import {
  RANK_LADDER,
  type ScrimPost,
  type ScrimRequest,
  type Series,
  type SeriesStatus,
  type TeamCard,
} from '@scrim-gym/shared';
import { toUserSummary } from '../../lib/user-summary.js';
import type { ScrimPostRow, ScrimRequestRow } from './board.repository.js';
import type { LineupRow, SeriesGameRow, SeriesRow, SeriesTeamRow } from './series/series.repository.js';

const rankAt = (step: number | null) => (step === null ? null : (RANK_LADDER[step] ?? null));

export const toScrimPost = ({
  post,
  team,
  requestCount,
}: {
  post: ScrimPostRow;
  team: TeamCard;
  requestCount: number;
}): ScrimPost => ({
  _id: post.id,
  team,
  region: post.region,
  startsAt: post.startsAt.toISOString(),
  format: post.format,
  fearless: post.fearless,
  draft: post.draft,
  rankMin: rankAt(post.rankMin),
  rankMax: rankAt(post.rankMax),
  note: post.note,
  status: post.status,
  requestCount,
  createdAt: post.createdAt.toISOString(),
});

export const toScrimRequest = ({ request, team }: { request: ScrimRequestRow; team: TeamCard }): ScrimRequest => ({
  _id: request.id,
  postId: request.postId,
  team,
  note: request.note,
  status: request.status,
  createdAt: request.createdAt.toISOString(),
});

/** How a game stands, from its scrim: cancelled (or abandoned), finished once its result is confirmed, live from its start. */
function gameStatus(game: SeriesGameRow, now: number): SeriesStatus {
  if (game.cancelledAt || game.abandonedAt) return 'cancelled';
  if (game.resultStatus === 'confirmed') return 'finished';
  return game.gameStartTime.getTime() <= now ? 'live' : 'scheduled';
}

/**
 * The loser of the previous game may still pick this game's side: its window is open and the game has neither
 * started nor ended (an admin may play it early).
 */
export const sideChoiceOpen = (game: SeriesGameRow, now: number) =>
  game.sideChooserTeamId !== null &&
  game.sideChoiceDueAt !== null &&
  game.sideChoiceDueAt.getTime() > now &&
  gameStatus(game, now) === 'scheduled';

const toSeriesGame = (game: SeriesGameRow, showCode: boolean, now: number): Series['games'][number] => {
  const winner = game.resultStatus === 'confirmed' ? game.teamWon : null;
  return {
    number: game.number,
    scrimId: game.scrimId,
    blueTeamId: game.blueTeamId,
    redTeamId: game.redTeamId,
    status: gameStatus(game, now),
    startsAt: game.gameStartTime.toISOString(),
    sideChoice: sideChoiceOpen(game, now)
      ? { teamId: game.sideChooserTeamId!, dueAt: game.sideChoiceDueAt!.toISOString() }
      : null,
    winnerTeamId: winner === 'teamOne' ? game.blueTeamId : winner === 'teamTwo' ? game.redTeamId : null,
    ...(showCode && game.tournamentCode ? { tournamentCode: game.tournamentCode } : {}),
  };
};

/**
 * A series with its two teams, blue side of game 1 first, each with its lineup, and its games. `showCodes`: the
 * viewer plays in a lineup or captains one of the teams, so the games' tournament codes are theirs to see.
 */
export const toSeries = ({
  row,
  status,
  teams,
  cards,
  lineups,
  games,
  showCodes,
  can,
  now,
}: {
  row: SeriesRow;
  /** How it stands now (live is read from game 1's start). */
  status: SeriesStatus;
  teams: SeriesTeamRow[];
  cards: Map<string, TeamCard>;
  lineups: LineupRow[];
  games: SeriesGameRow[];
  showCodes: boolean;
  can: Series['can'];
  now: number;
}): Series => ({
  _id: row.id,
  postId: row.postId,
  region: row.region,
  format: row.format,
  fearless: row.fearless,
  draft: row.draft,
  startsAt: row.startsAt.toISOString(),
  status,
  teams: teams.map((team) => ({
    team: (team.teamId && cards.get(team.teamId)) || null,
    side: team.side,
    lineup: lineups
      .filter((player) => team.teamId !== null && player.teamId === team.teamId)
      .flatMap((player) => (player.role === 'Coach' ? [] : [{ user: toUserSummary(player.user), role: player.role }])),
    score: team.score,
  })),
  games: games.map((game) => toSeriesGame(game, showCodes, now)),
  cancel:
    row.status === 'cancelled'
      ? { byTeamId: row.cancelledByTeamId, reason: row.cancelReason ?? '', late: row.cancelLate ?? false }
      : null,
  can,
  createdAt: row.createdAt.toISOString(),
});
