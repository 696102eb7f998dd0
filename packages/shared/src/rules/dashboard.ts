import { RANK_DIVISIONS } from '../constants.js';

/**
 * The Rank Distribution chart's order: Iron up to Challenger, then Unranked; anything else (a rank text
 * the product cannot produce) goes last. Emerald, missing from the original app's list but a real tier, sits between
 * Platinum and Diamond.
 */
export const RANK_CHART_ORDER: readonly string[] = [...RANK_DIVISIONS.filter((d) => d !== 'Unranked'), 'Unranked'];

/** Sorts `{rank}` rows into the chart's order; unknown ranks keep their relative order, last. */
export function sortByRankChartOrder<T extends { rank: string }>(rows: readonly T[]): T[] {
  const position = (rank: string) => {
    const index = RANK_CHART_ORDER.indexOf(rank);
    return index === -1 ? RANK_CHART_ORDER.length : index;
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => position(a.row.rank) - position(b.row.rank) || a.index - b.index)
    .map(({ row }) => row);
}
