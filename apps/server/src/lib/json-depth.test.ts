import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth } from './json-depth.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('exceedsJsonDepth', () => {
  it('allows up to the cap and refuses one level more, for arrays and objects alike', () => {
    expect(exceedsJsonDepth(nested(32), 32)).toBe(false);
    expect(exceedsJsonDepth(nested(33), 32)).toBe(true);
    const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    expect(exceedsJsonDepth(objects(32), 32)).toBe(false);
    expect(exceedsJsonDepth(objects(33), 32)).toBe(true);
    expect(exceedsJsonDepth('[{"a":[{"b":[1]}]}]', 5)).toBe(false);
    expect(exceedsJsonDepth('[{"a":[{"b":[1]}]}]', 4)).toBe(true);
  });

  it('counts depth, not brackets: siblings do not add up', () => {
    expect(exceedsJsonDepth(`[${Array.from({ length: 1000 }, () => '[[1]]').join(',')}]`, 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(exceedsJsonDepth(JSON.stringify({ text: '['.repeat(100) }), 2)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ text: `"${'{'.repeat(100)}` }), 2)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ text: `\\${'['.repeat(100)}\\` }), 2)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ a: 'x\\', b: ['['] }), 2)).toBe(false);
    // After a string that ends in an escaped backslash, brackets count again.
    expect(exceedsJsonDepth(`{"a":"\\\\",${'"b":['.repeat(3)}1]]]}`, 3)).toBe(true);
  });

  it('stops at the first level too deep: a million [ takes no time', () => {
    const text = '['.repeat(1_000_000);
    const started = performance.now();
    expect(exceedsJsonDepth(text, 32)).toBe(true);
    expect(performance.now() - started).toBeLessThan(20);
  });

  it('starts at `start`: what comes before it does not count', () => {
    const packet = `[[[[${nested(3)}`;
    expect(exceedsJsonDepth(packet, 3, 4)).toBe(false);
    expect(exceedsJsonDepth(packet, 3)).toBe(true);
  });

  it('leaves malformed text to the parser', () => {
    expect(exceedsJsonDepth(']]]]{', 2)).toBe(false);
    expect(exceedsJsonDepth('"unterminated [[[[', 2)).toBe(false);
  });
});
