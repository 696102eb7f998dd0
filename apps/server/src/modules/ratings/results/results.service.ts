import type { Database, Transaction } from '../../../db/client.js';
import { unratedReasonOf, type RatingRules } from '../ratings.rules.js';
import { lockSeason } from '../seasons/seasons.lock.js';
import type { SeasonRow } from '../seasons/seasons.repository.js';
import { appendResult } from './results.append.js';
import {
  findRatedResult,
  findScrimForRating,
  findScrimHistory,
  updateUnratedReason,
  type ScrimForRating,
} from './results.repository.js';
import { reverseResult } from './results.reverse.js';
import { unrateTeamGame } from '../team-ratings/team-ratings.service.js';

/** Ten players: a scrim is rated only when both teams were full. */
const LOBBY_SIZE = 10;

/**
 * The winner a scrim should be rated with (a confirmed result of ten players that the rules rate), and why a
 * confirmed result of ten players is not rated (see unratedReasonOf).
 */
function desiredResult(scrim: ScrimForRating | null, rules: RatingRules) {
  if (!scrim?.teamWon || scrim.resultStatus !== 'confirmed' || scrim.players.length !== LOBBY_SIZE)
    return { teamWon: null, unrated: null };
  const unrated = unratedReasonOf(scrim, scrim.players, rules);
  return { teamWon: unrated ? null : scrim.teamWon, unrated };
}

/**
 * Makes the ratings match the scrim's result, idempotently, in one transaction that first locks the current
 * season's row (every rating write of every instance takes that lock, so they run one at a time and a result
 * is rated exactly once). Desired state: rated with `teamWon` when the scrim has a confirmed result of ten
 * players that the rules rate (`rules`: the server's, ratingRulesFor), else not rated, and the scrim's
 * unrated_reason says why a confirmed result is not. Already so: nothing changes. A new confirmed result is
 * appended (the next `seq`). A result rated with another winner, or no longer rated, is reversed exactly (see
 * reverseResult), then the new one, if any, is appended. Casters are never rated. Results rated in a season that
 * has ended stay as they were: a season's ratings are final once the next one has started. Returns whether any
 * rating changed.
 */
export function syncScrimRatings({
  db,
  scrimId,
  rules,
}: {
  db: Database;
  scrimId: string;
  rules: RatingRules;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const season = await lockSeason(tx);
    const scrim = await findScrimForRating({ db: tx, scrimId });
    const desired = desiredResult(scrim, rules);
    const outcome = await reconcile(tx, season, scrimId, scrim, desired.teamWon);
    if (scrim && outcome !== 'final' && scrim.unratedReason !== desired.unrated)
      await updateUnratedReason({ db: tx, scrimId, reason: desired.unrated });
    return outcome === 'changed';
  });
}

/**
 * What a scrim's result did to each player's rating (display ratings before and after), by user id; a player
 * missing from the map had no rating moved by it (no confirmed result, or one the rules do not rate).
 */
export async function scrimRatingChanges({ db, scrimId }: { db: Database; scrimId: string }) {
  const rows = await findScrimHistory({ db, scrimId });
  return new Map(rows.map((row) => [row.userId, { before: row.before, after: row.after }]));
}

/**
 * A scrim about to be deleted: its rated result is reversed first (every later result replayed), and so is its
 * rated series game (the later team games replayed), then `then` runs in the same transaction, under the season's
 * lock, so no result can be rated for it in between.
 */
export function unrateScrim<T>({
  db,
  scrimId,
  then,
}: {
  db: Database;
  scrimId: string;
  then: (tx: Transaction) => Promise<T>;
}): Promise<T> {
  return db.transaction(async (tx) => {
    const season = await lockSeason(tx);
    await reconcile(tx, season, scrimId, null, null);
    await unrateTeamGame(tx, season, scrimId);
    return then(tx);
  });
}

/** 'final': rated in a season that has ended, left as it was. */
async function reconcile(
  tx: Transaction,
  season: SeasonRow,
  scrimId: string,
  scrim: ScrimForRating | null,
  desired: ScrimForRating['teamWon'],
) {
  const rated = await findRatedResult({ db: tx, scrimId });
  if ((rated?.teamWon ?? null) === desired) return 'unchanged';
  if (rated) {
    if (rated.seasonId !== season.id) return 'final';
    await reverseResult(tx, rated);
  }
  if (desired && scrim) await appendResult(tx, season.id, scrim, desired);
  return 'changed';
}
