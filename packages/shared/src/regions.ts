/**
 * Every Riot platform as a region of users and scrims: the spec's five first (the default order of every list),
 * then the other platforms, the SEA ones last. Each region maps to the Riot hosts that serve it; the server's Riot
 * client routes by this table, and every select, filter and validation lists `REGIONS`.
 */
export const SPEC_REGIONS = ['NA', 'EUW', 'EUNE', 'LAN', 'OCE'] as const;

export const REGIONS = [
  ...SPEC_REGIONS,
  'KR',
  'BR',
  'LAS',
  'JP',
  'TR',
  'ME',
  'RU',
  'PH',
  'SG',
  'TH',
  'TW',
  'VN',
] as const;
export type Region = (typeof REGIONS)[number];

/** Platform routing values (`{platform}.api.riotgames.com`): summoner-v4, league-v4, status-v4. */
export type PlatformHost =
  'na1' | 'euw1' | 'eun1' | 'la1' | 'la2' | 'oc1' | 'kr' | 'jp1' | 'br1' | 'ru' | 'tr1' | 'me1' | 'sg2' | 'tw2' | 'vn2';

/** Regional routing values (`{region}.api.riotgames.com`). */
export type RegionalHost = 'americas' | 'europe' | 'asia' | 'sea';

/** The regions Riot's tournament API registers providers for (tournament-v5 `region`). */
export type TournamentRegion = 'BR' | 'EUNE' | 'EUW' | 'JP' | 'LAN' | 'LAS' | 'NA' | 'OCE' | 'TR';

export interface RegionRoute {
  /** Platform host of the region's game shard. */
  platform: PlatformHost;
  /** Regional cluster of the shard (match-v5 routing; OCE and the SEA shards are `sea`). */
  regional: RegionalHost;
  /**
   * Cluster for account-v1: Riot serves accounts only on americas, europe and asia (any account from any of
   * them), so the SEA shards use asia and OCE its historical americas.
   */
  account: Exclude<RegionalHost, 'sea'>;
  /** The tournament-v5 provider region, or null where Riot runs no tournament API. */
  tournament: TournamentRegion | null;
}

/**
 * Riot's routing values per region. PH and TH were merged into SG2 on 2025-01-08 (ph2 and th2 are no longer
 * served), so their players live on sg2. Source: Riot's developer portal routing tables (riotapi-schema).
 */
export const REGION_ROUTES: Record<Region, RegionRoute> = {
  NA: { platform: 'na1', regional: 'americas', account: 'americas', tournament: 'NA' },
  EUW: { platform: 'euw1', regional: 'europe', account: 'europe', tournament: 'EUW' },
  EUNE: { platform: 'eun1', regional: 'europe', account: 'europe', tournament: 'EUNE' },
  LAN: { platform: 'la1', regional: 'americas', account: 'americas', tournament: 'LAN' },
  OCE: { platform: 'oc1', regional: 'sea', account: 'americas', tournament: 'OCE' },
  KR: { platform: 'kr', regional: 'asia', account: 'asia', tournament: null },
  BR: { platform: 'br1', regional: 'americas', account: 'americas', tournament: 'BR' },
  LAS: { platform: 'la2', regional: 'americas', account: 'americas', tournament: 'LAS' },
  JP: { platform: 'jp1', regional: 'asia', account: 'asia', tournament: 'JP' },
  TR: { platform: 'tr1', regional: 'europe', account: 'europe', tournament: 'TR' },
  ME: { platform: 'me1', regional: 'europe', account: 'europe', tournament: null },
  RU: { platform: 'ru', regional: 'europe', account: 'europe', tournament: null },
  PH: { platform: 'sg2', regional: 'sea', account: 'asia', tournament: null },
  SG: { platform: 'sg2', regional: 'sea', account: 'asia', tournament: null },
  TH: { platform: 'sg2', regional: 'sea', account: 'asia', tournament: null },
  TW: { platform: 'tw2', regional: 'sea', account: 'asia', tournament: null },
  VN: { platform: 'vn2', regional: 'sea', account: 'asia', tournament: null },
};

export const isRegion = (value: unknown): value is Region =>
  typeof value === 'string' && Object.hasOwn(REGION_ROUTES, value);
