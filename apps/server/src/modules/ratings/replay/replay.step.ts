import type { Transaction } from '../../../db/client.js';
import { displayRating, replayRatings, winnerSide, type GameResult, type Rating } from '../ratings.model.js';
import {
  deletePlayerRatings,
  findPlayerRatings,
  findUserRegions,
  upsertPlayerRatings,
} from '../player-ratings/player-ratings.repository.js';
import { findPreviousSeasonId } from '../seasons/seasons.repository.js';
import {
  deleteReplay,
  findHistoryChunk,
  findSeasonTotals,
  findStatesBefore,
  updateHistories,
  updateReplayedRatings,
  type RatingHistoryRow,
  type RatingReplayRow,
} from './replay.repository.js';

/**
 * Replays the next `games` rated results from the replay's cursor, in `seq` order. Every result before the
 * cursor is already as a full replay leaves it, so a player's rating at the cursor is the `after` of their last
 * history row before it, else their recorded seed, else the `before` of their first row (their seed, or the
 * rating carried from the last season). Rewrites the step's history rows and its players' ratings and returns
 * the replay with its cursor past them. Results rated while a replay is pending are appended after it and
 * replayed with the rest. When nothing is left, the players of the reversed results are recounted (games, wins,
 * rating after their last game; one left with no game and no rating carried over from the previous season loses
 * the row, as if never rated), the replay row goes and this returns null.
 */
export async function replayStep(
  tx: Transaction,
  replay: RatingReplayRow,
  games: number,
): Promise<RatingReplayRow | null> {
  const { seasonId } = replay;
  const history = await findHistoryChunk({ db: tx, seasonId, seq: replay.cursorSeq, games });
  if (history.length === 0) {
    await finishReplay(tx, replay);
    return null;
  }
  const userIds = [...new Set(history.map((h) => h.userId))];
  const before = await findStatesBefore({ db: tx, seasonId, userIds, seq: replay.cursorSeq });
  const states = new Map<string, Rating>();
  for (const row of history) {
    if (!states.has(row.userId))
      states.set(
        row.userId,
        before.get(row.userId) ?? replay.seeds[row.userId] ?? { mu: row.muBefore, sigma: row.sigmaBefore },
      );
  }
  const chunk = gamesOf(history);
  const replayed = replayRatings(
    states,
    chunk.map((g) => g.game),
  );
  const rewritten = chunk.flatMap(({ rows }, i) => {
    const changes = new Map(replayed.changes[i]!.map((c) => [c.userId, c]));
    return rows.map((row) => {
      const { before: from, after: to } = changes.get(row.userId)!;
      return {
        scrimId: row.scrimId,
        userId: row.userId,
        muBefore: from.mu,
        sigmaBefore: from.sigma,
        muAfter: to.mu,
        sigmaAfter: to.sigma,
        ratingBefore: displayRating(from),
        ratingAfter: displayRating(to),
      };
    });
  });
  await updateHistories({ db: tx, rows: rewritten });
  await updateReplayedRatings({
    db: tx,
    seasonId,
    rows: userIds.map((userId) => {
      const rating = replayed.ratings.get(userId)!;
      return { userId, ...rating, rating: displayRating(rating) };
    }),
  });
  // A step shorter than asked for reached the end of the season.
  if (chunk.length < games) {
    await finishReplay(tx, replay);
    return null;
  }
  return { ...replay, cursorSeq: history.at(-1)!.seq + 1 };
}

export async function finishReplay(tx: Transaction, replay: RatingReplayRow) {
  const { seasonId, players: userIds } = replay;
  const totals = await findSeasonTotals({ db: tx, seasonId, userIds });
  const previous = await findPreviousSeasonId({ db: tx, seasonId });
  const carried = new Set(
    previous === null ? [] : (await findPlayerRatings({ db: tx, seasonId: previous, userIds })).map((r) => r.userId),
  );
  const unrated = userIds.filter((id) => !totals.has(id) && !carried.has(id));
  const stored = new Map((await findPlayerRatings({ db: tx, seasonId, userIds })).map((r) => [r.userId, r]));
  const regions = await findUserRegions({ db: tx, userIds });
  await deletePlayerRatings({ db: tx, seasonId, userIds: unrated });
  await upsertPlayerRatings({
    db: tx,
    seasonId,
    rows: userIds
      .filter((id) => !unrated.includes(id) && stored.has(id))
      .map((userId) => {
        const total = totals.get(userId);
        const rating = total ?? replay.seeds[userId] ?? stored.get(userId)!;
        return {
          userId,
          region: regions.get(userId) ?? stored.get(userId)!.region,
          mu: rating.mu,
          sigma: rating.sigma,
          rating: displayRating(rating),
          gamesRated: total?.games ?? 0,
          wins: total?.wins ?? 0,
        };
      }),
  });
  await deleteReplay({ db: tx, seasonId });
}

/** History rows (in `seq` order) grouped back into their games, each with its players' sides and winner. */
function gamesOf(rows: RatingHistoryRow[]) {
  const games: { rows: RatingHistoryRow[]; game: GameResult }[] = [];
  for (const row of rows) {
    const last = games.at(-1);
    if (last && last.rows[0]!.scrimId === row.scrimId) last.rows.push(row);
    else games.push({ rows: [row], game: { blue: [], red: [], winner: 'blue' } });
  }
  for (const entry of games) {
    const winner = entry.rows.find((r) => r.won)!;
    entry.game = {
      blue: entry.rows.filter((r) => r.team === 'teamOne').map((r) => r.userId),
      red: entry.rows.filter((r) => r.team === 'teamTwo').map((r) => r.userId),
      winner: winnerSide(winner.team),
    };
  }
  return games;
}
