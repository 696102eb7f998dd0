import { describe, expect, it } from 'vitest';
import { activityBucket, daysInRange, isTimeZone, presetRange, todayIn } from './activity-range.js';

describe('presetRange', () => {
  it('covers the last N months up to today, both ends included', () => {
    expect(presetRange('3M', '2026-11-22')).toEqual({ from: '2026-08-23', to: '2026-11-22' });
    expect(presetRange('6M', '2026-11-22')).toEqual({ from: '2026-05-23', to: '2026-11-22' });
    expect(presetRange('1Y', '2026-11-22')).toEqual({ from: '2025-11-23', to: '2026-11-22' });
  });

  it('crosses year ends and clamps to short months', () => {
    expect(presetRange('3M', '2026-01-15')).toEqual({ from: '2025-10-16', to: '2026-01-15' });
    expect(presetRange('6M', '2026-08-31')).toEqual({ from: '2026-03-01', to: '2026-08-31' });
    expect(presetRange('3M', '2024-05-31')).toEqual({ from: '2024-03-01', to: '2024-05-31' });
  });
});

describe('activityBucket', () => {
  it('uses days up to two months, weeks up to ~6.5 months, months beyond', () => {
    expect(activityBucket('2026-01-01', '2026-01-01')).toBe('day');
    expect(activityBucket('2026-01-01', '2026-03-03')).toBe('day');
    expect(activityBucket('2026-01-01', '2026-03-04')).toBe('week');
    expect(activityBucket(...(Object.values(presetRange('6M', '2026-11-22')) as [string, string]))).toBe('week');
    expect(activityBucket(...(Object.values(presetRange('1Y', '2026-11-22')) as [string, string]))).toBe('month');
  });
});

describe('dates', () => {
  it('counts days inclusively', () => {
    expect(daysInRange('2026-01-01', '2026-01-01')).toBe(1);
    expect(daysInRange('2024-02-28', '2024-03-01')).toBe(3);
  });

  it("tells today's date in a time zone", () => {
    const instant = new Date('2026-03-01T03:00:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-03-01');
    expect(todayIn('America/New_York', instant)).toBe('2026-02-28');
  });

  it('knows time zone names', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
