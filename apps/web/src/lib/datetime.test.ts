import { describe, expect, it } from 'vitest';
import { formatListDate, formatTime, formatWhen, zoneName } from './datetime';

const AT = '2026-11-28T18:00:00Z';
const BERLIN = { locale: 'en-GB', timeZone: 'Europe/Berlin' };
const NEW_YORK = { locale: 'en-US', timeZone: 'America/New_York' };

describe('one date formatter for the viewer', () => {
  it("writes the viewer's locale and names their zone", () => {
    expect(formatWhen(AT, BERLIN)).toBe('Sat 28 Nov, 19:00 CET');
    expect(formatWhen(AT, NEW_YORK)).toBe('Sat, Nov 28, 01:00 PM EST');
    expect(formatTime(AT, BERLIN)).toBe('19:00 CET');
    expect(zoneName(AT, NEW_YORK)).toBe('EST');
  });

  it("keeps the spec's list format in the viewer's zone", () => {
    expect(formatListDate(AT, BERLIN)).toBe('11/28/2026 07:00 PM');
    expect(formatListDate(AT, NEW_YORK)).toBe('11/28/2026 01:00 PM');
    expect(formatListDate('2026-11-29T03:30:00Z', BERLIN, false)).toBe('11/29/2026');
    expect(formatListDate('2026-11-29T00:05:00Z', { timeZone: 'UTC' })).toBe('11/29/2026 12:05 AM');
  });
});
