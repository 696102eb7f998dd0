import { describe, expect, it } from 'vitest';
import { dayRange, isDayKey, isPastDay, toDayKey } from './day';

describe('hub days', () => {
  it('sends the local day as UTC ISO start and end', () => {
    const { startDate, endDate } = dayRange('2026-05-01');
    expect(new Date(startDate).getTime()).toBe(new Date(2026, 4, 1).getTime());
    expect(new Date(endDate).getTime()).toBe(new Date(2026, 4, 2).getTime());
    expect(startDate).toMatch(/Z$/);
  });
  it('accepts only real dates', () => {
    expect(isDayKey('2026-02-28')).toBe(true);
    expect(isDayKey('2026-02-30')).toBe(false);
    expect(isDayKey('05/01/2026')).toBe(false);
    expect(isDayKey(null)).toBe(false);
  });
  it('knows past days', () => {
    expect(isPastDay('2026-05-01', '2026-05-02')).toBe(true);
    expect(isPastDay('2026-05-02', '2026-05-02')).toBe(false);
    expect(toDayKey(new Date(2026, 0, 9))).toBe('2026-01-09');
  });
});
