import {
  BOARD_MESSAGES,
  ROLES,
  SERIES_NEXT_GAME_DELAY_MINUTES,
  SERIES_SIDE_CHOICE_MINUTES,
  type TeamName,
} from '@scrim-gym/shared';
import type { DbOrTx, Transaction } from '../../../db/client.js';
import { scheduleJob } from '../../../jobs/index.js';
import { notifyScrimAlertOnce, type StoredNotification } from '../../notifications/index.js';
import { createSeriesGameScrim, seatSides, type ScrimAggregate } from '../../scrims/index.js';
import { getTeamCards } from '../../teams/index.js';
import { noticeRecipients, notifyTeams, publishSeriesCommit, type SeriesDeps } from '../board.context.js';
import { endAsNoShow, namesOf } from './cancel.js';
import { isDecided } from './series-rules.js';
import * as repo from './series.repository.js';

/*
 * A series moves on by itself: once a game's result is confirmed (a captain's report confirmed by the other team or
 * by time, an admin's, or Riot's), the scores follow, and either the series is decided (finished, both teams'
 * reliability counts it played) or the next game's scrim appears, starting SERIES_NEXT_GAME_DELAY_MINUTES later,
 * the two lineups seated on alternated sides, and the loser of the game may pick its side for
 * SERIES_SIDE_CHOICE_MINUTES (side.ts).
 */

const MINUTE = 60_000;
export const SERIES_ADVANCE_JOB = 'series.advance';

/**
 * Asks for the series to be brought up to date with its games (a job, so a failure is retried and a crash after
 * the result's commit loses nothing the next result or the runner's retry does not make good); idempotent.
 */
export async function scheduleSeriesAdvance({ db, seriesId }: { db: DbOrTx; seriesId: string }) {
  await scheduleJob({
    db,
    kind: SERIES_ADVANCE_JOB,
    runAt: new Date(),
    payload: { seriesId },
    dedupeKey: `${SERIES_ADVANCE_JOB}:${seriesId}`,
  });
}

const winnerOf = (game: repo.SeriesGameRow): string | null => {
  if (game.resultStatus !== 'confirmed' || game.cancelledAt || game.abandonedAt) return null;
  return game.teamWon === 'teamOne' ? game.blueTeamId : game.teamWon === 'teamTwo' ? game.redTeamId : null;
};

const scoreLine = (wins: number[]) => wins.join('–');

/**
 * Brings the series up to date with its games' confirmed results, under the series' lock: the scores, then the
 * series' end or its next game. Running it again changes nothing (the next game exists, the series has ended).
 */
export async function advanceSeries({ deps, seriesId }: { deps: SeriesDeps; seriesId: string }) {
  const { stored, changed, result, ended } = await deps.db.transaction(async (tx) => {
    const nothing = {
      stored: [] as StoredNotification[],
      changed: [] as ScrimAggregate[],
      result: null,
      ended: null,
    };
    const row = await repo.lockSeries({ tx, id: seriesId });
    if (!row || row.status === 'finished' || row.status === 'cancelled') return nothing;
    const [teamIds, games] = await Promise.all([
      repo.findSeriesTeamIds({ db: tx, seriesId }),
      repo.findSeriesGames({ db: tx, seriesId }),
    ]);
    const wins = new Map(teamIds.map((teamId) => [teamId, 0]));
    const decidedGames = games.filter((game) => winnerOf(game) !== null);
    for (const game of decidedGames) wins.set(winnerOf(game)!, (wins.get(winnerOf(game)!) ?? 0) + 1);
    await repo.setScores({ db: tx, seriesId, wins });
    const last = games.at(-1);
    if (last?.abandonedAt && !last.teamWon) {
      const { stored, cancelled } = await endAfterAbandon({ tx, row, game: last });
      return { stored, changed: cancelled, result: null, ended: row.region };
    }
    if (!last || winnerOf(last) === null || teamIds.length < 2) return nothing;
    const cards = await getTeamCards({ db: tx, teamIds });
    const name = (teamId: string | null) => (teamId && cards.get(teamId)?.name) || '';
    const lineupUserIds = await repo.findLineupUserIds({ db: tx, seriesId });
    const everyone = { teamIds, userIds: lineupUserIds, seriesId };
    const score = teamIds.map((teamId) => wins.get(teamId)!);
    const tag = (teamId: string) => cards.get(teamId)?.tag ?? '';
    const standing = `${tag(teamIds[0]!)} ${scoreLine(score)} ${tag(teamIds[1]!)}`;
    // The game's result, told once per result after the commit (a changed result is a new text, told again).
    const result = {
      scrimId: last.scrimId,
      userIds: await noticeRecipients({ db: tx, ...everyone }),
      message: BOARD_MESSAGES.gameWon(last.title, name(winnerOf(last)), standing),
    };
    if (isDecided(row.format, score, decidedGames.length)) {
      await repo.endSeries({ db: tx, id: seriesId, end: { status: 'finished' } });
      await repo.setOutcome({ db: tx, seriesId, teamIds, outcome: 'played' });
      // The winner's score first; a level series (a bo2, or N games) is a draw.
      const [ahead, behind] = [...teamIds].sort((a, b) => wins.get(b)! - wins.get(a)!);
      const line = scoreLine([wins.get(ahead!)!, wins.get(behind!)!]);
      const message =
        wins.get(ahead!) === wins.get(behind!)
          ? BOARD_MESSAGES.seriesDrawn(line)
          : BOARD_MESSAGES.seriesFinished(name(ahead!), line);
      const stored = await notifyTeams({ tx, actorId: null, notices: [{ ...everyone, message }] });
      return { stored, changed: [], result, ended: row.region };
    }
    const next = await createNextGame({ tx, row, last, loserTeamId: teamIds.find((id) => id !== winnerOf(last))! });
    const stored = await notifyTeams({
      tx,
      actorId: null,
      notices: [{ ...everyone, message: BOARD_MESSAGES.seriesNextGame(next.title, name(next.loserTeamId)) }],
    });
    return { stored, changed: [next.seated], result, ended: null };
  });
  if (result) await notifyScrimAlertOnce({ deps, ...result });
  // Scores may have moved even when nothing else did: the series' page is told either way.
  await publishSeriesCommit(deps, { seriesId, stored, scrims: changed, ended });
}

