import type { Database, DbOrTx, Transaction } from '../../../db/client.js';
import { lockSeason } from '../seasons/seasons.lock.js';
import type { SeasonRow } from '../seasons/seasons.repository.js';
import { findReplay, saveReplay } from './replay.repository.js';
import { replayStep } from './replay.step.js';

/**
 * A replay chunk is time-boxed: it replays steps of REPLAY_STEP_GAMES results in one transaction until
 * REPLAY_CHUNK_MS have passed, then commits and lets the results waiting for the season's lock through. A step
 * costs about the same at any point of the season (every read and write probes an index by the step's scrims or
 * players), so a chunk holds the lock for about REPLAY_CHUNK_MS plus one step, however slow the machine is.
 */
export const REPLAY_STEP_GAMES = 5;
export const REPLAY_CHUNK_MS = 40;

/**
 * One chunk of the current season's pending replay, in one transaction under the season's lock: steps of `games`
 * results (see replaySteps) until `budgetMs` have passed (0: one step). Returns whether the season's ratings are
 * final (no replay left).
 */
export function replayRatingsChunk({
  db,
  games = REPLAY_STEP_GAMES,
  budgetMs = REPLAY_CHUNK_MS,
}: {
  db: Database;
  games?: number;
  budgetMs?: number;
}) {
  return db.transaction(async (tx) => replaySteps(tx, await lockSeason(tx), games, performance.now() + budgetMs));
}

/** Runs the pending replay to its end, a chunk per transaction, so other results wait at most one chunk. */
export async function replayPendingRatings({ db }: { db: Database }) {
  while (!(await replayRatingsChunk({ db }))) {
    /* next chunk */
  }
}

/** Whether the season has a replay pending: its ratings are being recalculated. */
export async function isRecalculating({ db, seasonId }: { db: DbOrTx; seasonId: number }) {
  return (await findReplay({ db, seasonId })) !== null;
}

/**
 * Replays steps of `games` results from the replay's cursor until `deadline` (a performance.now() time) has
 * passed, then records the cursor. Returns whether the replay ended.
 */
export async function replaySteps(tx: Transaction, season: SeasonRow, games: number, deadline: number) {
  let replay = await findReplay({ db: tx, seasonId: season.id });
  if (!replay) return true;
  do {
    const next = await replayStep(tx, replay, games);
    if (!next) return true;
    replay = next;
  } while (performance.now() < deadline);
  await saveReplay({ db: tx, row: replay });
  return false;
}
