import {
  REGION_ROUTES,
  REGIONS,
  isRegion,
  type PlatformHost,
  type Region,
  type RegionalHost,
  type RegionRoute,
  type TournamentRegion,
} from '@scrim-gym/shared';

/** The routing table lives with the region list (packages/shared); the Riot client reads it from here. */
export { REGION_ROUTES, type PlatformHost, type RegionalHost, type RegionRoute, type TournamentRegion };

/** Every region is a Riot platform. */
export const RIOT_REGIONS = REGIONS;
export type RiotRegion = Region;

/** Tournament v5 (and its stub) is served only on the americas host, whatever the provider's region. */
export const TOURNAMENT_HOST: RegionalHost = 'americas';

export function isRiotRegion(value: string): value is RiotRegion {
  return isRegion(value);
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
