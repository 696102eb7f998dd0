import { describe, expect, it } from 'vitest';
import { editDistance, parseUserQuery } from './search.js';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
    ['faker', 'faker', 0],
    ['faker', 'fakre', 2],
  ])('%s → %s is %i', (a, b, d) => expect(editDistance(a, b)).toBe(d));
});

describe('parseUserQuery', () => {
  it('splits on #', () => expect(parseUserQuery(' Faker #KR1 ')).toEqual({ name: 'Faker', tag: 'KR1' }));
  it('has no tag without #', () => expect(parseUserQuery('Faker')).toEqual({ name: 'Faker', tag: null }));
  it('allows a tag alone', () => expect(parseUserQuery('#NA1')).toEqual({ name: '', tag: 'NA1' }));
});
