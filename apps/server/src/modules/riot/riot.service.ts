import type { FastifyBaseLogger } from 'fastify';
import { SUMMONER_PROFILE_FALLBACK, type SummonerProfileData } from '@scrim-gym/shared';
import { isRiotError, type RiotClient, type RiotRegion } from './client/index.js';

const fallback = (): SummonerProfileData => ({ ...SUMMONER_PROFILE_FALLBACK, rankedData: [] });

/**
 * A player's icon, level and ranked entries from Riot. Never fails: without a key, or when Riot does not know
 * the player, refuses, is rate-limited, slow or down, the answer is the contract's fallback (default icon, level 0,
 * no rank) flagged `fallback: true`.
 */
export async function lookupSummonerProfile({
  riot,
  gameName,
  tagLine,
  region,
  log,
}: {
  riot: RiotClient;
  gameName: string;
  tagLine: string;
  region: RiotRegion;
  log: FastifyBaseLogger;
}): Promise<SummonerProfileData> {
  if (!riot.isConfigured) return fallback();
  try {
    const profile = await riot.getSummonerProfile({ gameName, tagLine, region });
    return {
      profileIconId: profile.profileIconId,
      summonerLevel: profile.summonerLevel,
      rankedData: profile.rankedData.map(({ queueType, tier, rank }) => ({ queueType, tier, rank })),
      fallback: false,
    };
  } catch (error) {
    if (isRiotError(error)) {
      const details = { kind: error.kind, status: error.status, call: error.call };
      if (error.kind === 'not_found') log.debug(details, 'summoner not found on Riot');
      else log.warn(details, 'Riot summoner lookup failed, answering the fallback');
    } else {
      log.error({ err: error }, 'summoner lookup failed unexpectedly, answering the fallback');
    }
    return fallback();
  }
}
