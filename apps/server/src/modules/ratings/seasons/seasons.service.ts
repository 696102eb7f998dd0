import type { Season } from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { DEFAULT_MU, DEFAULT_SIGMA, displayRating, type Rating } from '../ratings.model.js';
import { upsertPlayerRatings } from '../player-ratings/player-ratings.repository.js';
import { replaySteps } from '../replay/replay.service.js';
import { lockSeason } from './seasons.lock.js';
import { endSeason, findSeasonRatings, findSeasons, insertSeason, type SeasonRow } from './seasons.repository.js';

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
