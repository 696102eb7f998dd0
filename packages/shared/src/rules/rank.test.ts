import { describe, expect, it } from 'vitest';
import { NUMBERED_DIVISIONS, RANK_DIVISIONS, RANK_NUMBERS } from '../constants.js';
import {
  formatRank,
  hasRankNumber,
  isValidRank,
  parseRank,
  rankFromLeagueEntries,
  rankTier,
  type RankParts,
} from './rank.js';

describe('hasRankNumber', () => {
  it('is true exactly for Iron through Diamond', () => {
    expect(RANK_DIVISIONS.filter(hasRankNumber)).toEqual([
      'Iron',
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
      'Emerald',
      'Diamond',
    ]);
  });
});

describe('formatRank', () => {
  it("writes 'Division Number' for numbered divisions", () => {
    expect(formatRank({ division: 'Gold', number: 2 })).toBe('Gold 2');
    expect(formatRank({ division: 'Iron', number: 4 })).toBe('Iron 4');
    expect(formatRank({ division: 'Diamond', number: 1 })).toBe('Diamond 1');
  });

  it('defaults the number to 4', () => {
    expect(formatRank({ division: 'Emerald' })).toBe('Emerald 4');
    expect(formatRank({ division: 'Silver', number: null })).toBe('Silver 4');
  });

  it('writes the division alone for Unranked, Master, Grandmaster and Challenger, dropping any number', () => {
    expect(formatRank({ division: 'Unranked' })).toBe('Unranked');
    expect(formatRank({ division: 'Master', number: 1 })).toBe('Master');
    expect(formatRank({ division: 'Grandmaster', number: 4 })).toBe('Grandmaster');
    expect(formatRank({ division: 'Challenger', number: null })).toBe('Challenger');
  });
});

describe('parseRank', () => {
  it('reads back every rank formatRank can produce', () => {
    const produced = RANK_DIVISIONS.flatMap((division): RankParts[] =>
      hasRankNumber(division) ? RANK_NUMBERS.map((number) => ({ division, number })) : [{ division, number: null }],
    );
    expect(produced).toHaveLength(NUMBERED_DIVISIONS.length * 4 + 4);
    for (const parts of produced) expect(parseRank(formatRank(parts))).toEqual(parts);
  });

  it('tolerates surrounding and repeated spaces', () => {
    expect(parseRank('  Gold   2 ')).toEqual({ division: 'Gold', number: 2 });
    expect(parseRank(' Master ')).toEqual({ division: 'Master', number: null });
  });

  it.each([
    ['Gold 7', 'number above 4'],
    ['Gold 0', 'number below 1'],
    ['Gold 5', 'number 5'],
    ['Gold -1', 'negative number'],
    ['Gold 02', 'padded number'],
    ['Gold 2.0', 'decimal number'],
    ['Gold', 'numbered division without its number'],
    ['Master 1', 'number on a division that has none'],
    ['Unranked 4', 'number on Unranked'],
    ['Challenger 1', 'number on Challenger'],
    ['gold 2', 'lower-case division'],
    ['GOLD 2', 'upper-case division'],
    ['Wood 4', 'unknown division'],
    ['Gold 2 extra', 'trailing words'],
    ['Gold 2 1', 'two numbers'],
    ['', 'empty text'],
    ['   ', 'blank text'],
  ])('rejects %j (%s)', (rank) => {
    expect(parseRank(rank)).toBeNull();
    expect(isValidRank(rank)).toBe(false);
    expect(rankTier(rank)).toBeNull();
  });
});

describe('isValidRank', () => {
  it('accepts the boundaries of each kind of rank', () => {
    for (const rank of [
      'Iron 4',
      'Iron 1',
      'Diamond 4',
      'Diamond 1',
      'Unranked',
      'Master',
      'Grandmaster',
      'Challenger',
    ]) {
      expect(isValidRank(rank), rank).toBe(true);
    }
  });
});

describe('rankTier', () => {
  it('is the division of a valid rank', () => {
    expect(rankTier('Gold 2')).toBe('Gold');
    expect(rankTier('Platinum 4')).toBe('Platinum');
    expect(rankTier('Grandmaster')).toBe('Grandmaster');
    expect(rankTier('Unranked')).toBe('Unranked');
  });
});

describe('rankFromLeagueEntries', () => {
  const entry = (queueType: string, tier: string, rank: string) => ({ queueType, tier, rank });

  it("reads the Solo/Duo entry's tier and division", () => {
    expect(
      rankFromLeagueEntries([entry('RANKED_FLEX_SR', 'SILVER', 'I'), entry('RANKED_SOLO_5x5', 'GOLD', 'II')]),
    ).toBe('Gold 2');
    expect(rankFromLeagueEntries([entry('RANKED_SOLO_5x5', 'IRON', 'IV')])).toBe('Iron 4');
    expect(rankFromLeagueEntries([entry('RANKED_SOLO_5x5', 'EMERALD', 'I')])).toBe('Emerald 1');
  });

  it('gives the apex tiers without a number', () => {
    expect(rankFromLeagueEntries([entry('RANKED_SOLO_5x5', 'MASTER', 'I')])).toBe('Master');
    expect(rankFromLeagueEntries([entry('RANKED_SOLO_5x5', 'GRANDMASTER', 'I')])).toBe('Grandmaster');
    expect(rankFromLeagueEntries([entry('RANKED_SOLO_5x5', 'CHALLENGER', 'I')])).toBe('Challenger');
  });

  it("is 'Unranked' without a Solo/Duo entry or with a tier it does not know, and always a valid rank", () => {
    expect(rankFromLeagueEntries([])).toBe('Unranked');
    expect(rankFromLeagueEntries([entry('RANKED_FLEX_SR', 'GOLD', 'I')])).toBe('Unranked');
    expect(rankFromLeagueEntries([entry('RANKED_SOLO_5x5', 'WOOD', 'I')])).toBe('Unranked');
    expect(isValidRank(rankFromLeagueEntries([entry('RANKED_SOLO_5x5', 'GOLD', 'V')]))).toBe(true);
  });
});
