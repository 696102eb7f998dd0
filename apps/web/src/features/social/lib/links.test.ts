import { describe, expect, it } from 'vitest';
import { splitLinks } from './links';

describe('links in a message', () => {
  it('makes each http(s) address a link and keeps the text around it', () => {
    expect(splitLinks('vod: https://youtu.be/abc?t=42 and http://op.gg/summoner.')).toEqual([
      { text: 'vod: ' },
      { text: 'https://youtu.be/abc?t=42', href: 'https://youtu.be/abc?t=42' },
      { text: ' and ' },
      { text: 'http://op.gg/summoner', href: 'http://op.gg/summoner' },
      { text: '.' },
    ]);
  });

  it('leaves the sentence’s closing punctuation and brackets out of the address', () => {
    expect(splitLinks('(see https://example.com/a),')).toEqual([
      { text: '(see ' },
      { text: 'https://example.com/a', href: 'https://example.com/a' },
      { text: '),' },
    ]);
  });

  it('never links another scheme, markup or a broken address', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      '<a href="x">x</a>',
      'https://',
      'ftp://a.b/c',
    ]) {
      expect(
        splitLinks(text).every((part) => !('href' in part)),
        text,
      ).toBe(true);
      expect(
        splitLinks(text)
          .map((part) => part.text)
          .join(''),
      ).toBe(text);
    }
  });

  it('is the text alone when there is no address', () => {
    expect(splitLinks('gl hf')).toEqual([{ text: 'gl hf' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
