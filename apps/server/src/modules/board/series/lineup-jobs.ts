import { BOARD_MESSAGES, SERIES_LINEUP_LOCK_MINUTES, SERIES_LINEUP_REMINDER_MINUTES } from '@scrim-gym/shared';
import type { Database, DbOrTx } from '../../../db/client.js';
import { cancelJob, scheduleJob } from '../../../jobs/index.js';
import { formatUtcTime } from '../../../lib/dates.js';
import { notifyAlertOnce } from '../../notifications/index.js';
import { CLOCK_SLACK_MS } from '../../scrims/index.js';
import { getTeamCards } from '../../teams/index.js';
import { noticeRecipients, type BoardDeps } from '../board.context.js';
import * as repo from './series.repository.js';

/*
 * Before lineups lock (SERIES_LINEUP_LOCK_MINUTES before game 1's start) two jobs run: 'series.lineup-remind',
 * SERIES_LINEUP_REMINDER_MINUTES before the start, tells the captains of a team without a lineup to set one (at once
 * when the series is booked later than that, while lineups are open), and 'series.lineup-check', at the lock,
 * cancels the series for a team that has none (cancel.ts). Both follow game 1's own start: scheduled at the booking,
 * moved when an admin moves the game; the reminder goes when the series is cancelled, and its handler tells nobody
 * once both lineups are set.
 */

const MINUTE = 60_000;
export const SERIES_LINEUP_REMIND_JOB = 'series.lineup-remind';
export const SERIES_LINEUP_CHECK_JOB = 'series.lineup-check';

const lockTime = (startsAt: Date) => new Date(startsAt.getTime() - SERIES_LINEUP_LOCK_MINUTES * MINUTE);
const reminderTime = (startsAt: Date) => new Date(startsAt.getTime() - SERIES_LINEUP_REMINDER_MINUTES * MINUTE);

/**
 * Schedules (or moves) the series' lineup reminder and lineup check for game 1 starting at `startsAt`, in the
 * caller's transaction. A step still ahead re-arms one that ran already (a start moved later is reminded and checked
 * again); a step whose time has passed is due at once, unless it ran already.
 */
export async function scheduleLineupJobs({
  db,
  seriesId,
  startsAt,
  now = Date.now(),
}: {
  db: DbOrTx;
  seriesId: string;
  startsAt: Date;
  now?: number;
}) {
  const steps = [
    [SERIES_LINEUP_REMIND_JOB, reminderTime(startsAt)],
    [SERIES_LINEUP_CHECK_JOB, lockTime(startsAt)],
  ] as const;
  for (const [kind, runAt] of steps)
    await scheduleJob({
      db,
      kind,
      runAt,
      payload: { seriesId },
      dedupeKey: `${kind}:${seriesId}`,
      ifCompleted: runAt.getTime() > now ? 'replace' : 'keep',
    });
}

/** A series cancelled: nobody is reminded of its lineups any more. */
export async function cancelLineupReminder({ db, seriesId }: { db: DbOrTx; seriesId: string }) {
  await cancelJob({ db, dedupeKey: `${SERIES_LINEUP_REMIND_JOB}:${seriesId}` });
}

/**
 * 'series.lineup-remind': the captains of each team of a scheduled series that has no lineup yet are told to set
 * one before the lock, once per lock time however often the job runs (a start moved is a new text, told again).
 * Nothing when the reminder is not due for game 1's start (moved later: its job moved too) or lineups have locked.
 */
export async function remindLineups({
  deps,
  seriesId,
  now = Date.now(),
}: {
  deps: BoardDeps;
  seriesId: string;
  now?: number;
}) {
  const { db } = deps;
  const row = await repo.findSeries({ db, id: seriesId });
  if (!row || row.status !== 'scheduled') return;
  const [first] = await repo.findSeriesGames({ db, seriesId });
  if (!first || first.cancelledAt || first.abandonedAt) return;
  const start = first.gameStartTime;
  if (reminderTime(start).getTime() > now + CLOCK_SLACK_MS || now >= lockTime(start).getTime()) return;
  const [teamIds, lineups] = await Promise.all([
    repo.findSeriesTeamIds({ db, seriesId }),
    repo.findLineups({ db, seriesId }),
  ]);
  const cards = await getTeamCards({ db, teamIds });
  for (const teamId of teamIds.filter((id) => !lineups.some((player) => player.teamId === id))) {
    const opponent = teamIds.find((id) => id !== teamId);
    await notifyAlertOnce({
      deps,
      subject: { kind: 'series_alert', seriesId },
      userIds: await noticeRecipients({ db, teamIds: [teamId] }),
      message: BOARD_MESSAGES.lineupReminder(
        (opponent && cards.get(opponent)?.name) || '',
        formatUtcTime(lockTime(start)),
      ),
    });
  }
}

/**
 * Game 1's scrim starts at another time (an admin or a host of its region moved it): a scheduled series starts then,
 * and its lineup jobs move with it (lineups lock SERIES_LINEUP_LOCK_MINUTES before, as the slot statement reads from
 * the scrim). Idempotent: a series already at that start, or not scheduled, is left alone. Answers whether it moved
 * (jobs were scheduled).
 */
export async function followGameOneStart({
  db,
  seriesId,
  startsAt,
}: {
  db: Database;
  seriesId: string;
  startsAt: Date;
}) {
  return db.transaction(async (tx) => {
    const row = await repo.lockSeries({ tx, id: seriesId });
    if (!row || row.status !== 'scheduled' || row.startsAt.getTime() === startsAt.getTime()) return false;
    await repo.setSeriesStart({ db: tx, id: seriesId, startsAt });
    await scheduleLineupJobs({ db: tx, seriesId, startsAt });
    return true;
  });
}
