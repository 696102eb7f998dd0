import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANGE,
  isCustom,
  monthsOf,
  registrationPoints,
  withFrom,
  withPreset,
  withTo,
  type MonthRange,
} from './months';

// Local time: the presets end with the admin's current month.
const MAY_2026 = new Date(2026, 4, 15);
const labels = (range: MonthRange, now = MAY_2026) => registrationPoints([], range, now).map((p) => p.label);

describe('registration chart ranges (spec 2)', () => {
  it('6M by default: the last six months, the current one included', () => {
    expect(DEFAULT_RANGE.preset).toBe(6);
    expect(labels(DEFAULT_RANGE)).toEqual(['Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026']);
  });

  it('3M and 1Y', () => {
    expect(labels(withPreset(3))).toEqual(['Mar 2026', 'Apr 2026', 'May 2026']);
    const year = labels(withPreset(12));
    expect(year).toHaveLength(12);
    expect(year[0]).toBe('Jun 2025');
    expect(year.at(-1)).toBe('May 2026');
  });

  it('a custom range is active only with both From and To, and lists every month between them', () => {
    const onlyFrom = withFrom(DEFAULT_RANGE, '2025-11');
    expect(isCustom(onlyFrom)).toBe(false);
    expect(labels(onlyFrom)).toHaveLength(6);
    const range = withTo(onlyFrom, '2026-02');
    expect(isCustom(range)).toBe(true);
    expect(labels(range)).toEqual(['Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026']);
    expect(labels(withTo(withFrom(DEFAULT_RANGE, '2024-03'), '2024-03'))).toEqual(['Mar 2024']);
  });

  it('To cannot be before From: such a To is refused, and a From after To clears To', () => {
    const range = withTo(withFrom(DEFAULT_RANGE, '2026-01'), '2026-03');
    expect(withTo(range, '2025-12')).toEqual(range);
    expect(withFrom(range, '2026-04')).toMatchObject({ from: '2026-04', to: '' });
    expect(withFrom(range, '2026-02')).toMatchObject({ from: '2026-02', to: '2026-03' });
    // No From yet: any To is taken.
    expect(withTo(DEFAULT_RANGE, '2020-01').to).toBe('2020-01');
  });

  it('a preset (and Clear, which is 6M) drops the custom range', () => {
    const range = withTo(withFrom(DEFAULT_RANGE, '2026-01'), '2026-03');
    expect(withPreset(12)).toEqual({ preset: 12, from: '', to: '' });
    expect(isCustom(withPreset(range.preset))).toBe(false);
  });

  it('fills months without registrations with zero and keeps the counts of the others', () => {
    const growth = [
      { year: 2025, month: 12, count: 4 },
      { year: 2026, month: 2, count: 7 },
      { year: 2023, month: 1, count: 99 },
    ];
    expect(registrationPoints(growth, withPreset(3), MAY_2026).map((p) => p.count)).toEqual([0, 0, 0]);
    expect(registrationPoints(growth, DEFAULT_RANGE, MAY_2026).map((p) => [p.key, p.count])).toEqual([
      ['2025-12', 4],
      ['2026-01', 0],
      ['2026-02', 7],
      ['2026-03', 0],
      ['2026-04', 0],
      ['2026-05', 0],
    ]);
  });

  it('crosses year boundaries in both directions', () => {
    expect(monthsOf(withPreset(3), new Date(2026, 0, 3))).toEqual([
      { year: 2025, month: 11 },
      { year: 2025, month: 12 },
      { year: 2026, month: 1 },
    ]);
  });
});
