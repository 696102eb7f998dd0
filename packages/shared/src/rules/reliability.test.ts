import { describe, expect, it } from 'vitest';
import { LATE_LEAVE_HOURS, RELIABILITY_MIN_COMMITMENTS } from '../constants.js';
import {
  formatTimeLeft,
  freeLeaveTimeLeft,
  isPastLateLeaveLine,
  lateLeaveLine,
  reliabilityState,
  shownReliability,
} from './reliability.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('reliabilityState / shownReliability', () => {
  it('is new below the minimum of commitments, rated from it', () => {
    expect(reliabilityState(0)).toBe('new');
    expect(reliabilityState(RELIABILITY_MIN_COMMITMENTS - 1)).toBe('new');
    expect(reliabilityState(RELIABILITY_MIN_COMMITMENTS)).toBe('rated');
    expect(reliabilityState(20)).toBe('rated');
  });

  it('hides the share of a new player (one late leave is not a public 0 %) and shows a rated one’s', () => {
    expect(shownReliability(0, 1)).toBeNull();
    expect(shownReliability(75, RELIABILITY_MIN_COMMITMENTS - 1)).toBeNull();
    expect(shownReliability(80, RELIABILITY_MIN_COMMITMENTS)).toBe(80);
    expect(shownReliability(null, 0)).toBeNull();
  });
});

describe('the late-leave line', () => {
  const start = new Date('2026-11-28T20:00:00Z');

  it('lies LATE_LEAVE_HOURS before the start', () => {
    expect(lateLeaveLine(start).getTime()).toBe(start.getTime() - LATE_LEAVE_HOURS * HOUR);
    expect(lateLeaveLine(start.toISOString()).getTime()).toBe(lateLeaveLine(start).getTime());
  });

  it('counts the free time left down to 0 and is passed only after the line', () => {
    const line = lateLeaveLine(start).getTime();
    expect(freeLeaveTimeLeft(start, line - 72 * MIN)).toBe(72 * MIN);
    expect(freeLeaveTimeLeft(start, line)).toBe(0);
    expect(freeLeaveTimeLeft(start, start.getTime() + HOUR)).toBe(0);
    expect(isPastLateLeaveLine(start, line - 1)).toBe(false);
    expect(isPastLateLeaveLine(start, line)).toBe(false);
    expect(isPastLateLeaveLine(start, line + 1)).toBe(true);
    expect(isPastLateLeaveLine(start, start.getTime() + MIN)).toBe(true);
  });
});

describe('formatTimeLeft', () => {
  it('says hours and minutes, rounded down, never promising more than is left', () => {
    expect(formatTimeLeft(72 * MIN + 59_999)).toBe('1 h 12 min');
    expect(formatTimeLeft(45 * MIN)).toBe('45 min');
    expect(formatTimeLeft(3 * HOUR)).toBe('3 h');
    expect(formatTimeLeft(59_999)).toBe('less than a minute');
    expect(formatTimeLeft(0)).toBe('less than a minute');
  });
});
