/**
 * Check-in. With check-in on (scrims.check_in_enabled, the default), the players of a scrim confirm
 * between CHECK_IN_OPENS_MINUTES and CHECK_IN_CLOSES_MINUTES before its start. Three jobs (core/scrims.schedule.ts)
 * tell them when it opens, remind those not checked in CHECK_IN_REMINDER_MINUTES before it closes, and close it:
 * once per scrim (scrims.check_in_closed_at, under the scrim's row lock), the players of a full scrim who did
 * not check in lose their slot, each freed slot goes to the first suitable waitlisted player, and every player's
 * commitment is recorded (checked in, or a no-show that escalates their penalty).
 */
import {
  CHECK_IN_MESSAGES,
  PLACED_MESSAGES,
  ROLES,
  TEAMS,
  teamDisplayName,
  areTeamsFull,
  type Slot,
  type WaitlistRole,
} from '@scrim-gym/shared';
import { formatUtcTime } from '../../../lib/dates.js';
import { conflict, forbidden } from '../../../lib/errors.js';
import { insertNotificationRows } from '../../notifications/index.js';
import {
  findCheckedIn,
  findWaitlist,
  insertCheckIn,
  promoteFromWaitlist,
  removePlayers,
} from './checkin.repository.js';
import { recordShowUps, scrimAlert } from '../commitments/commitments.js';
import { checkInWindowOf } from '../core/scrims.presenter.js';
import { type ScrimRow } from '../core/scrim-aggregate.repository.js';
import {
  clearPlaced,
  findParticipants,
  findScrimAggregate,
  lockScrim,
  updateScrim,
} from '../core/scrims.repository.js';
import { carriesCommitment } from '../commitments/reliability.js';
import { CLOCK_SLACK_MS, checkInStepTime } from '../core/scrims.schedule.js';
import {
  assertNoWinner,
  assertNotAbandoned,
  changeScrim,
  publishScrimChange,
  type ScrimAction,
  type ScrimDeps,
} from '../core/scrim-change.js';
import { clearBalance } from '../signups/signups.repository.js';
import { settleLobbyHost } from '../slots/slots.repository.js';

export type JobDeps = Pick<ScrimDeps, 'db' | 'io' | 'notifier' | 'listCache'>;

/** Check-in applies: turned on, and the scrim neither cancelled, abandoned nor finished. */
export const checkInApplies = (scrim: ScrimRow) =>
  scrim.checkInEnabled && !scrim.cancelledAt && !scrim.abandonedAt && !scrim.teamWon;

/** A cancelled scrim is over: nobody checks in. */
function assertNotCancelled(scrim: ScrimRow) {
  if (scrim.cancelledAt) throw conflict(CHECK_IN_MESSAGES.cancelled, 'SCRIM_CANCELLED');
}

/**
 * POST /api/scrims/:id/check-in: the viewer, a player of the scrim, confirms they will play (a placed player so
 * takes the place as their own). Checking in again is a harmless 200 (a retried request gets the same answer);
 * nothing else is written then.
 */
export function checkIn({ deps, viewer, scrimId, now = Date.now() }: ScrimAction & { now?: number }) {
  return changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      if (!participants.some((p) => p.kind === 'player' && p.userId === viewer.id))
        throw forbidden(CHECK_IN_MESSAGES.notAPlayer, 'NOT_A_PLAYER');
      assertNotCancelled(scrim);
      assertNotAbandoned(scrim);
      const closedAt = formatUtcTime(checkInStepTime('close', scrim.gameStartTime));
      if (scrim.teamWon) throw conflict(CHECK_IN_MESSAGES.closed(closedAt), 'CHECK_IN_CLOSED');
      const window = checkInWindowOf(scrim);
      if (!window) throw conflict(CHECK_IN_MESSAGES.checkInOff, 'CHECK_IN_OFF');
      if (now < window.opensAt.getTime())
        throw conflict(CHECK_IN_MESSAGES.notOpenYet(formatUtcTime(window.opensAt)), 'CHECK_IN_NOT_OPEN');
      if (now >= window.closesAt.getTime() || scrim.checkInClosedAt)
        throw conflict(CHECK_IN_MESSAGES.closed(closedAt), 'CHECK_IN_CLOSED');
      await insertCheckIn({ db: tx, scrimId, userId: viewer.id });
      await clearPlaced({ db: tx, scrimId, userId: viewer.id });
    },
  });
}

/**
 * POST /api/scrims/:id/confirm-place: a placed player takes the place as their own, as a check-in does; from then
 * on a no-show or a late leave counts, as for a player who took the slot. 403: not a player of the scrim; 409: not
 * placed (they chose the place, or confirmed it already), or the scrim is over.
 */
export function confirmPlace({ deps, viewer, scrimId }: ScrimAction) {
  return changeScrim({
    deps,
    scrimId,
    viewer,
    apply: async ({ tx, scrim, participants }) => {
      const mine = participants.find((p) => p.kind === 'player' && p.userId === viewer.id);
      if (!mine) throw forbidden(PLACED_MESSAGES.notAPlayer, 'NOT_A_PLAYER');
      assertNoWinner(scrim);
      if (carriesCommitment(mine)) throw conflict(PLACED_MESSAGES.notPlaced, 'NOT_PLACED');
      await clearPlaced({ db: tx, scrimId, userId: viewer.id });
    },
  });
}

