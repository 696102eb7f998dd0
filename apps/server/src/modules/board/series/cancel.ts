import { BOARD_MESSAGES, SERIES_LATE_CANCEL_HOURS, SERIES_LINEUP_LOCK_MINUTES } from '@scrim-gym/shared';
import type { DbOrTx, Transaction } from '../../../db/client.js';
import { forbidden, conflict } from '../../../lib/errors.js';
import { scheduleJob } from '../../../jobs/index.js';
import type { Viewer } from '../../auth/index.js';
import { cancelSeriesGameScrims } from '../../scrims/index.js';
import { captainsOf, getTeamCards } from '../../teams/index.js';
import { notifyTeams, publishSeriesCommit, type SeriesDeps } from '../board.context.js';
import { readSeries, seriesNotFound } from './series-view.js';
import * as repo from './series.repository.js';

/*
 * A series ends early in three ways: a captain cancels it (under SERIES_LATE_CANCEL_HOURS before the start it counts
 * against that team's reliability), a team has no lineup when lineups lock, or a game is abandoned because a side
 * was not full 30 minutes after its start (progress.ts): a no-show, the server cancels it and it counts against that
 * team. Either way its games not played yet are cancelled and everyone involved is told.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const SERIES_LINEUP_CHECK_JOB = 'series.lineup-check';

/** The lineup check runs when lineups lock; scheduled with the series, in its transaction. */
export async function scheduleLineupCheck({
  db,
  seriesId,
  startsAt,
}: {
  db: DbOrTx;
  seriesId: string;
  startsAt: Date;
}) {
  await scheduleJob({
    db,
    kind: SERIES_LINEUP_CHECK_JOB,
    runAt: new Date(startsAt.getTime() - SERIES_LINEUP_LOCK_MINUTES * MINUTE),
    payload: { seriesId },
    dedupeKey: `${SERIES_LINEUP_CHECK_JOB}:${seriesId}`,
  });
}

/**
 * Game 1's scrim starts at another time (an admin or a host of its region moved it): a scheduled series starts then,
 * and its lineup check moves with it (lineups lock SERIES_LINEUP_LOCK_MINUTES before, as the slot statement reads
 * from the scrim). Idempotent: a series already at that start, or not scheduled, is left alone. Answers whether it
 * moved (a job was scheduled).
 */
export async function followGameOneStart({
  deps,
  seriesId,
  startsAt,
}: {
  deps: Pick<SeriesDeps, 'db'>;
  seriesId: string;
  startsAt: Date;
}) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockSeries({ tx, id: seriesId });
    if (!row || row.status !== 'scheduled' || row.startsAt.getTime() === startsAt.getTime()) return false;
    await repo.setSeriesStart({ db: tx, id: seriesId, startsAt });
    await scheduleLineupCheck({ db: tx, seriesId, startsAt });
    return true;
  });
}

/** Ends the series as cancelled (locked by the caller) with its games not played yet; tells everyone involved. */
async function endAsCancelled({
  tx,
  row,
  byTeamId,
  actorId,
  reason,
  late,
  message,
}: {
  tx: Transaction;
  row: repo.SeriesRow;
  byTeamId: string | null;
  actorId: string | null;
  reason: string;
  late: boolean;
  message: string;
}) {
  await repo.endSeries({
    db: tx,
    id: row.id,
    end: { status: 'cancelled', cancelledByTeamId: byTeamId, cancelReason: reason, cancelLate: late },
  });
  const games = await repo.findSeriesGames({ db: tx, seriesId: row.id });
  const cancelled = await cancelSeriesGameScrims({
    tx,
    scrimIds: games.map((game) => game.scrimId),
    reason,
    cancelledBy: actorId,
  });
  const stored = await notifyTeams({
    tx,
    actorId,
    notices: [
      {
        teamIds: await repo.findSeriesTeamIds({ db: tx, seriesId: row.id }),
        userIds: await repo.findLineupUserIds({ db: tx, seriesId: row.id }),
        message,
      },
    ],
  });
  return { cancelled, stored };
}

