import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANGE,
  isCustom,
  monthsOf,
  pickFrom,
  pickTo,
  registrationPoints,
  shownMonths,
  withPreset,
  type MonthRange,
} from './months';

// Local time: the presets end with the admin's current month.
const MAY_2026 = new Date(2026, 4, 15);
const labels = (range: MonthRange, now = MAY_2026) => registrationPoints([], range, now).map((p) => p.label);

describe('registration chart ranges', () => {
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

  it("the pickers always show a month: the preset's first and last, or the custom range", () => {
    expect(shownMonths(DEFAULT_RANGE, MAY_2026)).toEqual({ from: '2025-12', to: '2026-05' });
    expect(shownMonths(withPreset(3), MAY_2026)).toEqual({ from: '2026-03', to: '2026-05' });
    expect(shownMonths({ preset: 6, from: '2024-02', to: '2024-04' }, MAY_2026)).toEqual({
      from: '2024-02',
      to: '2024-04',
    });
  });

  it('picking From or To makes a custom range with the other side as shown, listing every month between', () => {
    const range = pickFrom(DEFAULT_RANGE, '2026-02', MAY_2026);
    expect(isCustom(range)).toBe(true);
    expect(labels(range)).toEqual(['Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026']);
    expect(labels(pickTo(range, '2026-03', MAY_2026))).toEqual(['Feb 2026', 'Mar 2026']);
    expect(labels(pickTo(DEFAULT_RANGE, '2026-01', MAY_2026))).toEqual(['Dec 2025', 'Jan 2026']);
    expect(labels(pickTo(pickFrom(DEFAULT_RANGE, '2024-03', MAY_2026), '2024-03', MAY_2026))).toEqual(['Mar 2024']);
  });

  it('To is never before From: such a To is refused, and a From after To moves To to it', () => {
    const range = pickTo(pickFrom(DEFAULT_RANGE, '2026-01', MAY_2026), '2026-03', MAY_2026);
    expect(pickTo(range, '2025-12', MAY_2026)).toEqual(range);
    expect(pickFrom(range, '2026-04', MAY_2026)).toMatchObject({ from: '2026-04', to: '2026-04' });
    expect(pickFrom(range, '2026-02', MAY_2026)).toMatchObject({ from: '2026-02', to: '2026-03' });
  });

  it('emptying a picker goes back to the preset', () => {
    const range = pickFrom(withPreset(3), '2026-01', MAY_2026);
    expect(pickFrom(range, '', MAY_2026)).toEqual(withPreset(3));
    expect(pickTo(range, '', MAY_2026)).toEqual(withPreset(3));
  });

  it('a preset (and Clear, which is 6M) drops the custom range', () => {
    const range = pickTo(pickFrom(DEFAULT_RANGE, '2026-01', MAY_2026), '2026-03', MAY_2026);
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
