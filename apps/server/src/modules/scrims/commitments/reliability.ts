import {
  isPastLateLeaveLine,
  NO_SHOW_COOLDOWNS_HOURS,
  reliabilityState,
  shownReliability,
  WAITLIST_MESSAGES,
  type BrokenCommitment,
  type Reliability,
} from '@scrim-gym/shared';
import type { Database, DbOrTx } from '../../../db/client.js';
import { formatUtcDateTime } from '../../../lib/dates.js';
import { notFound } from '../../../lib/errors.js';
import { AUDIT_ACTIONS, writeAudit } from '../../audit/index.js';
import { insertNotificationRows, type StoredNotification } from '../../notifications/index.js';
import {
  addNoShowStrike,
  findRecentCommitments,
  findReliabilityOf,
  resetCooldown,
  upsertCommitments,
  type CommitmentEntry,
} from './commitments.repository.js';
import { type ParticipantRow, type ScrimRow } from '../core/scrim-aggregate.repository.js';
import { findScrimTitle, findUserById } from '../core/scrims.repository.js';

export type { CommitmentEntry };

/** A no-show's penalty as applied: the strike count, and the cooldown it brought (null: the first one, a warning). */
export interface NoShowPenalty {
  userId: string;
  strikes: number;
  cooldownUntil: Date | null;
  /** The player's notification of it (stored): publish it after the commit (the deps' notifier). */
  notification: StoredNotification;
}

/**
 * Records the players' commitments to a scrim inside the caller's transaction (under the scrim's lock) and
 * escalates the penalty of each new no-show: first a warning, then 24 hours, then 7 days without joining. A
 * no-show recorded again for the same scrim (a job that runs twice) is not penalised twice. Each penalty is
 * written to the audit log and to the player's notifications in the same transaction; the caller publishes the
 * returned notifications after the commit.
 */
export async function recordCommitments({
  db,
  scrimId,
  entries,
  actorId = null,
}: {
  db: DbOrTx;
  scrimId: string;
  entries: CommitmentEntry[];
  /** Who recorded the no-shows (a host or admin substituting); null: the check-in close. */
  actorId?: string | null;
}): Promise<NoShowPenalty[]> {
  const newNoShows = await upsertCommitments({ db, scrimId, entries });
  if (newNoShows.length === 0) return [];
  const title = (await findScrimTitle({ db, id: scrimId })) ?? 'a scrim';
  const penalties: NoShowPenalty[] = [];
  for (const userId of newNoShows) {
    const penalty = await addNoShowStrike({ db, userId, hoursByStrike: NO_SHOW_COOLDOWNS_HOURS });
    if (!penalty) continue;
    const { cooldownUntil, strikes } = penalty;
    await writeAudit({
      db,
      entries: [
        {
          actorId,
          action: AUDIT_ACTIONS.noShowPenalty,
          targetUserId: userId,
          targetScrimId: scrimId,
          details: { strikes, cooldownUntil: cooldownUntil?.toISOString() ?? null },
        },
      ],
    });
    const [notification] = await insertNotificationRows({
      db,
      values: [
        {
          userId,
          kind: 'scrim_alert',
          relatedScrimId: scrimId,
          message: cooldownUntil
            ? WAITLIST_MESSAGES.noShowCooldown(title, formatUtcDateTime(cooldownUntil))
            : WAITLIST_MESSAGES.noShowWarning(title),
        },
      ],
    });
    penalties.push({ userId, strikes, cooldownUntil, notification: notification! });
  }
  return penalties;
}

/**
 * Whether a player is held to their place (a no-show, a late leave and the cooldowns they bring): one who took the
 * slot themselves, was promoted from a waitlist they joined or signed up to a balanced scrim is; one a host or
 * admin placed (assigned, filled at random, brought in as a substitute) is not until they check in or confirm
 * the place, because nobody is penalised for a scrim they never chose.
 */
export const carriesCommitment = (participant: Pick<ParticipantRow, 'placed'>) => !participant.placed;

/**
 * A player leaving by themself past the late-leave line (LATE_LEAVE_HOURS before the start, or after it) leaves
 * late, unless they carry no commitment (a placed player).
 */
export const isLateLeave = (leaver: Pick<ParticipantRow, 'placed'>, gameStartTime: Date, now = Date.now()) =>
  carriesCommitment(leaver) && isPastLateLeaveLine(gameStartTime, now);

const isBroken = (outcome: string): outcome is BrokenCommitment['outcome'] =>
  outcome === 'no_show' || outcome === 'late_leave';

