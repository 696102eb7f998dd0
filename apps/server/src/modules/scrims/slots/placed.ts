import { PLACED_MESSAGES, teamDisplayName, type Role, type TeamName } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import type { NewNotification } from '../../notifications/index.js';
import type { Viewer } from '../core/scrims.policy.js';
import { findUserById } from '../core/scrims.repository.js';

/**
 * Placed players: a host or admin put them into a scrim (assigned, filled at random, brought in as a substitute).
 * They did not choose it, so they carry no commitment (carriesCommitment) until they check in or confirm the
 * place, and they are told who placed them. Whether a new player is placed (put in by someone else) is decided by
 * the slot statement (scrim_slot_change's assign and substitute), which seats them.
 */

/**
 * The 'scrim_placed' notifications of players `viewer` placed, to store in the action's transaction: who placed
 * them, and that they may leave at no cost or confirm. `substitute`: brought in after the start.
 */
export async function placedNotifications({
  db,
  viewer,
  scrim,
  placed,
  substitute = false,
}: {
  db: DbOrTx;
  viewer: Viewer;
  scrim: { id: string; title: string };
  placed: { userId: string; team: TeamName; role: Role }[];
  substitute?: boolean;
}): Promise<NewNotification[]> {
  if (placed.length === 0) return [];
  const by = (await findUserById({ db, id: viewer.id }))?.name ?? 'An admin';
  const text = substitute ? PLACED_MESSAGES.substituteNotification : PLACED_MESSAGES.placedNotification;
  return placed.map(({ userId, team, role }) => ({
    userId,
    kind: 'scrim_placed' as const,
    relatedScrimId: scrim.id,
    relatedUserId: viewer.id,
    message: text(by, scrim.title, `${teamDisplayName(team)} ${role}`),
  }));
}
