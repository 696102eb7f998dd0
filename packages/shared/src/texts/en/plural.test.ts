import { describe, expect, it } from 'vitest';
import { SCRIM_TEXTS } from './scrims-screens.js';
import { count } from './plural.js';

describe('the plural helper', () => {
  it('says "1 player" and "2 players"', () => {
    expect(count(1, 'player')).toBe('1 player');
    expect(count(2, 'player')).toBe('2 players');
    expect(count(0, 'player')).toBe('0 players');
    expect(count(1, 'entry', 'entries')).toBe('1 entry');
    expect(count(3, 'entry', 'entries')).toBe('3 entries');
  });

  it('makes the sign-up list header agree with its count', () => {
    expect(SCRIM_TEXTS.signups.showList(1)).toBe('Show the 1 sign-up');
    expect(SCRIM_TEXTS.signups.showList(4)).toBe('Show the 4 sign-ups');
  });
});
