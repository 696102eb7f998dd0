import fc from 'fast-check';
import { ROLES, type Role } from '@scrim-gym/shared';
import { describe, expect, it } from 'vitest';
import {
  balanceTeams,
  MU_UNITS,
  OFF_ROLE_PENALTY,
  SECONDARY_ROLE_PENALTY,
  type Balance,
  type LobbyPlayer,
  type PreferredRole,
} from './ratings.balance.js';
import { winProbability } from './ratings.model.js';

/** Written out apart from the engine: 0 primary, 1 secondary (or Fill), 2 off-role. */
function fitOf(player: LobbyPlayer, role: Role): number {
  if (player.primaryRole === role) return 0;
  if (player.primaryRole === 'Fill' || player.secondaryRole === 'Fill' || player.secondaryRole === role) return 1;
  return 2;
}
const PENALTY = [0, SECONDARY_ROLE_PENALTY, OFF_ROLE_PENALTY];

/** Every order of the five roles. */
const ORDERS: number[][] = [];
for (let a = 0; a < 5; a++)
  for (let b = 0; b < 5; b++)
    for (let c = 0; c < 5; c++)
      for (let d = 0; d < 5; d++)
        for (let e = 0; e < 5; e++) if (new Set([a, b, c, d, e]).size === 5) ORDERS.push([a, b, c, d, e]);

/**
 * Plain brute force over all 252 splits (both sides of each) × 120 × 120 role assignments, with the documented
 * objective: |Σ effective mu blue − red| (in millionths), then fewer off-role, then more primaries, then the
 * smallest (side, role) sequence over the players sorted by userId.
 */
function bruteForce(players: LobbyPlayer[]): Balance {
  const sorted = [...players].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  const units = sorted.map((p) => Math.round(p.rating.mu * MU_UNITS));
  let best: { key: number[]; blue: number[]; red: number[]; blueRoles: number[]; redRoles: number[] } | null = null;
  const better = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
    return false;
  };
  for (let mask = 0; mask < 1024; mask++) {
    const blue = [...Array(10).keys()].filter((i) => mask & (1 << i));
    if (blue.length !== 5) continue;
    const red = [...Array(10).keys()].filter((i) => !(mask & (1 << i)));
    const side = (members: number[], sideDigit: number) =>
      ORDERS.map((roles) => {
        let sum = 0;
        let off = 0;
        let primary = 0;
        let order = 0;
        members.forEach((i, k) => {
          const fit = fitOf(sorted[i]!, ROLES[roles[k]!]!);
          sum += units[i]! - PENALTY[fit]! * MU_UNITS;
          if (fit === 2) off++;
          if (fit === 0) primary++;
          order += (sideDigit + roles[k]!) * 10 ** (9 - i);
        });
        return { sum, off, primary, order, roles };
      });
    const blueSide = side(blue, 0);
    const redSide = side(red, 5);
    for (const b of blueSide) {
      for (const r of redSide) {
        // The key is compared before it is built: 3.6 million pairs a lobby, kept cheap enough for a loaded machine.
        const gap = Math.abs(b.sum - r.sum);
        if (best && gap > best.key[0]!) continue;
        const key = [gap, b.off + r.off, -(b.primary + r.primary), b.order + r.order];
        if (!best || better(key, best.key)) best = { key, blue, red, blueRoles: b.roles, redRoles: r.roles };
      }
    }
  }
  const seats = (members: number[], roles: number[]) =>
    members
      .map((i, k) => ({ userId: sorted[i]!.userId, role: ROLES[roles[k]!]! }))
      .sort((x, y) => ROLES.indexOf(x.role) - ROLES.indexOf(y.role));
  const blue = seats(best!.blue, best!.blueRoles);
  const red = seats(best!.red, best!.redRoles);
  const byId = new Map(sorted.map((p) => [p.userId, p]));
  const effective = ({ userId, role }: { userId: string; role: Role }) => {
    const p = byId.get(userId)!;
    return { mu: p.rating.mu - PENALTY[fitOf(p, role)]!, sigma: p.rating.sigma };
  };
  return {
    blue,
    red,
    blueWinProbability: winProbability(blue.map(effective), red.map(effective)),
    offRole: [...blue, ...red].filter((s) => fitOf(byId.get(s.userId)!, s.role) === 2).map((s) => s.userId),
  };
}

const roleArb = fc.constantFrom<PreferredRole>(...ROLES, 'Fill');
/** Means from a few values (many exact ties) or anywhere (no ties), sigmas anywhere. */
const muArb = fc.oneof(fc.constantFrom(20, 24, 25, 26, 30), fc.double({ min: 5, max: 55, noNaN: true }));
const lobbyArb: fc.Arbitrary<LobbyPlayer[]> = fc
  .tuple(
    fc.uniqueArray(fc.uuid(), { minLength: 10, maxLength: 10 }),
    fc.array(fc.tuple(muArb, fc.double({ min: 0.5, max: 25 / 3, noNaN: true }), roleArb, roleArb), {
      minLength: 10,
      maxLength: 10,
    }),
  )
  .map(([ids, rows]) =>
    rows.map(([mu, sigma, primaryRole, secondaryRole], i) => ({
      userId: ids[i]!,
      rating: { mu, sigma },
      primaryRole,
      secondaryRole,
    })),
  );

