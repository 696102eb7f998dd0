import fc from 'fast-check';
import { formatRank, NUMBERED_DIVISIONS, RANK_LADDER, RANK_NUMBERS } from '@scrim-gym/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MU,
  DEFAULT_SIGMA,
  displayRating,
  isProvisional,
  PROVISIONAL_GAMES,
  rateGame,
  rankOfRating,
  rankStep,
  replayRatings,
  seedTeamRating,
  seedRating,
  winProbability,
  type GameResult,
  type Rating,
} from './ratings.model.js';

/** The ranked ladder lowest first, written independently of the model: Iron 4 … Diamond 1, Master, GM, Challenger. */
const LADDER = [
  ...NUMBERED_DIVISIONS.flatMap((division) => RANK_NUMBERS.map((number) => formatRank({ division, number }))),
  'Master',
  'Grandmaster',
  'Challenger',
];

describe('seedRating', () => {
  it('rises strictly along the ladder, from Iron 4 to Challenger', () => {
    expect(LADDER[0]).toBe('Iron 4');
    expect(LADDER.at(-1)).toBe('Challenger');
    const mus = LADDER.map((rank) => seedRating(rank).mu);
    for (let i = 1; i < mus.length; i++) expect(mus[i], `${LADDER[i - 1]} < ${LADDER[i]}`).toBeGreaterThan(mus[i - 1]!);
    expect(mus[0]).toBe(10);
    expect(mus.at(-1)).toBe(50);
    expect(LADDER.map(rankStep)).toEqual(LADDER.map((_, i) => i));
  });

  it('starts Unranked and unknown ranks at the default mean, every seed at the default sigma', () => {
    for (const rank of ['Unranked', '', null, undefined, 'Gold', 'Gold 7', 'Master 1', 'Wood 2']) {
      expect(seedRating(rank)).toEqual({ mu: DEFAULT_MU, sigma: DEFAULT_SIGMA });
    }
    for (const rank of LADDER) expect(seedRating(rank).sigma).toBe(DEFAULT_SIGMA);
    // The default sits between Silver 1 and Gold 4, the middle of the ladder.
    expect(seedRating('Silver 1').mu).toBeLessThan(DEFAULT_MU);
    expect(seedRating('Gold 4').mu).toBeGreaterThan(DEFAULT_MU);
  });
});

describe('seedTeamRating', () => {
  it("is the mean of the players' means with the root of their mean variance", () => {
    const team = seedTeamRating([
      { mu: 20, sigma: 3 },
      { mu: 30, sigma: 4 },
    ]);
    expect(team.mu).toBe(25);
    expect(team.sigma).toBeCloseTo(Math.sqrt(12.5), 12);
  });

  it("keeps a roster of equal players at their rating, whatever the roster's size", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 60, noNaN: true }),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        fc.integer({ min: 1, max: 10 }),
        (mu, sigma, size) => {
          const team = seedTeamRating(Array.from({ length: size }, () => ({ mu, sigma })));
          expect(team.mu).toBeCloseTo(mu, 9);
          expect(team.sigma).toBeCloseTo(sigma, 9);
        },
      ),
    );
  });

  it('starts a team without players as a new unranked player', () => {
    expect(seedTeamRating([])).toEqual({ mu: DEFAULT_MU, sigma: DEFAULT_SIGMA });
  });
});

