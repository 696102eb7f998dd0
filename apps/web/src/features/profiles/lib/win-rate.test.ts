import { describe, expect, it } from 'vitest';
import { winRateSlices } from './win-rate';

describe('the win-rate ring (no stray tick)', () => {
  it('draws only slices with games: a zero slice would still show a padding tick', () => {
    expect(winRateSlices({ userWins: 5, userLosses: 0 })).toEqual([{ kind: 'wins', value: 5 }]);
    expect(winRateSlices({ userWins: 0, userLosses: 3 })).toEqual([{ kind: 'losses', value: 3 }]);
    expect(winRateSlices({ userWins: 9, userLosses: 8 })).toEqual([
      { kind: 'wins', value: 9 },
      { kind: 'losses', value: 8 },
    ]);
  });

  it('with no game, one grey track slice', () => {
    expect(winRateSlices({ userWins: 0, userLosses: 0 })).toEqual([{ kind: 'none', value: 1 }]);
  });
});