/**
 * A game nobody could play (abandoned: not full 30 minutes after its start) ends the series: each team whose side
 * was not full did not show up.
 */
async function endAfterAbandon({ tx, row, game }: { tx: Transaction; row: repo.SeriesRow; game: repo.SeriesGameRow }) {
  const seated = await repo.countSeatedBySide({ db: tx, scrimId: game.scrimId });
  const absent = [
    ...(seated.blue < ROLES.length && game.blueTeamId ? [game.blueTeamId] : []),
    ...(seated.red < ROLES.length && game.redTeamId ? [game.redTeamId] : []),
  ];
  const reason = BOARD_MESSAGES.gameNotPlayedReason(game.number, await namesOf(tx, absent));
  return endAsNoShow({ tx, row, absent, reason });
}

/** The lineups of both teams as seats of a game: each team's starters on its side of that game. */
export async function lineupSeats({
  db,
  seriesId,
  blueTeamId,
  redTeamId,
}: {
  db: DbOrTx;
  seriesId: string;
  blueTeamId: string | null;
  redTeamId: string | null;
}) {
  const lineups = await repo.findLineups({ db, seriesId });
  const sideOf = (teamId: string): TeamName | null =>
    teamId === blueTeamId ? 'teamOne' : teamId === redTeamId ? 'teamTwo' : null;
  return lineups.flatMap(({ teamId, role, user }) => {
    const team = sideOf(teamId);
    return team && role !== 'Sub' && role !== 'Coach' ? [{ userId: user.id, team, role }] : [];
  });
}

/**
 * The game after `last`: its scrim starting SERIES_NEXT_GAME_DELAY_MINUTES from now, the sides alternated (the
 * loser picks them for SERIES_SIDE_CHOICE_MINUTES), both lineups seated.
 */
async function createNextGame({
  tx,
  row,
  last,
  loserTeamId,
}: {
  tx: Transaction;
  row: repo.SeriesRow;
  last: repo.SeriesGameRow;
  loserTeamId: string;
}) {
  const now = Date.now();
  const [blueTeamId, redTeamId] = [last.redTeamId, last.blueTeamId];
  const cards = await getTeamCards({ db: tx, teamIds: [blueTeamId, redTeamId].flatMap((id) => (id ? [id] : [])) });
  const tag = (teamId: string | null) => (teamId && cards.get(teamId)?.tag) || '?';
  const number = last.number + 1;
  const title = BOARD_MESSAGES.seriesGameTitle(tag(blueTeamId), tag(redTeamId), number);
  const scrim = await createSeriesGameScrim({
    tx,
    title,
    region: row.region,
    startsAt: new Date(now + SERIES_NEXT_GAME_DELAY_MINUTES * MINUTE),
    createdBy: last.createdBy,
    draft: row.draft,
  });
  await repo.insertSeriesGame({
    db: tx,
    values: {
      seriesId: row.id,
      number,
      scrimId: scrim.id,
      blueTeamId,
      redTeamId,
      sideChooserTeamId: loserTeamId,
      sideChoiceDueAt: new Date(now + SERIES_SIDE_CHOICE_MINUTES * MINUTE),
    },
  });
  const seats = await lineupSeats({ db: tx, seriesId: row.id, blueTeamId, redTeamId });
  const seated = await seatSides({ tx, scrimId: scrim.id, seats });
  return { title, loserTeamId, seated };
}
