import type { Transaction } from '../../../db/client.js';
import { lockCurrentSeason, type SeasonRow } from './seasons.repository.js';

/**
 * The current season's row under its lock. A season ended while this waited for the lock is skipped by the
 * locked re-check; the next read finds the new one.
 */
export async function lockSeason(tx: Transaction): Promise<SeasonRow> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const season = await lockCurrentSeason({ db: tx });
    if (season) return season;
  }
  throw new Error('no current rating season');
}
