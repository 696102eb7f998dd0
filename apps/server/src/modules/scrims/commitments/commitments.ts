import type { DbOrTx } from '../../../db/client.js';
import type { StoredNotification } from '../../notifications/index.js';
import type { ParticipantRow, ScrimRow } from '../core/scrim-aggregate.repository.js';
import { recordCommitments } from './reliability.js';

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

/**
 * Records what the players did at a check-in close or a substitution, in the caller's transaction under the
 * scrim's lock: kept commitments ('checked_in') and no-shows. Each new no-show escalates that player's penalty,
 * which goes to the audit log (actor: the host or admin who substituted; none for the check-in close); the stored
 * notifications that tell them are returned, to publish after the commit.
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
}): Promise<StoredNotification[]> {
  const penalties = await recordCommitments({
    db,
    scrimId: scrim.id,
    entries: [
      ...checkedIn.map((userId) => ({ userId, outcome: 'checked_in' as const })),
      ...noShows.map((userId) => ({ userId, outcome: 'no_show' as const })),
    ],
    actorId,
  });
  return penalties.map((penalty) => penalty.notification);
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
