import { describe, expect, it } from 'vitest';
import { computeStats, gameStatsChange } from './stats.js';

/** Every figure of a player with no history: level 1 at 0 EXP. */
const NOTHING = {
  userExp: 0,
  userLevel: 1,
  userWinrate: 0,
  userGamesPlayedCount: 0,
  userGamesCastedCount: 0,
  userWins: 0,
  userLosses: 0,
  expProgress: 0,
  expNeeded: 10,
  expProgressPercent: 0,
};

describe('computeStats', () => {
  it('starts at level 1 with nothing at 0 EXP', () => {
    expect(computeStats({ wins: 0, losses: 0, casts: 0 })).toEqual(NOTHING);
  });

  it('keeps exactly 10 EXP at level 1 and 100 %', () => {
    // 3 wins (9) + 2 losses (1) = 10
    const stats = computeStats({ wins: 3, losses: 2, casts: 0 });
    expect(stats).toMatchObject({ userExp: 10, userLevel: 1, expProgress: 10, expProgressPercent: 100 });
    expect(computeStats({ wins: 0, losses: 0, casts: 10 })).toMatchObject({ userLevel: 1, expProgressPercent: 100 });
  });

  it('reaches level 2 at 10.5 EXP with 0.5 EXP (5 %) of progress', () => {
    // 3 wins (9) + 3 losses (1.5) = 10.5
    expect(computeStats({ wins: 3, losses: 3, casts: 0 })).toMatchObject({
      userExp: 10.5,
      userLevel: 2,
      expProgress: 0.5,
      expProgressPercent: 5,
    });
  });

  it('gives a caster-only history 1 EXP a cast, no games played and a 0 % win rate', () => {
    expect(computeStats({ wins: 0, losses: 0, casts: 7 })).toEqual({
      ...NOTHING,
      userExp: 7,
      userGamesCastedCount: 7,
      expProgress: 7,
      expProgressPercent: 70,
    });
  });

  it('counts a single loss as 0.5 EXP: level 1, 5 %', () => {
    expect(computeStats({ wins: 0, losses: 1, casts: 0 })).toMatchObject({
      userExp: 0.5,
      userLevel: 1,
      userWinrate: 0,
      expProgress: 0.5,
      expProgressPercent: 5,
    });
  });

  it('levels up every 10 EXP: 20 is level 2 at 100 %, 20.5 is level 3', () => {
    expect(computeStats({ wins: 0, losses: 0, casts: 20 })).toMatchObject({ userLevel: 2, expProgressPercent: 100 });
    expect(computeStats({ wins: 0, losses: 1, casts: 20 })).toMatchObject({
      userLevel: 3,
      expProgress: 0.5,
      expProgressPercent: 5,
    });
  });

  it('floors the win rate without floating-point slips', () => {
    expect(computeStats({ wins: 29, losses: 71, casts: 0 }).userWinrate).toBe(29);
    expect(computeStats({ wins: 2, losses: 1, casts: 0 }).userWinrate).toBe(66);
    expect(computeStats({ wins: 1, losses: 0, casts: 0 }).userWinrate).toBe(100);
  });

  it('mixes wins, losses and casts: a long history', () => {
    // 16 wins (48) + 8 losses (4) + 6 casts (6) = 58 EXP: level 6, 8 EXP into it.
    expect(computeStats({ wins: 16, losses: 8, casts: 6 })).toMatchObject({
      userExp: 58,
      userLevel: 6,
      userWinrate: 66,
      userGamesPlayedCount: 24,
      userGamesCastedCount: 6,
      expProgress: 8,
      expProgressPercent: 80,
    });
  });
});

describe('gameStatsChange', () => {
  it('a win is +3 EXP; 3 wins and this one cross level 1 → 2 (12 EXP)', () => {
    const change = gameStatsChange({ wins: 4, losses: 0, casts: 0 }, 'win');
    expect(change.exp).toBe(3);
    expect(change.before).toMatchObject({ userExp: 9, userLevel: 1 });
    expect(change.after).toMatchObject({ userExp: 12, userLevel: 2, expProgress: 2 });
    expect(change.levelUp).toBe(true);
  });

  it('a loss is +0.5 EXP and exactly 10 EXP is still level 1', () => {
    const change = gameStatsChange({ wins: 3, losses: 2, casts: 0 }, 'loss');
    expect(change).toMatchObject({ exp: 0.5, levelUp: false });
    expect(change.after).toMatchObject({ userExp: 10, userLevel: 1, expProgressPercent: 100 });
  });

  it('a cast is +1 EXP; the first game starts from level 1 at 0 EXP', () => {
    const change = gameStatsChange({ wins: 0, losses: 0, casts: 1 }, 'cast');
    expect(change.exp).toBe(1);
    expect(change.before).toMatchObject({ userExp: 0, userLevel: 1 });
    expect(change.after.userLevel).toBe(1);
  });

  it('never counts below zero when the counts do not include the game yet', () => {
    const change = gameStatsChange({ wins: 0, losses: 0, casts: 0 }, 'win');
    expect(change.exp).toBe(0);
    expect(change.levelUp).toBe(false);
  });
});
