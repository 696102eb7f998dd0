import { ACCOUNT_DELETION_MESSAGES } from '@scrim-gym/shared';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { emitToOtherInstances, type AppServer } from '../../plugins/io.js';
import { endUserSockets, reserveVerifiedName, type SessionForgetter } from '../auth/index.js';
import { removeCalendarFeed } from '../calendar/index.js';
import { leaveTeamsOfDeletedUser } from '../teams/index.js';
import {
  LISTS_CHANGED_EVENT,
  getScrimAggregate,
  publishScrimChange,
  removeFromUpcomingScrims,
  type ScrimDeps,
} from '../scrims/index.js';
import {
  anonymiseUser,
  blankMessages,
  deleteSignIns,
  deleteSocialTies,
  lockLiveUser,
} from './account-deletion.repository.js';

/** Summoner names compare as the unique index does: ignoring case and runs of spaces. */
const normaliseName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * DELETE /api/users/me: the session user deletes their own account, after typing its summoner name.
 *
 * In ONE transaction (all or nothing): the account row is anonymised in place ('Deleted player'; name, discord
 * and email freed at once), its sign-in identities, sessions (and with them every push subscription, which
 * belongs to a session) and calendar feed deleted, its friendships, friend requests and notifications deleted
 * (and others' notifications about it), a verified Riot ID's name reserved for its Riot account as an unlink
 * does, the text of the direct messages it sent replaced by a notice, and every place it had in scrims that have
 * not started given back: slots, casts, hosting, balanced sign-ups and waitlist entries (removeFromUpcomingScrims:
 * nothing of it is seated or counted later); it leaves its teams (an owner's team passes to a captain, else a
 * member, and is deleted when nobody else is on it). Scrims played keep it as 'Deleted
 * player', so everyone else's history and stats stay as they were. Bans and audit rows keep their reference to
 * the id (accountability), with no name behind it.
 *
 * After the commit: every instance forgets the user's cached sessions (acknowledged before the answer), every
 * socket of the user is disconnected (on every instance, through the adapter), the hub's cached lists (which
 * hold its name) are cleared everywhere, the scrims it left are published (and their lifecycle listeners told),
 * and the players promoted into its places are notified. Pushes and calendar feeds are read from the database
 * when used, so no instance keeps anything of them.
 */
export async function deleteOwnAccount({
  db,
  io,
  sessionForgetter,
  scrims,
  userId,
  confirmation,
}: {
  db: Database;
  io: AppServer;
  sessionForgetter: SessionForgetter;
  /** The scrims module's dependencies: the scrims the account leaves are published again. */
  scrims: ScrimDeps;
  userId: string;
  confirmation: string;
}) {
  const { scrimIds, notifications } = await db.transaction(async (tx) => {
    const user = await lockLiveUser({ db: tx, id: userId });
    if (!user) throw notFound(ACCOUNT_DELETION_MESSAGES.confirmationMismatch, 'USER_NOT_FOUND');
    if (normaliseName(confirmation) !== normaliseName(user.name)) {
      throw badRequest(ACCOUNT_DELETION_MESSAGES.confirmationMismatch, 'CONFIRMATION_MISMATCH');
    }
    const left = await removeFromUpcomingScrims({ db: tx, userId });
    await deleteSocialTies({ db: tx, userId });
    await blankMessages({ db: tx, userId });
    await deleteSignIns({ db: tx, userId });
    await removeCalendarFeed({ db: tx, userId });
    await leaveTeamsOfDeletedUser({ tx, userId });
    // A verified name stays its Riot account's for a while, as after an unlink.
    if (user.riotLinkedAt && user.riotPuuid) {
      await reserveVerifiedName({
        db: tx,
        name: user.name,
        region: user.region,
        riotPuuid: user.riotPuuid,
        now: new Date(),
      });
    }
    await anonymiseUser({ db: tx, id: userId });
    return left;
  });

  await sessionForgetter.forget({ userId });
  endUserSockets({ io, userId });
  scrims.listCache.clear();
  emitToOtherInstances(io, LISTS_CHANGED_EVENT);
  for (const scrimId of scrimIds) {
    const aggregate = await getScrimAggregate({ db, id: scrimId });
    if (!aggregate) continue;
    publishScrimChange(scrims, aggregate);
    await scrims.lifecycle.emit('changed', { aggregate });
  }
  scrims.notifier.publish(notifications);
  return { message: ACCOUNT_DELETION_MESSAGES.deleted };
}
