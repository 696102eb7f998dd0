import { describe, expect, it } from 'vitest';
import { groupScrims } from './group';
import { hoursFromNow, makeScrim } from '../test/scrim-factory';
import { nextTimingChange } from '../hooks/useNow';

describe('hub sections by timing', () => {
  it('puts each scrim in current, upcoming or previous', () => {
    const now = Date.now();
    const scrims = [
      makeScrim({ _id: 'later', gameStartTime: hoursFromNow(5) }),
      makeScrim({ _id: 'soon', gameStartTime: hoursFromNow(1) }),
      makeScrim({ _id: 'playing', gameStartTime: hoursFromNow(-1) }),
      makeScrim({ _id: 'won', gameStartTime: hoursFromNow(-1), teamWon: 'teamOne' }),
      makeScrim({ _id: 'old', gameStartTime: hoursFromNow(-4) }),
      makeScrim({ _id: 'older', gameStartTime: hoursFromNow(-6) }),
    ];
    const groups = groupScrims(scrims, now);
    expect(groups.upcoming.map((s) => s._id)).toEqual(['soon', 'later']);
    expect(groups.current.map((s) => s._id)).toEqual(['playing']);
    expect(groups.previous.map((s) => s._id)).toEqual(['won', 'old', 'older']);
  });

  it('puts an abandoned scrim among the previous ones, even within its 3 hours', () => {
    const now = Date.now();
    const abandonedAt = new Date(now - 10 * 60_000).toISOString();
    const groups = groupScrims(
      [
        makeScrim({ _id: 'abandoned', gameStartTime: hoursFromNow(-0.7), abandonedAt }),
        makeScrim({ _id: 'waiting', gameStartTime: hoursFromNow(-0.2) }),
      ],
      now,
    );
    expect(groups.current.map((s) => s._id)).toEqual(['waiting']);
    expect(groups.previous.map((s) => s._id)).toEqual(['abandoned']);
  });

  it('knows when the next scrim changes section', () => {
    const now = Date.now();
    const start = now + 60_000;
    expect(nextTimingChange([{ gameStartTime: new Date(start).toISOString(), teamWon: null }], now)).toBe(start);
    expect(nextTimingChange([{ gameStartTime: new Date(now - 60_000).toISOString(), teamWon: null }], now)).toBe(
      now - 60_000 + 3 * 3_600_000,
    );
    expect(
      nextTimingChange([{ gameStartTime: new Date(now - 60_000).toISOString(), teamWon: 'teamOne' }], now),
    ).toBeNull();
  });
});
