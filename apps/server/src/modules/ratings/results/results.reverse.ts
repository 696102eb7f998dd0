import type { Transaction } from '../../../db/client.js';
import { scheduleJob } from '../../../jobs/index.js';
import { RATING_REPLAY_JOB } from '../ratings.schedule.js';
import { findHistoryChunk, findReplay, findStatesBefore, saveReplay } from '../replay/replay.repository.js';
import { finishReplay } from '../replay/replay.step.js';
import { deleteRatedResult, type RatedResultRow } from './results.repository.js';

/**
 * Reverses a rated result: the result row goes (its history with it) and the season's replay is marked to start
 * at its `seq` at the latest (see replayRatingsChunk, which the rating-replay job runs). The change itself reads
 * and writes only the result's ten players, so it takes the same time however long the season is. Its players
 * are recounted when the replay ends; a player whose first game of the season this was keeps its `before` as
 * their seed, since their next history row still counts the reversed game until the replay reaches it.
 */
export async function reverseResult(tx: Transaction, rated: RatedResultRow) {
  const { seasonId } = rated;
  const rows = await findHistoryChunk({ db: tx, seasonId, seq: rated.seq, games: 1 });
  const userIds = rows.map((r) => r.userId);
  const earlier = await findStatesBefore({ db: tx, seasonId, userIds, seq: rated.seq });
  const pending = await findReplay({ db: tx, seasonId });
  const seeds = { ...pending?.seeds };
  for (const row of rows) {
    if (!earlier.has(row.userId) && !(row.userId in seeds))
      seeds[row.userId] = { mu: row.muBefore, sigma: row.sigmaBefore };
  }
  await deleteRatedResult({ db: tx, scrimId: rated.scrimId });
  const replay = {
    seasonId,
    cursorSeq: Math.min(pending?.cursorSeq ?? rated.seq, rated.seq),
    seeds,
    players: [...new Set([...(pending?.players ?? []), ...userIds])],
  };
  await saveReplay({ db: tx, row: replay });
  // The last result of a season (the usual correction) has nothing after it to replay: it ends at once.
  const later = await findHistoryChunk({ db: tx, seasonId, seq: rated.seq + 1, games: 1 });
  if (!pending && later.length === 0) await finishReplay(tx, replay);
  else await scheduleJob({ db: tx, kind: RATING_REPLAY_JOB, dedupeKey: `${RATING_REPLAY_JOB}:${seasonId}` });
}
