import { BALANCE_MESSAGES } from '@scrim-gym/shared';
import type { Transaction } from '../../../db/client.js';
import type { StoredNotification } from '../../notifications/index.js';
import { deletePlacesOf, lockUpcomingScrimsOf } from './account-removal.repository.js';
import { LOBBY_SIZE, makeTeams } from '../signups/balance.js';
import { promoteIntoFreedSlots, type FreedSlot } from '../waitlist/promotion.js';
import { settleLobbyHost } from '../slots/slots.repository.js';
import { clearTeams, countSignups, findSignupCandidates } from '../signups/signups.repository.js';

/**
 * A deleted account leaves every scrim that has not started, inside the deletion's transaction: its waitlist
 * entries, sign-ups, slots, casts and lobby hosting go, as if it had left each one itself. A balanced scrim whose
 * teams it was in has them undone (the deleted player is neither seated nor counted toward the ten); each freed
 * slot or sign-up goes to the first suitable waitlisted player, and a balanced scrim back at ten sign-ups gets
 * its teams made at once. Scrims already started or finished keep it, so others' history and stats stay.
 * Returns the scrims that changed and the notifications to publish after the commit.
 */
export async function removeFromUpcomingScrims({ db, userId }: { db: Transaction; userId: string }) {
  const changed = await lockUpcomingScrimsOf({ db, userId });
  const notifications: StoredNotification[] = [];
  for (const scrim of changed) {
    const scrimId = scrim.id;
    const { signedUp, places } = await deletePlacesOf({ db, scrimId, userId });
    let freed: FreedSlot[];
    if (signedUp) {
      // A balanced scrim's sign-up: its teams (if made) are undone.
      await clearTeams({ db, scrimId });
      freed = [{ team: null, role: null }];
    } else {
      freed = places.filter((p) => p.kind === 'player').map((p) => ({ team: p.team, role: p.role }));
    }
    await settleLobbyHost({ db, scrimId, left: userId });
    notifications.push(...(await promoteIntoFreedSlots({ db, scrim, freed })));
    const teamsToMake = signedUp && (await countSignups({ db, scrimId })) === LOBBY_SIZE;
    if (teamsToMake) {
      const ten = await findSignupCandidates({ db, scrimId });
      const message = BALANCE_MESSAGES.teamsMadeNotification(scrim.title);
      notifications.push(...(await makeTeams({ db, scrimId, ten, message })));
    }
  }
  return { scrimIds: changed.map((s) => s.id), notifications };
}
