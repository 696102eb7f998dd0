/**
 * Balanced teams for a lobby of ten: which five play blue, which five red, and who plays which role, solved
 * exactly (every split into two sides of five × every assignment of the five roles on each side).
 *
 * The objective, in order:
 * 1. the most even game: minimise |P(blue wins) − 0.5|, where a player counts with a lowered mean when not on
 *    their primary role: SECONDARY_ROLE_PENALTY on their secondary role (or on any role when they chose Fill),
 *    OFF_ROLE_PENALTY on any other role ("off-role"). The penalties lower mu only, so the denominator of the
 *    win probability, sqrt(2β² + Σσ²) over all ten players, is the same for every candidate, and the most even
 *    game is the one with the smallest |Σ effective mu (blue) − Σ effective mu (red)|. That difference is
 *    compared exactly, in whole millionths of a mu (each mu is rounded to a millionth first), so two candidates
 *    that are equally even are a tie and not decided by floating-point rounding;
 * 2. then fewer off-role players; 3. then more players on their primary role;
 * 4. then a stable order independent of the input order: with the players sorted by userId, each given
 *    (side, role) with blue before red and roles in the order Top, Jungle, Mid, ADC, Support, the smallest
 *    sequence wins. So the first userId always plays blue (swapping the sides changes nothing else), which is
 *    why only the 126 splits that put that player on blue are searched.
 *
 * The search: for each of the 252 sets of five, the 120 role assignments are folded into their distinct role
 * profiles (how many on secondary, how many off-role: that is all the objective needs from a side), keeping the
 * first assignment of each profile in the stable order. Then each of the 126 splits combines the profiles of its
 * two sides (at most 21 × 21, usually a handful).
 */
import { ROLES, type Role } from '@scrim-gym/shared';
import { winProbability, type Rating } from './ratings.model.js';

export type PreferredRole = Role | 'Fill';

export interface LobbyPlayer {
  userId: string;
  rating: Rating;
  primaryRole: PreferredRole;
  secondaryRole: PreferredRole;
}

export interface Seat {
  userId: string;
  role: Role;
}

export interface Balance {
  /** Listed Top, Jungle, Mid, ADC, Support. */
  blue: Seat[];
  red: Seat[];
  /** From the effective ratings (off-role penalties applied). */
  blueWinProbability: number;
  /** The players on neither their primary nor their secondary role, in seat order (blue, then red). */
  offRole: string[];
}

/** Mean lowered on the secondary role (or Fill): about one division of the rank ladder (4/3 mu a division). */
export const SECONDARY_ROLE_PENALTY = 1;
/** Mean lowered off-role: about three divisions, three quarters of a tier. */
export const OFF_ROLE_PENALTY = 4;
/** The objective compares means in whole units of 1/MU_UNITS. */
export const MU_UNITS = 1_000_000;

export const LOBBY_SIZE = 10;
const TEAM_SIZE = 5;

/** 0: the player's primary role, 1: secondary (or any role under Fill), 2: off-role. */
export type RoleFit = 0 | 1 | 2;

export function roleFit(player: Pick<LobbyPlayer, 'primaryRole' | 'secondaryRole'>, role: Role): RoleFit {
  if (player.primaryRole === role) return 0;
  if (player.primaryRole === 'Fill' || player.secondaryRole === 'Fill' || player.secondaryRole === role) return 1;
  return 2;
}

export const ROLE_PENALTIES: Record<RoleFit, number> = { 0: 0, 1: SECONDARY_ROLE_PENALTY, 2: OFF_ROLE_PENALTY };

/** The 120 orders of the five roles (role indexes into ROLES, flat, five per order), in lexicographic order. */
const PERMUTATIONS: Uint8Array = (() => {
  const out: number[] = [];
  const walk = (prefix: number[]) => {
    if (prefix.length === TEAM_SIZE) return void out.push(...prefix);
    for (let r = 0; r < TEAM_SIZE; r++) if (!prefix.includes(r)) walk([...prefix, r]);
  };
  walk([]);
  return Uint8Array.from(out);
})();
const PERMUTATION_COUNT = PERMUTATIONS.length / TEAM_SIZE;

/** The sets of five among ten as bit masks, with their members in ascending order. */
const TEAMS: readonly { mask: number; members: readonly number[] }[] = (() => {
  const out: { mask: number; members: number[] }[] = [];
  for (let mask = 0; mask < 1 << LOBBY_SIZE; mask++) {
    const members = [...Array(LOBBY_SIZE).keys()].filter((i) => mask & (1 << i));
    if (members.length === TEAM_SIZE) out.push({ mask, members });
  }
  return out;
})();

/** One distinct role profile of a set of five: its penalty, counts and first assignment in the stable order. */
interface Profile {
  penaltyUnits: number;
  secondary: number;
  off: number;
  /** Index of the assignment in PERMUTATIONS. */
  permutation: number;
  /** The set's part of the stable-order number when on blue (Σ role·10^(9−i)); red adds 5·Σ10^(9−i). */
  order: number;
}

