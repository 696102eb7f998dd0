import { describe, expect, it } from 'vitest';
import { RANK_CHART_ORDER, sortByRankChartOrder } from './dashboard.js';

describe('rank chart order', () => {
  it('runs Iron … Challenger, then Unranked', () => {
    expect(RANK_CHART_ORDER[0]).toBe('Iron');
    expect(RANK_CHART_ORDER.at(-2)).toBe('Challenger');
    expect(RANK_CHART_ORDER.at(-1)).toBe('Unranked');
    expect(RANK_CHART_ORDER.indexOf('Emerald')).toBe(RANK_CHART_ORDER.indexOf('Platinum') + 1);
  });

  it('puts unknown ranks last, in their original order', () => {
    const rows = ['Wood', 'Unranked', 'Gold', 'Stone', 'Iron', 'Challenger'].map((rank) => ({ rank }));
    expect(sortByRankChartOrder(rows).map((r) => r.rank)).toEqual([
      'Iron',
      'Gold',
      'Challenger',
      'Unranked',
      'Wood',
      'Stone',
    ]);
  });
});