/**
 * The freed slots in the order they are offered to the waitlist: first the slots of roles that fewer waitlisted
 * players named, so that an 'any' entry takes a slot nobody asked for by name and a named role stays for whoever
 * named it; then Top…Support of teamOne, then of teamTwo. Each slot goes to its first suitable entry.
 */
export function promotionOrder(slots: Slot[], waitlist: { role: WaitlistRole }[]): Slot[] {
  const named = (slot: Slot) => waitlist.filter((w) => w.role === slot.role).length;
  const canonical = (slot: Slot) => TEAMS.indexOf(slot.team) * ROLES.length + ROLES.indexOf(slot.role);
  return [...slots].sort((a, b) => named(a) - named(b) || canonical(a) - canonical(b));
}

const slotLabel = ({ team, role }: Slot) => `${teamDisplayName(team)} ${role}`;

export interface CheckInClose {
  /** The players who lost their slot. */
  dropped: string[];
  /** Who took a freed slot from the waitlist. */
  promoted: (Slot & { userId: string })[];
}

/**
 * 'scrim.check-in-close', CHECK_IN_CLOSES_MINUTES before the start. Under the scrim's row lock and once per
 * scrim (check_in_closed_at, stamped in the same transaction), so a second run, or a run on another instance,
 * finds it closed and does nothing. Only a full scrim drops anyone (the players of a scrim that cannot start yet
 * lose nothing by waiting), and only players who were in it when check-in closed (a close that runs late leaves
 * those who joined after it alone). A dropped placed player (carriesCommitment) is no no-show. Everything is written in one transaction, the notifications included;
 * they are pushed and the scrim published after the commit. Returns what it did, or null when it did not run.
 */
export async function closeCheckIn({
  deps,
  scrimId,
  now = Date.now(),
}: {
  deps: JobDeps;
  scrimId: string;
  now?: number;
}): Promise<CheckInClose | null> {
  const outcome = await deps.db.transaction(async (tx) => {
    const scrim = await lockScrim({ db: tx, id: scrimId });
    if (!scrim || scrim.checkInClosedAt || !checkInApplies(scrim)) return null;
    const closesAt = checkInStepTime('close', scrim.gameStartTime);
    if (closesAt.getTime() > now + CLOCK_SLACK_MS) return null;
    await updateScrim({ db: tx, id: scrimId, values: { checkInClosedAt: new Date(now) } });

    const players = (await findParticipants({ db: tx, scrimId })).filter((p) => p.kind === 'player');
    const checkedIn = await findCheckedIn({ db: tx, scrimId });
    const absentees = areTeamsFull(players)
      ? players.filter((p) => !checkedIn.has(p.userId) && p.joinedAt.getTime() <= closesAt.getTime())
      : [];
    const dropped = absentees.map((p) => p.userId);
    const promoted: CheckInClose['promoted'] = [];
    if (dropped.length > 0) {
      await removePlayers({ db: tx, scrimId, userIds: dropped });
      await clearBalance({ db: tx, scrimId });
      const freed = absentees.map((p) => ({ team: p.team!, role: p.role! }));
      for (const slot of promotionOrder(freed, await findWaitlist({ db: tx, scrimId }))) {
        const userId = await promoteFromWaitlist({ db: tx, scrimId, ...slot });
        if (userId) promoted.push({ ...slot, userId });
      }
      const hostLeft = scrim.lobbyHostId && dropped.includes(scrim.lobbyHostId) ? scrim.lobbyHostId : null;
      await settleLobbyHost({ db: tx, scrimId, left: hostLeft });
    }

    // A placed player who never confirmed loses the place, not their reliability.
    const noShows = absentees.filter(carriesCommitment).map((p) => p.userId);
    const alerts = [
      ...absentees.map((p) =>
        scrimAlert(
          scrimId,
          p.userId,
          carriesCommitment(p)
            ? CHECK_IN_MESSAGES.droppedNotification(scrim.title)
            : PLACED_MESSAGES.droppedNotification(scrim.title),
        ),
      ),
      ...promoted.map((p) =>
        scrimAlert(scrimId, p.userId, CHECK_IN_MESSAGES.promotedNotification(scrim.title, slotLabel(p))),
      ),
    ];
    const penalties = await recordShowUps({
      db: tx,
      scrim,
      checkedIn: players.filter((p) => checkedIn.has(p.userId)).map((p) => p.userId),
      noShows,
      actorId: null,
    });
    const stored = [...(await insertNotificationRows({ db: tx, values: alerts })), ...penalties];
    return { dropped, promoted, stored };
  });
  if (!outcome) return null;
  deps.notifier.publish(outcome.stored);
  if (outcome.dropped.length > 0) {
    const aggregate = await findScrimAggregate({ db: deps.db, id: scrimId });
    if (aggregate) publishScrimChange(deps, aggregate);
  }
  return { dropped: outcome.dropped, promoted: outcome.promoted };
}