/** The teams' names, for a reason or a notice. */
export async function namesOf(tx: Transaction, teamIds: readonly string[]) {
  const cards = await getTeamCards({ db: tx, teamIds });
  return teamIds.map((teamId) => cards.get(teamId)?.name ?? '').join(', ');
}

/** The server cancels the series (locked by the caller) for the teams that did not show up: each a no-show. */
export async function endAsNoShow({
  tx,
  row,
  absent,
  reason,
}: {
  tx: Transaction;
  row: repo.SeriesRow;
  absent: readonly string[];
  reason: string;
}) {
  const ended = await endAsCancelled({
    tx,
    row,
    byTeamId: null,
    actorId: null,
    reason,
    late: false,
    message: BOARD_MESSAGES.seriesNoShow(reason),
  });
  await repo.setOutcome({ db: tx, seriesId: row.id, teamIds: absent, outcome: 'no_show' });
  return ended;
}

/**
 * POST /api/series/:id/cancel {reason}: a captain of either team cancels a series that is not over. Late (under
 * SERIES_LATE_CANCEL_HOURS before the start) counts against the cancelling team's reliability.
 */
export async function cancelSeries({
  deps,
  viewer,
  seriesId,
  reason,
}: {
  deps: SeriesDeps;
  viewer: Viewer;
  seriesId: string;
  reason: string;
}) {
  const { series, cancelled, stored } = await deps.db.transaction(async (tx) => {
    const row = await repo.lockSeries({ tx, id: seriesId });
    if (!row) throw seriesNotFound();
    const teamIds = await repo.findSeriesTeamIds({ db: tx, seriesId });
    const captains = await captainsOf({ db: tx, teamIds });
    const byTeamId = teamIds.find((teamId) => captains.get(teamId)?.includes(viewer.id));
    if (!byTeamId) throw forbidden(BOARD_MESSAGES.notSeriesCaptain, 'NOT_TEAM_CAPTAIN');
    if (row.status === 'finished' || row.status === 'cancelled')
      throw conflict(BOARD_MESSAGES.seriesOver, 'SERIES_OVER');
    const late = row.startsAt.getTime() - Date.now() < SERIES_LATE_CANCEL_HOURS * HOUR;
    const name = await namesOf(tx, [byTeamId]);
    const ended = await endAsCancelled({
      tx,
      row,
      byTeamId,
      actorId: viewer.id,
      reason,
      late,
      message: BOARD_MESSAGES.seriesCancelled(name, reason),
    });
    if (late) await repo.setOutcome({ db: tx, seriesId, teamIds: [byTeamId], outcome: 'late_cancel' });
    const series = await readSeries({ db: tx, row: (await repo.findSeries({ db: tx, id: seriesId }))!, viewer });
    return { series, ...ended };
  });
  await publishSeriesCommit(deps, { seriesId, stored, scrims: cancelled });
  return series;
}

/**
 * 'series.lineup-check', when lineups lock: a team without a lineup has not shown up. The series is cancelled by
 * the server and counts as a no-show against each such team. Idempotent: a series that is over, or whose teams
 * both have lineups, is left alone.
 */
export async function checkLineups({ deps, seriesId }: { deps: SeriesDeps; seriesId: string }) {
  const ended = await deps.db.transaction(async (tx) => {
    const row = await repo.lockSeries({ tx, id: seriesId });
    if (!row || row.status !== 'scheduled') return null;
    const teamIds = await repo.findSeriesTeamIds({ db: tx, seriesId });
    const lineups = await repo.findLineups({ db: tx, seriesId });
    const missing = teamIds.filter((teamId) => !lineups.some((player) => player.teamId === teamId));
    if (missing.length === 0) return null;
    return endAsNoShow({ tx, row, absent: missing, reason: BOARD_MESSAGES.noLineupReason(await namesOf(tx, missing)) });
  });
  if (!ended) return;
  await publishSeriesCommit(deps, { seriesId, stored: ended.stored, scrims: ended.cancelled });
}
