import { CHECK_IN_MESSAGES } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { formatUtcDateTime } from '../../lib/dates.js';
import { AUDIT_ACTIONS, writeAudit } from '../audit/index.js';
import type { ParticipantRow, ScrimRow } from './scrims.repository.js';
import { recordCommitments, type NoShowPenalty } from './scrims.reliability.js';

/** A notification to store in the action's transaction (insertNotificationRows), then publish after commit. */
export interface ScrimAlert {
  userId: string;
  kind: 'scrim_alert';
  message: string;
  relatedScrimId: string;
}

export const scrimAlert = (scrimId: string, userId: string, message: string): ScrimAlert => ({
  userId,
  kind: 'scrim_alert',
  message,
  relatedScrimId: scrimId,
});

/** What a no-show's penalty tells them: a warning the first time, else until when they cannot join. */
export function penaltyMessage(title: string, penalty: NoShowPenalty) {
  return penalty.cooldownUntil
    ? CHECK_IN_MESSAGES.noShowCooldown(title, formatUtcDateTime(penalty.cooldownUntil))
    : CHECK_IN_MESSAGES.noShowWarning(title);
}

/**
 * Records what the players did at a check-in close or a substitution, in the caller's transaction under the
 * scrim's lock: kept commitments ('checked_in') and no-shows. Each new no-show escalates that player's penalty,
 * which goes to the audit log (actor: the host or admin who substituted; none for the check-in close) and is
 * returned as the alert that tells them.
 */
export async function recordShowUps({
  db,
  scrim,
  checkedIn = [],
  noShows = [],
  actorId,
}: {
  db: DbOrTx;
  scrim: Pick<ScrimRow, 'id' | 'title'>;
  checkedIn?: string[];
  noShows?: string[];
  actorId: string | null;
}): Promise<ScrimAlert[]> {
  const penalties = await recordCommitments({
    db,
    scrimId: scrim.id,
    entries: [
      ...checkedIn.map((userId) => ({ userId, outcome: 'checked_in' as const })),
      ...noShows.map((userId) => ({ userId, outcome: 'no_show' as const })),
    ],
  });
  await writeAudit({
    db,
    entries: penalties.map((penalty) => ({
      actorId,
      action: AUDIT_ACTIONS.noShowPenalty,
      targetUserId: penalty.userId,
      targetScrimId: scrim.id,
      details: { strikes: penalty.strikes, cooldownUntil: penalty.cooldownUntil?.toISOString() ?? null },
    })),
  });
  return penalties.map((penalty) => scrimAlert(scrim.id, penalty.userId, penaltyMessage(scrim.title, penalty)));
}

/**
 * A result became confirmed (a captain's report confirmed, an admin's or Riot's result): the players in the
 * scrim now played it. One commitment per scrim and player, so a result changed or confirmed again counts once;
 * a substitute counts, the absentee they replaced keeps their no-show.
 */
export async function recordPlayed({
  db,
  scrimId,
  participants,
}: {
  db: DbOrTx;
  scrimId: string;
  participants: ParticipantRow[];
}) {
  const players = participants.filter((p) => p.kind === 'player');
  await recordCommitments({
    db,
    scrimId,
    entries: players.map((p) => ({ userId: p.userId, outcome: 'played' as const })),
  });
}
