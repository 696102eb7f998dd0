import type { Region } from '@scrim-gym/shared';
import type { Database, DbOrTx, Transaction } from '../../db/client.js';
import type { AppServer } from '../../plugins/io.js';
import { insertNotificationRows, type Notifier, type StoredNotification } from '../notifications/index.js';
import { publishScrimChange, type ScrimAggregate, type ScrimDeps } from '../scrims/index.js';
import { captainsOf } from '../teams/index.js';
import { publishBoardChange, publishSeriesChange } from './board.live.js';
import type { BoardLifecycle, BoardLifecycleEvents } from './board.lifecycle.js';

/**
 * What the board's services use: the database, the notifier that pushes stored notifications, the sockets
 * that tell the pages watching a board or a series that it changed (board.live.ts), and the lifecycle that tells the
 * modules following the board (board.lifecycle.ts).
 */
export interface BoardDeps {
  db: Database;
  notifier: Notifier;
  io: AppServer;
  lifecycle: BoardLifecycle;
}

/** One of the board's lifecycle events, with its payload: what a commit tells the board's followers. */
export type BoardEvent = {
  [K in keyof BoardLifecycleEvents]: { name: K; payload: BoardLifecycleEvents[K] };
}[keyof BoardLifecycleEvents];

const emitEvent = (lifecycle: BoardLifecycle, event: BoardEvent) => lifecycle.emit(event.name, event.payload as never);

/** A series' services also publish the scrims they change (their pages, the lists, the modules that follow scrims). */
export interface SeriesDeps extends BoardDeps {
  scrims: Pick<ScrimDeps, 'io' | 'listCache' | 'lifecycle'>;
}

/**
 * Who is told of a board or series event: the captains of `teamIds`, and `userIds` (a lineup's players); `seriesId`
 * is the series a click opens (none: the board).
 */
export interface Notice {
  teamIds: readonly string[];
  userIds?: readonly string[];
  message: string;
  seriesId?: string;
}

/**
 * A 'series_alert' for everyone each notice names, once per notice, the one acting (`actorId`; null when the server
 * acts) aside, stored in the transaction: the caller publishes them after the commit.
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
  const values = notices.flatMap((notice) =>
    recipientsOf(notice, captains)
      .filter((userId) => userId !== actorId)
      .map((userId) => ({
        userId,
        kind: 'series_alert' as const,
        message: notice.message,
        relatedUserId: actorId,
        relatedSeriesId: notice.seriesId ?? null,
      })),
  );
  return insertNotificationRows({ db: tx, values });
}

/** Everyone a notice names: its teams' captains (`captains`, by team) and its users, each once. */
function recipientsOf({ teamIds, userIds = [] }: Pick<Notice, 'teamIds' | 'userIds'>, captains: Map<string, string[]>) {
  return [...new Set([...teamIds.flatMap((teamId) => captains.get(teamId) ?? []), ...userIds])];
}

/** The user ids a notice names (its teams' captains and its users), for an alert sent once (`notifyAlertOnce`). */
export async function noticeRecipients({ db, ...notice }: { db: DbOrTx } & Pick<Notice, 'teamIds' | 'userIds'>) {
  return recipientsOf(notice, await captainsOf({ db, teamIds: notice.teamIds }));
}

/**
 * Runs one change of the board (`work`) in one transaction, then publishes the notifications it stored, tells
 * the watchers of the board of the post's `region` and the board's followers of its `event`, if any (every board
 * change passes here, once, after its commit).
 */
export async function commitAndNotify<T>(
  deps: BoardDeps,
  work: (tx: Transaction) => Promise<{ result: T; stored: StoredNotification[]; region: Region; event?: BoardEvent }>,
): Promise<T> {
  const { result, stored, region, event } = await deps.db.transaction(work);
  deps.notifier.publish(stored);
  publishBoardChange(deps.io, region);
  if (event) await emitEvent(deps.lifecycle, event);
  return result;
}

/**
 * After a series' commit: its stored notifications, then the scrims it changed (their pages, the lists, the modules
 * that follow scrims), and the series' page is told; a series that ended tells the board's followers. Every change of a series game's scrim tells the series' page
 * by itself (series.jobs.ts follows each committed scrim change), so here the page is told directly only when no
 * scrim changed: one event per change either way.
 */
export async function publishSeriesCommit(
  deps: SeriesDeps,
  {
    seriesId,
    stored,
    scrims,
    ended,
  }: {
    seriesId: string;
    stored: StoredNotification[];
    scrims: ScrimAggregate[];
    /** The commit ended the series (finished or cancelled), in this region: the board's followers are told. */
    ended?: Region | null;
  },
) {
  deps.notifier.publish(stored);
  for (const aggregate of scrims) {
    publishScrimChange(deps.scrims, aggregate);
    await deps.scrims.lifecycle.emit('changed', { aggregate });
  }
  if (scrims.length === 0) publishSeriesChange(deps.io, seriesId);
  if (ended) await deps.lifecycle.emit('seriesEnded', { seriesId, region: ended });
}
