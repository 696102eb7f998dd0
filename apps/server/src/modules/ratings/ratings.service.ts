import { LEADERBOARD_MESSAGES, type Season, type UserRating } from '@scrim-gym/shared';
import type { Database, DbOrTx, Transaction } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import {
  DEFAULT_MU,
  DEFAULT_SIGMA,
  displayRating,
  isProvisional,
  rateGame,
  replayRatings,
  seedRating,
  type GameResult,
  type PlayerRating,
  type Rating,
} from './ratings.model.js';
import {
  deletePlayerRatings,
  deleteRatedResult,
  deleteReplay,
  endSeason,
  findCurrentSeason,
  findHistoryChunk,
  findPlayerRating,
  findPlayerRatings,
  findPreviousSeasonId,
  findRatedResult,
  findReplay,
  findScrimForRating,
  findScrimHistory,
  findSeason,
  findSeasonRatings,
  findSeasons,
  findSeasonTotals,
  findStatesBefore,
  findUserHistory,
  findUserRank,
  findUserRegions,
  insertHistory,
  insertRatedResult,
  insertSeason,
  lockCurrentSeason,
  saveReplay,
  updateHistories,
  updateReplayedRatings,
  updateUnratedReason,
  upsertPlayerRatings,
  type NewRatingHistory,
  type RatedResultRow,
  type RatingReplayRow,
  type RatingHistoryRow,
  type ScrimForRating,
  type SeasonRow,
} from './ratings.repository.js';
import { scheduleJob } from '../../jobs/index.js';
import { RATING_REPLAY_JOB } from './ratings.schedule.js';
import { unratedReasonOf, type RatingRules } from './ratings.rules.js';

/** Ten players: a scrim is rated only when both teams were full. */
const LOBBY_SIZE = 10;

/**
 * The current season's row under its lock. A season ended while this waited for the lock is skipped by the
 * locked re-check; the next read finds the new one.
 */
async function lockSeason(tx: Transaction): Promise<SeasonRow> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const season = await lockCurrentSeason({ db: tx });
    if (season) return season;
  }
  throw new Error('no current rating season');
}

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
 * A scrim about to be deleted: its rated result is reversed first (every later result replayed), then `then`
 * runs in the same transaction, under the season's lock, so no result can be rated for it in between.
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

const winnerSide = (team: 'teamOne' | 'teamTwo'): GameResult['winner'] => (team === 'teamOne' ? 'blue' : 'red');

/**
 * Rates a confirmed result on the players' current ratings (or the seeds of their ranks): the result row with
 * the next `seq`, each player's history row and their rating (region: the user's, display rating, games, wins).
 */
async function appendResult(tx: Transaction, seasonId: number, scrim: ScrimForRating, teamWon: 'teamOne' | 'teamTwo') {
  const ids = scrim.players.map((p) => p.userId);
  const stored = new Map((await findPlayerRatings({ db: tx, seasonId, userIds: ids })).map((r) => [r.userId, r]));
  const before = new Map(
    scrim.players.map((p) => {
      const row = stored.get(p.userId);
      return [p.userId, row ? { mu: row.mu, sigma: row.sigma } : seedRating(p.rank)] as const;
    }),
  );
  const side = (team: 'teamOne' | 'teamTwo'): PlayerRating[] =>
    scrim.players.filter((p) => p.team === team).map((p) => ({ userId: p.userId, rating: before.get(p.userId)! }));
  const after = rateGame({ blue: side('teamOne'), red: side('teamTwo'), winner: winnerSide(teamWon) });
  const result = await insertRatedResult({ db: tx, scrimId: scrim.scrimId, seasonId, teamWon });
  await insertHistory({
    db: tx,
    rows: scrim.players.map((p): NewRatingHistory => {
      const from = before.get(p.userId)!;
      const to = after.get(p.userId)!;
      return {
        scrimId: result.scrimId,
        userId: p.userId,
        seasonId,
        seq: result.seq,
        team: p.team,
        role: p.role,
        won: p.team === teamWon,
        muBefore: from.mu,
        sigmaBefore: from.sigma,
        muAfter: to.mu,
        sigmaAfter: to.sigma,
        ratingBefore: displayRating(from),
        ratingAfter: displayRating(to),
      };
    }),
  });
  await upsertPlayerRatings({
    db: tx,
    seasonId,
    rows: scrim.players.map((p) => {
      const rating = after.get(p.userId)!;
      const row = stored.get(p.userId);
      return {
        userId: p.userId,
        region: p.region,
        ...rating,
        rating: displayRating(rating),
        gamesRated: (row?.gamesRated ?? 0) + 1,
        wins: (row?.wins ?? 0) + (p.team === teamWon ? 1 : 0),
      };
    }),
  });
}

/**
 * Reverses a rated result: the result row goes (its history with it) and the season's replay is marked to start
 * at its `seq` at the latest (see replayRatingsChunk, which the rating-replay job runs). The change itself reads
 * and writes only the result's ten players, so it takes the same time however long the season is. Its players
 * are recounted when the replay ends; a player whose first game of the season this was keeps its `before` as
 * their seed, since their next history row still counts the reversed game until the replay reaches it.
 */
