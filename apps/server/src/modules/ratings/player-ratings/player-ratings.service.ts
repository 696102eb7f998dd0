import { LEADERBOARD_MESSAGES, type UserRating } from '@scrim-gym/shared';
import type { Database, DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import { displayRating, isProvisional, seedRating, type Rating } from '../ratings.model.js';
import { isRecalculating } from '../replay/replay.service.js';
import { findCurrentSeason, findSeason } from '../seasons/seasons.repository.js';
import { findPlayerRating, findPlayerRatings, findUserHistory, findUserRank } from './player-ratings.repository.js';

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