/** 10^(9−i): player i's digit in the stable-order number. */
const PLACE = Array.from({ length: LOBBY_SIZE }, (_, i) => 10 ** (LOBBY_SIZE - 1 - i));

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function balanceTeams(players: readonly LobbyPlayer[]): Balance {
  if (players.length !== LOBBY_SIZE) throw new Error(`balanceTeams needs ${LOBBY_SIZE} players`);
  const sorted = [...players].sort((a, b) => compareIds(a.userId, b.userId));
  if (sorted.some((p, i) => i > 0 && p.userId === sorted[i - 1]!.userId)) {
    throw new Error('balanceTeams needs ten different players');
  }
  const muUnits = sorted.map((p) => Math.round(p.rating.mu * MU_UNITS));
  /** fits[i·5 + r]: player i's fit on role r. */
  const fits = Uint8Array.from(sorted.flatMap((p) => ROLES.map((role) => roleFit(p, role))));
  const secondaryUnits = SECONDARY_ROLE_PENALTY * MU_UNITS;
  const offUnits = OFF_ROLE_PENALTY * MU_UNITS;

  const base = new Float64Array(1 << LOBBY_SIZE);
  const redOrder = new Float64Array(1 << LOBBY_SIZE);
  const profiles: Profile[][] = [];
  const seen = new Int16Array(36).fill(-1);
  for (const { mask, members } of TEAMS) {
    const list: Profile[] = [];
    const row = members.map((i) => i * TEAM_SIZE);
    for (let p = 0; p < PERMUTATION_COUNT; p++) {
      const at = p * TEAM_SIZE;
      let secondary = 0;
      let off = 0;
      for (let k = 0; k < TEAM_SIZE; k++) {
        const fit = fits[row[k]! + PERMUTATIONS[at + k]!];
        if (fit === 1) secondary++;
        else if (fit === 2) off++;
      }
      const key = secondary * 6 + off;
      if (seen[key] === mask) continue;
      seen[key] = mask;
      let order = 0;
      for (let k = 0; k < TEAM_SIZE; k++) order += PERMUTATIONS[at + k]! * PLACE[members[k]!]!;
      list.push({ penaltyUnits: secondary * secondaryUnits + off * offUnits, secondary, off, permutation: p, order });
    }
    profiles[mask] = list;
    base[mask] = members.reduce((sum, i) => sum + muUnits[i]!, 0);
    redOrder[mask] = members.reduce((sum, i) => sum + 5 * PLACE[i]!, 0);
  }

  const all = (1 << LOBBY_SIZE) - 1;
  let best = { blueMask: -1, blue: -1, red: -1 };
  let bestDelta = Infinity;
  let bestOff = Infinity;
  let bestPrimary = -Infinity;
  let bestOrder = Infinity;
  for (const { mask: blueMask } of TEAMS) {
    if (!(blueMask & 1)) continue; // the first player plays blue (see the stable order above)
    const redMask = all ^ blueMask;
    const blueBase = base[blueMask]!;
    const redBase = base[redMask]!;
    const blueProfiles = profiles[blueMask]!;
    const redProfiles = profiles[redMask]!;
    for (let b = 0; b < blueProfiles.length; b++) {
      const blue = blueProfiles[b]!;
      for (let r = 0; r < redProfiles.length; r++) {
        const red = redProfiles[r]!;
        const delta = Math.abs(blueBase - blue.penaltyUnits - (redBase - red.penaltyUnits));
        if (delta > bestDelta) continue;
        const off = blue.off + red.off;
        const primary = LOBBY_SIZE - blue.secondary - blue.off - red.secondary - red.off;
        const order = blue.order + red.order + redOrder[redMask]!;
        if (
          delta < bestDelta ||
          off < bestOff ||
          (off === bestOff && (primary > bestPrimary || (primary === bestPrimary && order < bestOrder)))
        ) {
          best = { blueMask, blue: b, red: r };
          bestDelta = delta;
          bestOff = off;
          bestPrimary = primary;
          bestOrder = order;
        }
      }
    }
  }

  const seats = (mask: number, profile: number): Seat[] => {
    const { members } = TEAMS.find((team) => team.mask === mask)!;
    const at = profiles[mask]![profile]!.permutation * TEAM_SIZE;
    const bySeat: Seat[] = [];
    members.forEach((i, k) => {
      const role = PERMUTATIONS[at + k]!;
      bySeat[role] = { userId: sorted[i]!.userId, role: ROLES[role]! };
    });
    return bySeat;
  };
  const blue = seats(best.blueMask, best.blue);
  const red = seats(all ^ best.blueMask, best.red);
  const byId = new Map(sorted.map((p) => [p.userId, p]));
  const effective = (seat: Seat): Rating => {
    const player = byId.get(seat.userId)!;
    return { mu: player.rating.mu - ROLE_PENALTIES[roleFit(player, seat.role)], sigma: player.rating.sigma };
  };
  return {
    blue,
    red,
    blueWinProbability: winProbability(blue.map(effective), red.map(effective)),
    offRole: [...blue, ...red].filter((seat) => roleFit(byId.get(seat.userId)!, seat.role) === 2).map((s) => s.userId),
  };
}