async function reverseResult(tx: Transaction, rated: RatedResultRow) {
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
async function replaySteps(tx: Transaction, season: SeasonRow, games: number, deadline: number) {
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
async function replayStep(tx: Transaction, replay: RatingReplayRow, games: number): Promise<RatingReplayRow | null> {
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

async function finishReplay(tx: Transaction, replay: RatingReplayRow) {
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

// --- Seasons

/*
 * The soft reset at a new season pulls every rating halfway back toward the default mean and makes it less
 * certain, so last season's order still shows but a few games can change it:
 *   mu' = DEFAULT_MU + (mu − DEFAULT_MU) × SEASON_MU_KEPT        (SEASON_MU_KEPT = 1/2)
 *   σ'  = min(DEFAULT_SIGMA, σ + DEFAULT_SIGMA × SEASON_SIGMA_ADDED)  (SEASON_SIGMA_ADDED = 1/2)
 * and games and wins start at 0 (provisional again for 10 games). Players never rated keep their rank's seed.
 */
export const SEASON_MU_KEPT = 1 / 2;
export const SEASON_SIGMA_ADDED = 1 / 2;

export function softReset({ mu, sigma }: Rating): Rating {
  return {
    mu: DEFAULT_MU + (mu - DEFAULT_MU) * SEASON_MU_KEPT,
    sigma: Math.min(DEFAULT_SIGMA, sigma + DEFAULT_SIGMA * SEASON_SIGMA_ADDED),
  };
}

const CARRY_CHUNK = 1000;

const presentSeason = (row: SeasonRow): Season => ({
  id: row.id,
  name: row.name,
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
  current: row.endedAt === null,
});

/**
 * POST /api/admin/seasons: ends the current season and starts the next, with every rating soft-reset into it,
 * in one transaction under the season lock (no result is rated halfway through).
 */
export async function startSeason({ db, name }: { db: Database; name?: string }): Promise<Season> {
  return db.transaction(async (tx) => {
    const current = await lockSeason(tx);
    // A pending replay ends first: the soft reset carries the ratings as a full replay leaves them.
    await replaySteps(tx, current, Number.MAX_SAFE_INTEGER, 0);
    const count = (await findSeasons({ db: tx })).length;
    await endSeason({ db: tx, id: current.id, at: new Date() });
    const next = await insertSeason({ db: tx, name: name ?? `Season ${count + 1}` });
    const rows = (await findSeasonRatings({ db: tx, seasonId: current.id })).map((row) => {
      const rating = softReset(row);
      return {
        userId: row.userId,
        region: row.region,
        ...rating,
        rating: displayRating(rating),
        gamesRated: 0,
        wins: 0,
      };
    });
    for (let i = 0; i < rows.length; i += CARRY_CHUNK) {
      await upsertPlayerRatings({ db: tx, seasonId: next.id, rows: rows.slice(i, i + CARRY_CHUNK) });
    }
    return presentSeason(next);
  });
}

/** GET /api/seasons: every season, newest first. */
export async function listSeasons({ db }: { db: Database }): Promise<Season[]> {
  return (await findSeasons({ db })).map(presentSeason);
}

/** As the leaderboard says it (one text per refusal). */
const seasonNotFound = (season: number | undefined) =>
  notFound(
    season === undefined ? LEADERBOARD_MESSAGES.noCurrentSeason : LEADERBOARD_MESSAGES.seasonNotFound(season),
    'SEASON_NOT_FOUND',
  );

/**
 * GET /api/users/:id/rating (the contract's): the user's rating in a season (the current one by default) with
 * its history; a user without a rating there has the seed of their rank, 0 games, provisional. The history
 * names private scrims only when `includePrivate` (the owner and admins).
 */
export async function getUserRating({
  db,
  userId,
  seasonId,
  includePrivate,
}: {
  db: Database;
  userId: string;
  seasonId?: number;
  includePrivate: boolean;
}): Promise<UserRating> {
  const user = await findUserRank({ db, userId });
  if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
  const season = seasonId === undefined ? await findCurrentSeason({ db }) : await findSeason({ db, id: seasonId });
  if (!season) throw seasonNotFound(seasonId);
  const row = await findPlayerRating({ db, seasonId: season.id, userId });
  const rating = row ? { mu: row.mu, sigma: row.sigma } : seedRating(user.rank);
  const gamesRated = row?.gamesRated ?? 0;
  const history = await findUserHistory({ db, seasonId: season.id, userId, includePrivate });
  const recalculating = await isRecalculating({ db, seasonId: season.id });
  return {
    rating: displayRating(rating),
    mu: rating.mu,
    sigma: rating.sigma,
    provisional: isProvisional(gamesRated),
    gamesRated,
    history: history.map((h) => ({ scrimId: h.scrimId, before: h.before, after: h.after, at: h.at.toISOString() })),
    recalculating,
  };
}

/** Each player's rating in the current season: the stored one, else the seed from their rank (same order). */
export async function currentRatingsOf({
  db,
  players,
}: {
  db: DbOrTx;
  players: readonly { userId: string; rank: string }[];
}): Promise<Rating[]> {
  const season = await findCurrentSeason({ db });
  const rows = season
    ? await findPlayerRatings({ db, seasonId: season.id, userIds: players.map((p) => p.userId) })
    : [];
  const stored = new Map(rows.map((row) => [row.userId, { mu: row.mu, sigma: row.sigma }]));
  return players.map((p) => stored.get(p.userId) ?? seedRating(p.rank));
}
