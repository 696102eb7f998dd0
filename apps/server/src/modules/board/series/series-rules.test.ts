import { describe, expect, it } from 'vitest';
import { isDecided, maxGamesOf } from './series-rules.js';

describe('when a series is decided', () => {
  it('a best-of ends at its majority, a bo2 and N games after every game', () => {
    expect(isDecided('bo1', [1, 0], 1)).toBe(true);
    expect(isDecided('bo3', [1, 1], 2)).toBe(false);
    expect(isDecided('bo3', [2, 0], 2)).toBe(true);
    expect(isDecided('bo5', [2, 2], 4)).toBe(false);
    expect(isDecided('bo5', [3, 1], 4)).toBe(true);
    expect(isDecided('bo2', [1, 0], 1)).toBe(false);
    expect(isDecided('bo2', [2, 0], 2)).toBe(true);
    expect(isDecided('games3', [2, 0], 2)).toBe(false);
    expect(isDecided('games3', [3, 0], 3)).toBe(true);
    expect(isDecided('games5', [3, 1], 4)).toBe(false);
    expect(maxGamesOf('games4')).toBe(4);
  });
});
