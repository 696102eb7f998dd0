import { CHECK_IN_MESSAGES } from '@scrim-gym/shared';
import { formatUtcTime } from '../../../lib/dates.js';
import { notifyScrimAlertOnce } from '../../notifications/index.js';
import type { ScrimAggregate } from '../core/scrim-aggregate.repository.js';
import { findScrimAggregate } from '../core/scrims.repository.js';
import { CLOCK_SLACK_MS, checkInStepTime, type CheckInStep } from '../core/scrims.schedule.js';
import { checkInApplies, type JobDeps } from './checkin.js';

/**
 * The check-in jobs that only tell: 'scrim.check-in-open' tells the players that check-in is open, and
 * 'scrim.check-in-remind' reminds those who have not checked in yet. Each is a stored 'scrim_alert', pushed live,
 * once per player and text however often its job runs (a new start time is a new text, told again).
 */

/**
 * A check-in step's scrim, when the step applies now: check-in on, the scrim still to be played, its step due
 * (a start moved later moved the job too: not yet) and the close still ahead. Null otherwise.
 */
async function scrimForNotice(deps: JobDeps, scrimId: string, step: CheckInStep, now: number) {
  const aggregate = await findScrimAggregate({ db: deps.db, id: scrimId });
  if (!aggregate || !checkInApplies(aggregate.scrim) || aggregate.scrim.checkInClosedAt) return null;
  const { gameStartTime } = aggregate.scrim;
  if (checkInStepTime(step, gameStartTime).getTime() > now + CLOCK_SLACK_MS) return null;
  // Too late to check in (a scrim created or moved inside its window's last minutes): nobody is told to.
  if (now >= checkInStepTime('close', gameStartTime).getTime()) return null;
  return aggregate;
}

interface NoticeJob {
  deps: JobDeps;
  scrimId: string;
  now?: number;
}

/** Tells the players `whom` picks, with the text `message` makes of the scrim's title and closing time. */
async function tellPlayers(
  { deps, scrimId, now = Date.now() }: NoticeJob,
  step: CheckInStep,
  whom: (aggregate: ScrimAggregate) => (player: ScrimAggregate['participants'][number]) => boolean,
  message: (title: string, closesAt: string) => string,
) {
  const aggregate = await scrimForNotice(deps, scrimId, step, now);
  if (!aggregate) return [];
  const { scrim, participants } = aggregate;
  const picked = whom(aggregate);
  return notifyScrimAlertOnce({
    deps,
    scrimId,
    userIds: participants.filter((p) => p.kind === 'player' && picked(p)).map((p) => p.user.id),
    message: message(scrim.title, formatUtcTime(checkInStepTime('close', scrim.gameStartTime))),
  });
}

/** 'scrim.check-in-open': every player is told check-in is open, and until when. */
export const notifyCheckInOpen = (job: NoticeJob) =>
  tellPlayers(job, 'open', () => () => true, CHECK_IN_MESSAGES.openNotification);

/** 'scrim.check-in-remind': the players who have not checked in yet are reminded. */
export const remindCheckIn = (job: NoticeJob) =>
  tellPlayers(
    job,
    'remind',
    ({ checkIns }) => {
      const checkedIn = new Set(checkIns);
      return (player) => !checkedIn.has(player.user.id);
    },
    CHECK_IN_MESSAGES.reminderNotification,
  );
