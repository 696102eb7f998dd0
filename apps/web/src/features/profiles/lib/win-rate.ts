import type { UserStats } from '@scrim-gym/shared';

export type WinRateSlice = { kind: 'wins' | 'losses' | 'none'; value: number };

/**
 * The win-rate ring's slices. A zero slice would still get its padding angle and draw a stray one-pixel tick, so
 * only slices with games are drawn; with no game at all, one grey track slice.
 */
export function winRateSlices(stats: Pick<UserStats, 'userWins' | 'userLosses'>): WinRateSlice[] {
  const slices: WinRateSlice[] = [
    { kind: 'wins', value: stats.userWins },
    { kind: 'losses', value: stats.userLosses },
  ];
  const played = slices.filter((slice) => slice.value > 0);
  return played.length ? played : [{ kind: 'none', value: 1 }];
}