function expectWellFormed(players: LobbyPlayer[], result: Balance) {
  expect(result.blue.map((s) => s.role)).toEqual([...ROLES]);
  expect(result.red.map((s) => s.role)).toEqual([...ROLES]);
  const seated = [...result.blue, ...result.red].map((s) => s.userId);
  expect([...seated].sort()).toEqual(players.map((p) => p.userId).sort());
  const byId = new Map(players.map((p) => [p.userId, p]));
  const off = [...result.blue, ...result.red].filter((s) => fitOf(byId.get(s.userId)!, s.role) === 2);
  expect(result.offRole).toEqual(off.map((s) => s.userId));
}

function player(userId: string, mu: number, primaryRole: PreferredRole, secondaryRole: PreferredRole): LobbyPlayer {
  return { userId, rating: { mu, sigma: 25 / 3 }, primaryRole, secondaryRole };
}

describe('balanceTeams', () => {
  it('finds the same teams as a plain brute force over every split and every role assignment', () => {
    fc.assert(
      fc.property(lobbyArb, (players) => {
        const result = balanceTeams(players);
        expectWellFormed(players, result);
        expect(result).toEqual(bruteForce(players));
      }),
      { numRuns: 40 },
    );
  });

  it('gives the same answer whatever the order of the players', () => {
    fc.assert(
      fc.property(
        lobbyArb.chain((players) => fc.tuple(fc.constant(players), fc.shuffledSubarray(players, { minLength: 10 }))),
        ([players, shuffled]) => {
          expect(balanceTeams(shuffled)).toEqual(balanceTeams(players));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps everyone on their primary role when two players want each role and all are equal', () => {
    const players = ROLES.flatMap((role, r) => [
      player(`a${r}`, 25, role, ROLES[(r + 1) % 5]!),
      player(`b${r}`, 25, role, 'Fill'),
    ]);
    const result = balanceTeams(players);
    expect(result.offRole).toEqual([]);
    expect(result.blueWinProbability).toBe(0.5);
    const byId = new Map(players.map((p) => [p.userId, p]));
    for (const seat of [...result.blue, ...result.red]) expect(byId.get(seat.userId)!.primaryRole).toBe(seat.role);
    // Ties broken by userId order: a0 (the first id) plays blue, and with it the smallest sequence.
    expect(result.blue.map((s) => s.userId)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
    expect(result).toEqual(bruteForce(players));
  });

  it('uses secondary roles before anyone goes off-role, and flags the off-role players', () => {
    // Everyone mains Mid, half with Top, half with Support second: per side one Mid, a Top and a Support on their
    // secondary, two off-role (Jungle, ADC).
    const players = Array.from({ length: 10 }, (_, i) => player(`p${i}`, 25, 'Mid', i < 5 ? 'Top' : 'Support'));
    const result = balanceTeams(players);
    expectWellFormed(players, result);
    expect(result.offRole).toHaveLength(4);
    expect(result.blueWinProbability).toBe(0.5);
    for (const side of [result.blue, result.red]) {
      expect(side.filter((s) => result.offRole.includes(s.userId)).map((s) => s.role)).toEqual(['Jungle', 'ADC']);
    }
    expect(result).toEqual(bruteForce(players));
    // Fill on both: nobody is off-role.
    const flexible = Array.from({ length: 10 }, (_, i) => player(`f${i}`, 20 + i, 'Fill', 'Fill'));
    expect(balanceTeams(flexible).offRole).toEqual([]);
  });

  it('splits the strongest players and counts the off-role penalty in the win probability', () => {
    const players = [
      player('s1', 45, 'Mid', 'Top'),
      player('s2', 45, 'Mid', 'Top'),
      ...['Top', 'Jungle', 'ADC', 'Support'].flatMap((role, i) => [
        player(`x${i}`, 25, role as Role, 'Fill'),
        player(`y${i}`, 25, role as Role, 'Fill'),
      ]),
    ];
    const result = balanceTeams(players);
    const blueIds = result.blue.map((s) => s.userId);
    expect(blueIds.includes('s1')).not.toBe(blueIds.includes('s2'));
    expect(result.offRole).toEqual([]);
    expect(result.blueWinProbability).toBe(0.5);
    expect(result).toEqual(bruteForce(players));
  });

  it('refuses a lobby that is not ten different players', () => {
    const players = Array.from({ length: 10 }, (_, i) => player(`p${i}`, 25, 'Fill', 'Fill'));
    expect(() => balanceTeams(players.slice(1))).toThrow();
    expect(() => balanceTeams([...players.slice(1), players[0]!])).not.toThrow();
    expect(() => balanceTeams([...players.slice(1), players[1]!])).toThrow();
  });
});
