import { rankFromLeagueEntries } from '@scrim-gym/shared';
import type { RiotIdVerdict } from '../../auth/index.js';
import { isRiotError, type RiotClient, type RiotRegion } from '../client/index.js';

interface CheckLog {
  warn(obj: object, msg?: string): void;
}

/**
 * Asks Riot whether the Riot ID exists (account-v1 by Riot ID) and, if it does, its Solo/Duo rank (league-v4 by
 * PUUID). Never throws for Riot's faults: only a 404 says "no such account"; anything else is `unavailable`, so
 * a sign-up is never blocked because Riot is down.
 */
export async function checkRiotId({
  riot,
  gameName,
  tagLine,
  region,
  log,
  fresh = false,
}: {
  riot: RiotClient;
  gameName: string;
  tagLine: string;
  region: RiotRegion;
  log?: CheckLog;
  /** Skip the client's 30-minute cache of league entries (a job re-checking). */
  fresh?: boolean;
}): Promise<RiotIdVerdict> {
  if (!riot.isConfigured) return { status: 'not_configured' };
  let puuid: string;
  try {
    puuid = (await riot.getAccountByRiotId({ gameName, tagLine, region })).puuid;
  } catch (error) {
    if (!isRiotError(error)) throw error;
    if (error.kind === 'not_found') return { status: 'not_found' };
    log?.warn({ kind: error.kind, status: error.status, call: error.call }, 'Riot ID check: Riot did not answer');
    return { status: 'unavailable', retryAfterMs: error.retryAfterMs };
  }
  try {
    const entries = await riot.getLeagueEntries({ puuid, region, fresh });
    return { status: 'found', puuid, rank: rankFromLeagueEntries(entries) };
  } catch (error) {
    if (!isRiotError(error)) throw error;
    log?.warn({ kind: error.kind, status: error.status, call: error.call }, 'Riot ID check: no rank from Riot now');
    return { status: 'found', puuid, rank: null };
  }
}
