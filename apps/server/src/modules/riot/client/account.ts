import type { CachedLoad } from './cache.js';
import { routeForRegion, type RiotRegion } from './routing.js';
import { enc, type RiotRequest } from './transport.js';
import { accountDtoSchema, type RiotAccount } from './types.js';

/** account-v1: who an account is, by Riot ID, PUUID or a Sign On token. */
export interface RiotAccountApi {
  getAccountByRiotId(input: { gameName: string; tagLine: string; region?: RiotRegion }): Promise<RiotAccount>;
  /**
   * account-v1 `accounts/me`: the account of a Riot Sign On access token (sent as Bearer; no API key needed).
   * Never cached: each call is one sign-in.
   */
  getAccountByAccessToken(input: { accessToken: string; region?: RiotRegion }): Promise<RiotAccount>;
  /** account-v1 by PUUID: the current Riot ID of an account. `fresh` skips (and then refills) the cache. */
  getAccountByPuuid(input: { puuid: string; region?: RiotRegion; fresh?: boolean }): Promise<RiotAccount>;
}

const riotIdKey = (gameName: string, tagLine: string) =>
  `${gameName.trim().toLowerCase()}#${tagLine.trim().toLowerCase()}`;

export function createAccountApi({ request, cached }: { request: RiotRequest; cached: CachedLoad }): RiotAccountApi {
  return {
    getAccountByRiotId({ gameName, tagLine, region = 'NA' }) {
      const host = routeForRegion(region).account;
      // account-v1 answers for any account on any cluster: the Riot ID alone is the cache key.
      return cached(`account:${riotIdKey(gameName, tagLine)}`, () =>
        request(
          {
            call: 'account-v1.getByRiotId',
            host,
            method: 'GET',
            path: `/riot/account/v1/accounts/by-riot-id/${enc(gameName.trim())}/${enc(tagLine.trim())}`,
          },
          accountDtoSchema,
        ),
      );
    },

    getAccountByAccessToken({ accessToken, region = 'NA' }) {
      return request(
        {
          call: 'account-v1.getByAccessToken',
          host: routeForRegion(region).account,
          method: 'GET',
          path: '/riot/account/v1/accounts/me',
          bearer: accessToken,
        },
        accountDtoSchema,
      );
    },

    getAccountByPuuid({ puuid, region = 'NA', fresh = false }) {
      return cached(
        `account-puuid:${puuid}`,
        () =>
          request(
            {
              call: 'account-v1.getByPuuid',
              host: routeForRegion(region).account,
              method: 'GET',
              path: `/riot/account/v1/accounts/by-puuid/${enc(puuid)}`,
            },
            accountDtoSchema,
          ),
        undefined,
        fresh,
      );
    },
  };
}
