import type { Database, Transaction } from '../../db/client.js';
import { insertNotificationRows, type Notifier, type StoredNotification } from '../notifications/index.js';
import type { ScrimDeps } from '../scrims/index.js';
import { captainsOf } from '../teams/index.js';

/** What the board's services use: the database and the notifier that pushes stored notifications. */
export interface BoardDeps {
  db: Database;
  notifier: Notifier;
}

/** A series' services also publish the scrims they change (their pages, the lists, the modules that follow scrims). */
export interface SeriesDeps extends BoardDeps {
  scrims: Pick<ScrimDeps, 'io' | 'listCache' | 'lifecycle'>;
}

/** Who is told of a board or series event: the captains of `teamIds`, and `userIds` (a lineup's players). */
export interface Notice {
  teamIds: readonly string[];
  userIds?: readonly string[];
  message: string;
}

/**
 * A 'general' notification for everyone each notice names, once per notice, the one acting (`actorId`; null when
 * the server acts) aside, stored in the transaction: the caller publishes them after the commit.
 */
export async function notifyTeams({
  tx,
  actorId,
  notices,
}: {
  tx: Transaction;
  actorId: string | null;
  notices: Notice[];
}): Promise<StoredNotification[]> {
  const captains = await captainsOf({ db: tx, teamIds: notices.flatMap((notice) => notice.teamIds) });
  const values = notices.flatMap(({ teamIds, userIds = [], message }) =>
    [...new Set([...teamIds.flatMap((teamId) => captains.get(teamId) ?? []), ...userIds])]
      .filter((userId) => userId !== actorId)
      .map((userId) => ({ userId, kind: 'general' as const, message, relatedUserId: actorId })),
  );
  return insertNotificationRows({ db: tx, values });
}

/** Runs `work` in one transaction, then publishes the notifications it stored. */
export async function commitAndNotify<T>(
  deps: BoardDeps,
  work: (tx: Transaction) => Promise<{ result: T; stored: StoredNotification[] }>,
): Promise<T> {
  const { result, stored } = await deps.db.transaction(work);
  deps.notifier.publish(stored);
  return result;
}
