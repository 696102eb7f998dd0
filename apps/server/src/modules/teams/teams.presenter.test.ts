import { describe, expect, it } from 'vitest';
import { reliabilityOf } from './teams.presenter.js';

describe("a team's reliability", () => {
  it('is the share of decided series it played, shown from five on', () => {
    expect(reliabilityOf(undefined)).toEqual({ score: null, played: 0, lateCancels: 0, noShows: 0 });
    const four = { teamId: 't', played: 3, lateCancels: 1, noShows: 0 };
    expect(reliabilityOf(four).score).toBeNull();
    expect(reliabilityOf({ ...four, noShows: 1 })).toEqual({ score: 60, played: 3, lateCancels: 1, noShows: 1 });
    expect(reliabilityOf({ teamId: 't', played: 2, lateCancels: 0, noShows: 1 }).score).toBeNull();
    expect(reliabilityOf({ teamId: 't', played: 5, lateCancels: 1, noShows: 0 }).score).toBe(83);
  });
});