/**
 * GET /api/users/:id/reliability: new or rated, the share (while rated), what it counts, the broken commitments
 * with their scrims (a private scrim named only to those who see the user's private scrims), and the running
 * cooldown. 404: no such account.
 */
export async function getReliability({
  db,
  userId,
  seesPrivate,
}: {
  db: Database;
  userId: string;
  /** Whether the viewer sees the user's private scrims (the users module's rule). */
  seesPrivate: boolean;
}): Promise<Reliability> {
  const user = await findReliabilityOf({ db, userId });
  if (!user) throw notFound(WAITLIST_MESSAGES.userNotFound, 'USER_NOT_FOUND');
  const recent = await findRecentCommitments({ db, userId });
  const running = user.cooldownUntil && user.cooldownUntil.getTime() > Date.now() ? user.cooldownUntil : null;
  const broken = recent.flatMap(({ outcome, recordedAt, scrimId, scrimTitle, gameStartTime, isPrivate }) =>
    isBroken(outcome)
      ? [
          {
            outcome,
            at: recordedAt.toISOString(),
            scrim:
              isPrivate && !seesPrivate
                ? null
                : { _id: scrimId, title: scrimTitle, gameStartTime: gameStartTime.toISOString() },
          },
        ]
      : [],
  );
  return {
    state: reliabilityState(recent.length),
    score: shownReliability(user.reliabilityScore, recent.length),
    commitments: recent.length,
    noShows: broken.filter((c) => c.outcome === 'no_show').length,
    lateLeaves: broken.filter((c) => c.outcome === 'late_leave').length,
    broken,
    cooldownUntil: running?.toISOString() ?? null,
  };
}

/**
 * DELETE /api/admin/users/:id/cooldown: an admin clears the user's cooldown and no-show strikes (the next no-show
 * is a warning again), audited in the same transaction. 404: no such account.
 */
export async function clearCooldown({ db, userId, adminId }: { db: Database; userId: string; adminId: string }) {
  await db.transaction(async (tx) => {
    const before = await resetCooldown({ db: tx, userId });
    if (!before) throw notFound(WAITLIST_MESSAGES.userNotFound, 'USER_NOT_FOUND');
    await writeAudit({
      db: tx,
      entries: [
        {
          actorId: adminId,
          action: AUDIT_ACTIONS.clearCooldown,
          targetUserId: userId,
          details: { cooldownUntil: before.cooldownUntil?.toISOString() ?? null, strikes: before.noShowStrikes },
        },
      ],
    });
  });
  return { success: true as const, message: WAITLIST_MESSAGES.cooldownCleared };
}

/**
 * A player left a scrim by themself (not a kick), inside the leave's transaction: past the late-leave line
 * (LATE_LEAVE_HOURS before the start, or after it) it is a late leave, recorded as their commitment; a late leave or a leave with a reason
 * goes to the audit log (the reason in its details, for the admins) and, when the scrim has a community host, to
 * the host's notifications. Earlier, with or without a reason, the leave costs nothing, and so does a placed
 * player's leave at any time (carriesCommitment). Returns the notifications to publish after the commit.
 */
export async function recordOwnLeave({
  db,
  scrim,
  userId,
  placed,
  reason,
  now = Date.now(),
}: {
  db: DbOrTx;
  scrim: Pick<ScrimRow, 'id' | 'title' | 'gameStartTime' | 'hostedBy'>;
  userId: string;
  /** Whether the leaver was a placed player when they left. */
  placed: boolean;
  reason?: string;
  now?: number;
}): Promise<StoredNotification[]> {
  const late = isLateLeave({ placed }, scrim.gameStartTime, now);
  if (late) await recordCommitments({ db, scrimId: scrim.id, entries: [{ userId, outcome: 'late_leave' }] });
  if (!late && !reason) return [];
  await writeAudit({
    db,
    entries: [
      {
        actorId: userId,
        action: AUDIT_ACTIONS.playerLeft,
        targetUserId: userId,
        targetScrimId: scrim.id,
        details: { late, ...(reason && { reason }) },
      },
    ],
  });
  if (!scrim.hostedBy || scrim.hostedBy === userId) return [];
  const leaver = await findUserById({ db, id: userId });
  return insertNotificationRows({
    db,
    values: [
      {
        userId: scrim.hostedBy,
        kind: 'scrim_alert',
        relatedScrimId: scrim.id,
        relatedUserId: userId,
        message: WAITLIST_MESSAGES.playerLeftNotification(leaver?.name ?? 'A player', scrim.title, reason),
      },
    ],
  });
}
