import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DDRAGON_FALLBACK_VERSION,
  LOOKUP_CACHE_MS,
  SUMMONER_PROFILE_FALLBACK,
  type DdragonVersion,
  type Region,
  type SummonerProfileData,
} from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { toDdragon, type Ddragon } from '../../../lib/ddragon';

/**
 * Profile icon, summoner level and ranked entries from Riot. The server already answers the contract's fallback
 * (default icon, level 0, no rank) when Riot cannot; a failed call falls back the same way.
 */
export const summonerQuery = (user: { name: string; summonerTagline: string; region: Region }) =>
  queryOptions({
    queryKey: ['riot', 'summoner', user.name, user.summonerTagline, user.region],
    queryFn: () =>
      api.get<SummonerProfileData>(
        `/riot/summoner?${new URLSearchParams({ gameName: user.name, tagLine: user.summonerTagline, region: user.region })}`,
      ),
    staleTime: LOOKUP_CACHE_MS,
    retry: false,
  });

export function useSummonerProfile(user: { name: string; summonerTagline: string; region: Region }) {
  const result = useQuery(summonerQuery(user));
  return { ...result, summoner: result.data ?? (result.isError ? SUMMONER_PROFILE_FALLBACK : null) };
}

export const ddragonVersionQuery = queryOptions({
  queryKey: ['riot', 'ddragon-version'],
  queryFn: () => api.get<DdragonVersion>('/riot/ddragon-version'),
  staleTime: LOOKUP_CACHE_MS,
});

/**
 * Data Dragon's origin and version to build icon URLs from (lib/ddragon.ts): the server's, else (the request
 * failed) the public origin at the fallback version; null while it loads.
 */
export function useDdragon(): Ddragon | null {
  const result = useQuery(ddragonVersionQuery);
  if (result.data) return toDdragon(result.data);
  return result.isError ? toDdragon({ version: DDRAGON_FALLBACK_VERSION }) : null;
}
