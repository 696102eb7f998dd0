import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_TO, safeReturnTo } from './return-to.js';

const APP = 'https://app.example';

/** Every reading a browser, the SPA's router or a decoding proxy may give the path, until it stops changing. */
function readingsOf(path: string): string[] {
  const readings = [path];
  for (let i = 0; i < 6; i++) {
    let next: string;
    try {
      next = decodeURIComponent(readings.at(-1)!);
    } catch {
      break;
    }
    if (next === readings.at(-1)) break;
    readings.push(next);
  }
  return readings;
}

/** What must hold for any answer: one leading '/', and this site's origin however the path is read. */
function expectSameSite(result: string) {
  expect(result === '/' || (result[0] === '/' && result[1] !== '/' && result[1] !== '\\'), result).toBe(true);
  for (const reading of readingsOf(result)) {
    const url = new URL(reading, APP);
    expect(url.origin, `${JSON.stringify(result)} read as ${JSON.stringify(reading)}`).toBe(APP);
    expect(url.pathname.startsWith('//'), reading).toBe(false);
  }
}

describe('safeReturnTo', () => {
  it.each([
    '/',
    '/scrims',
    '/scrims/0b7d2f34-5a1c-4c55-9b1e-2d6a0f1b1e11',
    '/signup?resume=1',
    '/scrims?region=EUW&date=2026-05-01&previous=0',
    '/users/Faker%20Fan?region=KR',
    '/users/F%C3%A5ker?region=EUW',
    '/guide#faq',
    '/scrims/a.b/c...d',
  ])('keeps the same-site path %j', (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    // Missing, not a string, too long
    undefined,
    null,
    '',
    42,
    ['/scrims'],
    // Other origins and schemes
    'https://evil.example/',
    'http:evil.example',
    'evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'scrims',
    '.',
    '?x=1',
    // Protocol-relative and backslash forms
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '\\\\evil.example',
    '/scrims\\..\\..\\evil',
    // Control characters a browser strips (leaving //evil.example), and spaces
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\r\nSet-Cookie: sg_session=x',
    '/\u0000/evil.example',
    '/\u007f/evil.example',
    '/ /evil.example',
    ' //evil.example',
    '/scrims ',
    // Encoded slashes and backslashes, any case, and double-encoded
    '/%2fevil.example',
    '/%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%5cevil.example',
    '/%5Cevil.example',
    '/%252fevil.example',
    '/%252F%252Fevil.example',
    '/%255cevil.example',
    '/%25252fevil.example',
    '/scrims?next=%2f%2fevil.example',
    // Encoded control characters and dot segments
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0D%0ASet-Cookie:%20x=1',
    '/%00',
    '/%2509/evil.example',
    '/..//evil.example',
    '/./evil.example',
    '/scrims/../..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E/%2E%2E//evil.example',
    '/%252e%252e//evil.example',
    // Non-ASCII: look-alike slashes, dots and full-width forms
    '/\u2215\u2215evil.example',
    '/\uff0f\uff0fevil.example',
    '/\uff3cevil.example',
    '/evil\u3002example',
    '/\u00e9',
    '/\u0100',
    '/scrims\u200b',
    // Broken or too deep percent-encoding
    '/%',
    '/%zz',
    '/%E0%A4%A',
    '/%2525252e',
  ])('refuses %j and falls back to /', (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });

  it('refuses a path longer than 500 characters', () => {
    expect(safeReturnTo(`/${'a'.repeat(499)}`)).toBe(`/${'a'.repeat(499)}`);
    expect(safeReturnTo(`/${'a'.repeat(500)}`)).toBe(DEFAULT_RETURN_TO);
  });

  it('answers a same-site path for any input (property)', () => {
    const pieces = [
      '/',
      '\\',
      '//',
      '%2f',
      '%2F',
      '%5c',
      '%5C',
      '%25',
      '%252f',
      '%09',
      '%0a',
      '%00',
      '%2e',
      '%2E',
      '%',
      '.',
      '..',
      '\t',
      '\n',
      '\r',
      ' ',
      '\u0000',
      '\u3002',
      '\uff0f',
      '\u2215',
      'é',
      ':',
      '@',
      '?',
      '#',
      '&',
      '=',
      'evil.example',
      'javascript:',
      'https:',
      'scrims',
    ];
    const built = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join(''));
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
      fc.string({ maxLength: 40 }).map((text) => `/${text}`),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          built,
          built.map((text) => `/${text}`),
          anyText,
        ),
        (input) => {
          const result = safeReturnTo(input);
          expectSameSite(result);
          // Either the input itself, untouched, or the fallback.
          expect([input, DEFAULT_RETURN_TO]).toContain(result);
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
