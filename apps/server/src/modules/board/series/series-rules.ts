import { SERIES_LINEUP_LOCK_MINUTES, type SeriesFormat, type SeriesStatus } from '@scrim-gym/shared';

/*
 * A series' own rules, apart from any storage: how many games its format plays, when it is decided, and how it
 * stands at a moment. The series' services and its presenter read them from here only.
 */

const MINUTE = 60_000;

/** The most games a format plays: a best-of stops earlier once decided; `gamesN` always plays N. */
export const maxGamesOf = (format: SeriesFormat): number =>
  ({ bo1: 1, bo2: 2, bo3: 3, bo5: 5, games3: 3, games4: 4, games5: 5 })[format];

/** The wins that decide a best-of early (bo2 and `gamesN` play every game: none). */
const winsToDecide = (format: SeriesFormat): number | null =>
  format === 'bo1' ? 1 : format === 'bo3' ? 2 : format === 'bo5' ? 3 : null;

/** Whether the series is over after `played` games with these wins: a best-of's majority, or every game played. */
export function isDecided(format: SeriesFormat, wins: readonly number[], played: number): boolean {
  const needed = winsToDecide(format);
  return played >= maxGamesOf(format) || (needed !== null && wins.some((won) => won >= needed));
}

/** A scheduled series is live from game 1's start; finished and cancelled are stored. */
export function seriesStatusAt(stored: SeriesStatus, gameOneStart: Date | null, now: number): SeriesStatus {
  if (stored !== 'scheduled') return stored;
  return gameOneStart && gameOneStart.getTime() <= now ? 'live' : 'scheduled';
}

/** Lineups change until SERIES_LINEUP_LOCK_MINUTES before game 1's start (the slot statement checks it too). */
export const lineupOpenAt = (stored: SeriesStatus, gameOneStart: Date | null, now: number): boolean =>
  stored === 'scheduled' && gameOneStart !== null && gameOneStart.getTime() - SERIES_LINEUP_LOCK_MINUTES * MINUTE > now;