describe('displayRating', () => {
  it('is mu − 3σ on a 0–3000 scale, an integer, clamped', () => {
    expect(displayRating({ mu: DEFAULT_MU, sigma: DEFAULT_SIGMA })).toBe(750);
    expect(displayRating(seedRating('Iron 4'))).toBe(300);
    expect(displayRating(seedRating('Challenger'))).toBe(1500);
    expect(displayRating({ mu: 55, sigma: 2 })).toBe(2220);
    expect(displayRating({ mu: 500, sigma: 1 })).toBe(3000);
    expect(displayRating({ mu: -40, sigma: 8 })).toBe(0);
    fc.assert(
      fc.property(
        fc.double({ min: -100, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (mu, sigma) => {
          const shown = displayRating({ mu, sigma });
          expect(Number.isInteger(shown)).toBe(true);
          expect(shown).toBeGreaterThanOrEqual(0);
          expect(shown).toBeLessThanOrEqual(3000);
          expect(displayRating({ mu: mu + 1, sigma })).toBeGreaterThanOrEqual(shown);
        },
      ),
    );
  });

  it('is provisional for the first 10 games', () => {
    expect(PROVISIONAL_GAMES).toBe(10);
    expect(isProvisional(0)).toBe(true);
    expect(isProvisional(9)).toBe(true);
    expect(isProvisional(10)).toBe(false);
  });
});

const ids = Array.from({ length: 10 }, (_, i) => `player-${i}`);
const ratingArb = fc.record({
  mu: fc.double({ min: 5, max: 55, noNaN: true }),
  sigma: fc.double({ min: 0.5, max: 25 / 3, noNaN: true }),
});
const seedsArb = fc
  .array(ratingArb, { minLength: 10, maxLength: 10 })
  .map((ratings) => new Map(ids.map((id, i): [string, Rating] => [id, ratings[i]!])));
const gameArb: fc.Arbitrary<GameResult> = fc
  .tuple(fc.shuffledSubarray(ids, { minLength: 10, maxLength: 10 }), fc.constantFrom<'blue' | 'red'>('blue', 'red'))
  .map(([order, winner]) => ({ blue: order.slice(0, 5), red: order.slice(5), winner }));

describe('rateGame', () => {
  it('moves the winners up and the losers down, the same way every time, without touching its input', () => {
    const blue = ids.slice(0, 5).map((userId) => ({ userId, rating: seedRating('Gold 2') }));
    const red = ids.slice(5).map((userId) => ({ userId, rating: seedRating('Gold 2') }));
    const copy = structuredClone({ blue, red });
    const after = rateGame({ blue, red, winner: 'red' });
    expect({ blue, red }).toEqual(copy);
    expect(after.size).toBe(10);
    for (const p of blue) expect(after.get(p.userId)!.mu).toBeLessThan(p.rating.mu);
    for (const p of red) expect(after.get(p.userId)!.mu).toBeGreaterThan(p.rating.mu);
    for (const p of [...blue, ...red]) expect(after.get(p.userId)!.sigma).toBeLessThan(p.rating.sigma);
    expect(rateGame({ blue, red, winner: 'red' })).toEqual(after);
  });
});

describe('replayRatings', () => {
  /** The ratings from applying the games one by one with rateGame, written out by hand. */
  function byHand(seeds: Map<string, Rating>, games: GameResult[]) {
    const ratings = new Map(seeds);
    for (const game of games) {
      const side = (team: readonly string[]) => team.map((userId) => ({ userId, rating: ratings.get(userId)! }));
      for (const [userId, rating] of rateGame({ blue: side(game.blue), red: side(game.red), winner: game.winner })) {
        ratings.set(userId, rating);
      }
    }
    return ratings;
  }

  it('rate A, B, C, then clear B: every rating equals A then C from the seeds, bit for bit', () => {
    fc.assert(
      fc.property(seedsArb, gameArb, gameArb, gameArb, (seeds, a, b, c) => {
        const all = replayRatings(seeds, [a, b, c]);
        expect(all.ratings).toEqual(byHand(seeds, [a, b, c]));
        const cleared = replayRatings(seeds, [a, c]);
        const expected = byHand(seeds, [a, c]);
        for (const id of ids) {
          expect(Object.is(cleared.ratings.get(id)!.mu, expected.get(id)!.mu)).toBe(true);
          expect(Object.is(cleared.ratings.get(id)!.sigma, expected.get(id)!.sigma)).toBe(true);
        }
        // Changing B's winner is a replay too.
        const flipped = { ...b, winner: b.winner === 'blue' ? ('red' as const) : ('blue' as const) };
        expect(replayRatings(seeds, [a, flipped, c]).ratings).toEqual(byHand(seeds, [a, flipped, c]));
      }),
      { numRuns: 50 },
    );
  });

  it('records each player before and after each game, chained, and counts games', () => {
    fc.assert(
      fc.property(seedsArb, fc.array(gameArb, { minLength: 1, maxLength: 5 }), (seeds, games) => {
        const { ratings, gamesRated, changes } = replayRatings(seeds, games);
        const last = new Map(seeds);
        changes.forEach((game, n) => {
          expect(game.map((c) => c.userId)).toEqual([...games[n]!.blue, ...games[n]!.red]);
          for (const change of game) {
            expect(change.before).toEqual(last.get(change.userId));
            last.set(change.userId, change.after);
          }
        });
        expect(ratings).toEqual(last);
        for (const id of ids) expect(gamesRated.get(id)).toBe(games.length);
      }),
      { numRuns: 30 },
    );
  });

  it('starts a player missing from the seeds at the default rating; seeds are not changed', () => {
    const seeds = new Map([['player-0', { mu: 30, sigma: 5 }]]);
    const { changes, ratings } = replayRatings(seeds, [{ blue: ids.slice(0, 5), red: ids.slice(5), winner: 'blue' }]);
    expect(changes[0]![1]!.before).toEqual({ mu: DEFAULT_MU, sigma: DEFAULT_SIGMA });
    expect(seeds.get('player-0')).toEqual({ mu: 30, sigma: 5 });
    expect(ratings.get('player-0')!.mu).toBeGreaterThan(30);
    expect(replayRatings(seeds, []).ratings).toEqual(seeds);
  });
});

describe('winProbability', () => {
  it('is symmetric: p(blue) + p(red) = 1', () => {
    fc.assert(
      fc.property(fc.array(ratingArb, { minLength: 10, maxLength: 10 }), (ratings) => {
        const blue = ratings.slice(0, 5);
        const red = ratings.slice(5);
        const p = winProbability(blue, red);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(1);
        expect(p + winProbability(red, blue)).toBeCloseTo(1, 12);
      }),
    );
  });

  it('is exactly 0.5 for mirrored teams and above 0.5 for the stronger side', () => {
    fc.assert(
      fc.property(fc.array(ratingArb, { minLength: 5, maxLength: 5 }), (team) => {
        expect(
          winProbability(
            team,
            team.map((r) => ({ ...r })),
          ),
        ).toBe(0.5);
        const stronger = team.map((r) => ({ mu: r.mu + 1, sigma: r.sigma }));
        expect(winProbability(stronger, team)).toBeGreaterThan(0.5);
      }),
    );
  });
});

describe('rankOfRating', () => {
  it("reads every rank's seed back as that rank, and the shared ladder as the model's", () => {
    expect(RANK_LADDER).toEqual(LADDER);
    for (const rank of LADDER) expect(rankOfRating(seedRating(rank))).toBe(rank);
  });

  it('stays on the ladder beyond its ends, and reads a seed of mixed players between them', () => {
    expect(rankOfRating({ mu: -100, sigma: 1 })).toBe('Iron 4');
    expect(rankOfRating({ mu: 500, sigma: 1 })).toBe('Challenger');
    expect(rankOfRating(seedTeamRating([seedRating('Gold 4'), seedRating('Gold 2')]))).toBe('Gold 3');
  });
});
