import { createScrimBodySchema } from '@scrim-gym/shared';
import type { Transaction } from '../../../db/client.js';
import { findScrimAggregate, insertScrim, lockScrim, updateScrim } from '../core/scrims.repository.js';
import { cancelScrimJobs, scheduleScrimStart } from '../core/scrims.schedule.js';
import { newScrimValues, type CreateScrimFields } from './scrim-editing.js';

/*
 * The scrims of a team series' games, as the series (board module) makes and ends them, in the series' own
 * transaction: the series' row is locked first, then each game's scrim (the one order both take).
 */

/**
 * A game of a team series as a scrim, in the caller's transaction (the series' own): created as any scrim is, with
 * the scrims' defaults and casters allowed, but private (the hub lists it to nobody; its players are the lineups)
 * and without a check-in (a lineup's players are the team's to bring). The start job is scheduled in the same
 * transaction. `createdBy`: the captain whose action created it; admins and the region's community hosts run it
 * (`seriesGame`: canRunScrim). `draft`: the series' draft room, every game's.
 */
export async function createSeriesGameScrim({
  tx,
  title,
  region,
  startsAt,
  createdBy,
  draft,
}: {
  tx: Transaction;
  title: string;
  region: CreateScrimFields['region'];
  startsAt: Date;
  createdBy: string | null;
  draft: CreateScrimFields['draft'];
}) {
  const body = createScrimBodySchema.parse({
    title,
    region,
    gameStartTime: startsAt.toISOString(),
    isPrivate: true,
    isWithCasters: true,
    checkInEnabled: false,
    draft,
  });
  const row = await insertScrim({
    db: tx,
    values: { ...newScrimValues(body, { createdBy, hostedBy: null, lobbyHostId: null }), seriesGame: true },
  });
  await scheduleScrimStart({ db: tx, scrimId: row.id, gameStartTime: row.gameStartTime });
  return row;
}

/**
 * A series game's title after its sides changed (the loser of the previous game picked them): the lobby is named
 * after it, as at its creation. Answers the scrim as it is now, to publish after the commit.
 */
export async function retitleSeriesGameScrim({
  tx,
  scrimId,
  title,
}: {
  tx: Transaction;
  scrimId: string;
  title: string;
}) {
  await lockScrim({ db: tx, id: scrimId });
  await updateScrim({ db: tx, id: scrimId, values: { title, lobbyName: title } });
  return (await findScrimAggregate({ db: tx, id: scrimId }))!;
}

/**
 * The series was cancelled: each of its games not played yet (no winner, not cancelled or abandoned) is cancelled
 * with the series' reason, and its pending jobs go. The series tells who is involved. Answers the scrims changed,
 * to publish after the commit.
 */
export async function cancelSeriesGameScrims({
  tx,
  scrimIds,
  reason,
  cancelledBy,
}: {
  tx: Transaction;
  scrimIds: readonly string[];
  reason: string;
  cancelledBy: string | null;
}) {
  const changed = [];
  for (const scrimId of scrimIds) {
    const scrim = await lockScrim({ db: tx, id: scrimId });
    if (!scrim || scrim.teamWon || scrim.cancelledAt || scrim.abandonedAt) continue;
    await updateScrim({ db: tx, id: scrimId, values: { cancelledAt: new Date(), cancelReason: reason, cancelledBy } });
    await cancelScrimJobs({ db: tx, scrimId });
    changed.push((await findScrimAggregate({ db: tx, id: scrimId }))!);
  }
  return changed;
}
