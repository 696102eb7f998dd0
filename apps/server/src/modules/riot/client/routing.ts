import { DISPLAY_ONLY_REGIONS, REGIONS } from '@scrim-gym/shared';

/** Every region the app knows: the playable ones and the display-only ones. */
export const RIOT_REGIONS = [...REGIONS, ...DISPLAY_ONLY_REGIONS] as const;
export type RiotRegion = (typeof RIOT_REGIONS)[number];

/** Platform routing values (`{platform}.api.riotgames.com`): summoner-v4, league-v4, status-v4. */
export type PlatformHost =
  'na1' | 'euw1' | 'eun1' | 'la1' | 'la2' | 'oc1' | 'kr' | 'jp1' | 'br1' | 'ru' | 'tr1' | 'sg2' | 'tw2' | 'vn2';

/** Regional routing values (`{region}.api.riotgames.com`). */
export type RegionalHost = 'americas' | 'europe' | 'asia' | 'sea';

/** The regions Riot's tournament API registers providers for (tournament-v5 `region`). */
export type TournamentRegion = 'BR' | 'EUNE' | 'EUW' | 'JP' | 'LAN' | 'LAS' | 'NA' | 'OCE' | 'TR';

export interface RegionRoute {
  /** Platform host of the region's game shard. */
  platform: PlatformHost;
  /** Regional cluster of the shard (match-v5 style routing; OCE and the SEA shards are `sea`). */
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
 * Riot's routing values per region. PH and TH were merged into SG2 on 2025-01-08, so their platform is sg2.
 * Source: Riot's developer portal routing tables (riotapi-schema).
 */
export const REGION_ROUTES: Record<RiotRegion, RegionRoute> = {
  NA: { platform: 'na1', regional: 'americas', account: 'americas', tournament: 'NA' },
  EUW: { platform: 'euw1', regional: 'europe', account: 'europe', tournament: 'EUW' },
  EUNE: { platform: 'eun1', regional: 'europe', account: 'europe', tournament: 'EUNE' },
  LAN: { platform: 'la1', regional: 'americas', account: 'americas', tournament: 'LAN' },
  OCE: { platform: 'oc1', regional: 'sea', account: 'americas', tournament: 'OCE' },
  KR: { platform: 'kr', regional: 'asia', account: 'asia', tournament: null },
  JP: { platform: 'jp1', regional: 'asia', account: 'asia', tournament: 'JP' },
  BR: { platform: 'br1', regional: 'americas', account: 'americas', tournament: 'BR' },
  LAS: { platform: 'la2', regional: 'americas', account: 'americas', tournament: 'LAS' },
  RU: { platform: 'ru', regional: 'europe', account: 'europe', tournament: null },
  TR: { platform: 'tr1', regional: 'europe', account: 'europe', tournament: 'TR' },
  SG: { platform: 'sg2', regional: 'sea', account: 'asia', tournament: null },
  TH: { platform: 'sg2', regional: 'sea', account: 'asia', tournament: null },
  TW: { platform: 'tw2', regional: 'sea', account: 'asia', tournament: null },
  VN: { platform: 'vn2', regional: 'sea', account: 'asia', tournament: null },
  PH: { platform: 'sg2', regional: 'sea', account: 'asia', tournament: null },
};

/** Tournament v5 (and its stub) is served only on the americas host, whatever the provider's region. */
export const TOURNAMENT_HOST: RegionalHost = 'americas';

export function isRiotRegion(value: string): value is RiotRegion {
  return Object.hasOwn(REGION_ROUTES, value);
}

export function routeForRegion(region: RiotRegion): RegionRoute {
  const route = REGION_ROUTES[region];
  if (!route) throw new TypeError(`Unknown region ${String(region)}`);
  return route;
}

/**
 * `https://{host}.api.riotgames.com`, or the configured override (a local fake or a proxy); Riot's usual path
 * is appended to either. An override may carry a path prefix (`https://proxy.example/riot`).
 */
export function riotOrigin(host: PlatformHost | RegionalHost, baseUrl?: string): string {
  return baseUrl ? baseUrl.replace(/\/+$/, '') : `https://${host}.api.riotgames.com`;
}
