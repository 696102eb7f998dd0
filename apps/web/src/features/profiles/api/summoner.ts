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

export function useDdragonVersion() {
  const result = useQuery(ddragonVersionQuery);
  return result.data?.version ?? (result.isError ? DDRAGON_FALLBACK_VERSION : null);
}
