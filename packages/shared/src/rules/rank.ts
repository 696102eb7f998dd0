import {
  DEFAULT_RANK_NUMBER,
  NUMBERED_DIVISIONS,
  RANK_DIVISIONS,
  RANK_NUMBERS,
  type RankDivision,
  type RankNumber,
} from '../constants.js';

export interface RankParts {
  division: RankDivision;
  number: RankNumber | null;
}

export function hasRankNumber(division: RankDivision): boolean {
  return NUMBERED_DIVISIONS.includes(division);
}

/** 'Gold 2' for numbered divisions, the division alone otherwise. */
export function formatRank({ division, number }: { division: RankDivision; number?: RankNumber | null }): string {
  return hasRankNumber(division) ? `${division} ${number ?? DEFAULT_RANK_NUMBER}` : division;
}

/** Parses a stored rank text; returns null when it is not one the product can produce. */
export function parseRank(rank: string): RankParts | null {
  const [divisionText, numberText, ...rest] = rank.trim().split(/\s+/);
  const division = RANK_DIVISIONS.find((d) => d === divisionText);
  if (!division || rest.length > 0) return null;
  if (!hasRankNumber(division)) return numberText === undefined ? { division, number: null } : null;
  const number = RANK_NUMBERS.find((n) => String(n) === numberText);
  return number ? { division, number } : null;
}

export function isValidRank(rank: string): boolean {
  return parseRank(rank) !== null;
}

/** The tier of a rank text ('Gold 2' → 'Gold'); unknown texts give null. */
export function rankTier(rank: string): RankDivision | null {
  return parseRank(rank)?.division ?? null;
}

const RIOT_DIVISIONS: Record<string, RankNumber> = { I: 1, II: 2, III: 3, IV: 4 };

/**
 * The app's rank text of Riot's league-v4 entries: the Solo/Duo queue's (RANKED_SOLO_5x5) tier and division,
 * e.g. GOLD II → 'Gold 2', MASTER I → 'Master'; 'Unranked' without a Solo/Duo entry or with a tier unknown here.
 */
export function rankFromLeagueEntries(entries: readonly { queueType: string; tier: string; rank: string }[]): string {
  const solo = entries.find((entry) => entry.queueType === 'RANKED_SOLO_5x5');
  if (!solo) return 'Unranked';
  const division = RANK_DIVISIONS.find((d) => d.toUpperCase() === solo.tier.toUpperCase());
  if (!division || division === 'Unranked') return 'Unranked';
  return formatRank({ division, number: RIOT_DIVISIONS[solo.rank.toUpperCase()] ?? null });
}

/**
 * The rank that counts, shown as the player's rank and the rating's seed: Riot's Solo/Duo rank once Riot has
 * answered for the account (a read of league-v4), else the typed (self-reported) one. The server's SQL twin is
 * `countedRankSql` (apps/server/src/db/schema/users.ts).
 */
export function countedRank({ rank, riotRank }: { rank: string; riotRank: string | null | undefined }): string {
  return riotRank ?? rank;
}

/**
 * The ranked ladder, lowest first: Iron 4 … Diamond 1, then Master, Grandmaster, Challenger (31 ranks, Unranked
 * aside). A rank's place on it is its step: what rank ranges and rating bands compare.
 */
export const RANK_LADDER: readonly string[] = RANK_DIVISIONS.filter((division) => division !== 'Unranked').flatMap(
  (division) => (hasRankNumber(division) ? RANK_NUMBERS.map((number) => formatRank({ division, number })) : [division]),
);
