import type { RiotAccountApi } from './account.js';
import type { CachedLoad } from './cache.js';
import { routeForRegion, type RiotRegion } from './routing.js';
import { enc, type RiotRequest } from './transport.js';
import {
  leagueEntriesDtoSchema,
  platformDataDtoSchema,
  summonerDtoSchema,
  type RiotLeagueEntry,
  type RiotPlatformStatus,
  type RiotSummoner,
  type SummonerProfile,
} from './types.js';

/** A player on a platform: summoner-v4, league-v4, the profile built from both, and the platform's status. */
export interface RiotSummonerApi {
  getSummonerByPuuid(input: { puuid: string; region: RiotRegion }): Promise<RiotSummoner>;
  /** league-v4 entries by PUUID; `fresh` skips (and then refills) the 30-minute cache. */
  getLeagueEntries(input: { puuid: string; region: RiotRegion; fresh?: boolean }): Promise<RiotLeagueEntry[]>;
  /** Account → summoner and ranked entries (in parallel); every step cached 30 min. */
  getSummonerProfile(input: { gameName: string; tagLine: string; region: RiotRegion }): Promise<SummonerProfile>;
  getPlatformStatus(input: { region: RiotRegion }): Promise<RiotPlatformStatus>;
}

export function createSummonerApi({
  request,
  cached,
  accounts,
}: {
  request: RiotRequest;
  cached: CachedLoad;
  /** The profile's first step: the account behind the Riot ID. */
  accounts: Pick<RiotAccountApi, 'getAccountByRiotId'>;
}): RiotSummonerApi {
  const api: RiotSummonerApi = {
    getSummonerByPuuid({ puuid, region }) {
      const host = routeForRegion(region).platform;
      return cached(`summoner:${host}:${puuid}`, () =>
        request(
          {
            call: 'summoner-v4.getByPuuid',
            host,
            method: 'GET',
            path: `/lol/summoner/v4/summoners/by-puuid/${enc(puuid)}`,
          },
          summonerDtoSchema,
        ),
      );
    },

    getLeagueEntries({ puuid, region, fresh = false }) {
      const host = routeForRegion(region).platform;
      return cached(
        `league:${host}:${puuid}`,
        () =>
          request(
            {
              call: 'league-v4.getEntriesByPuuid',
              host,
              method: 'GET',
              path: `/lol/league/v4/entries/by-puuid/${enc(puuid)}`,
            },
            leagueEntriesDtoSchema,
          ),
        undefined,
        fresh,
      );
    },

    async getSummonerProfile({ gameName, tagLine, region }) {
      const account = await accounts.getAccountByRiotId({ gameName, tagLine, region });
      const [summoner, rankedData] = await Promise.all([
        api.getSummonerByPuuid({ puuid: account.puuid, region }),
        api.getLeagueEntries({ puuid: account.puuid, region }),
      ]);
      return {
        puuid: account.puuid,
        gameName: account.gameName ?? gameName,
        tagLine: account.tagLine ?? tagLine,
        profileIconId: summoner.profileIconId,
        summonerLevel: summoner.summonerLevel,
        rankedData,
      };
    },

    getPlatformStatus({ region }) {
      const host = routeForRegion(region).platform;
      return request(
        { call: 'lol-status-v4.getPlatformData', host, method: 'GET', path: '/lol/status/v4/platform-data' },
        platformDataDtoSchema,
      );
    },
  };
  return api;
}
