import type { Transaction } from '../../../db/client.js';
import { displayRating, rateGame, seedRating, winnerSide, type PlayerRating } from '../ratings.model.js';
import { findPlayerRatings, upsertPlayerRatings } from '../player-ratings/player-ratings.repository.js';
import { insertHistory, insertRatedResult, type NewRatingHistory, type ScrimForRating } from './results.repository.js';

/**
 * Rates a confirmed result on the players' current ratings (or the seeds of their ranks): the result row with
 * the next `seq`, each player's history row and their rating (region: the user's, display rating, games, wins).
 */
export async function appendResult(
  tx: Transaction,
  seasonId: number,
  scrim: ScrimForRating,
  teamWon: 'teamOne' | 'teamTwo',
) {
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
