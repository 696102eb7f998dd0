import { afterEach, describe, expect, it, vi } from 'vitest';
import { getScrimTiming } from './scrim-timing.js';

const start = Date.parse('2025-06-01T18:00:00.000Z');
const minutes = (n: number) => n * 60_000;
const hours = (n: number) => n * 3_600_000;
const timing = (now: number, teamWon: string | null = null) =>
  getScrimTiming({ gameStartTime: new Date(start).toISOString(), teamWon, now });

afterEach(() => {
  vi.useRealTimers();
});

describe('getScrimTiming', () => {
  it('counts an abandoned scrim as previous from the moment it closed, within the 3 hours', () => {
    const abandonedAt = new Date(start + minutes(30)).toISOString();
    const at = (now: number) => getScrimTiming({ gameStartTime: new Date(start), teamWon: null, abandonedAt, now });
    expect(at(start + minutes(31))).toBe('previous');
    expect(at(start + hours(2))).toBe('previous');
    expect(
      getScrimTiming({ gameStartTime: new Date(start), teamWon: null, abandonedAt: null, now: start + minutes(31) }),
    ).toBe('current');
  });

  it('is upcoming before the start and exactly at it', () => {
    expect(timing(start - hours(24))).toBe('upcoming');
    expect(timing(start - 1)).toBe('upcoming');
    expect(timing(start)).toBe('upcoming');
  });

  it('is current from just after the start until just under 3 hours', () => {
    expect(timing(start + 1)).toBe('current');
    expect(timing(start + hours(2) + minutes(59))).toBe('current');
    expect(timing(start + hours(3) - 1)).toBe('current');
  });

  it('is previous from 3 hours after the start', () => {
    expect(timing(start + hours(3))).toBe('previous');
    expect(timing(start + hours(3) + 1)).toBe('previous');
    expect(timing(start + hours(72))).toBe('previous');
  });

  it('is previous as soon as a started scrim has a winner', () => {
    expect(timing(start + 1, 'teamOne')).toBe('previous');
    expect(timing(start + minutes(30), 'teamTwo')).toBe('previous');
    expect(timing(start + hours(5), 'teamOne')).toBe('previous');
  });

  it('treats an empty winner as no winner', () => {
    expect(timing(start + minutes(30), '')).toBe('current');
    expect(getScrimTiming({ gameStartTime: new Date(start), teamWon: undefined, now: start + minutes(30) })).toBe(
      'current',
    );
  });

  it('accepts a Date or an ISO text with an offset', () => {
    const now = start + minutes(10);
    expect(getScrimTiming({ gameStartTime: new Date(start), teamWon: null, now })).toBe('current');
    expect(getScrimTiming({ gameStartTime: '2025-06-01T20:00:00+02:00', teamWon: null, now })).toBe('current');
    expect(getScrimTiming({ gameStartTime: '2025-06-01T20:00:00Z', teamWon: null, now })).toBe('upcoming');
  });

  it('uses the current time by default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(start + hours(1));
    expect(getScrimTiming({ gameStartTime: new Date(start), teamWon: null })).toBe('current');
    vi.setSystemTime(start + hours(3));
    expect(getScrimTiming({ gameStartTime: new Date(start), teamWon: null })).toBe('previous');
  });
});
