import { RIOT_LINK_MESSAGES, type Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';

/** What Riot says of a typed Riot ID (name#tagline) in a region. */
export type RiotIdVerdict =
  /** account-v1 knows it; `rank` is its Solo/Duo rank, null when league-v4 could not be read now. */
  | { status: 'found'; puuid: string; rank: string | null }
  /** account-v1 answered 404: no Riot account has this Riot ID. */
  | { status: 'not_found' }
  /** Riot could not answer (rate limit, 5xx, timeout, network, a refused key): ask again later. */
  | { status: 'unavailable'; retryAfterMs: number | null }
  /** No RIOT_API_KEY: nothing is asked. */
  | { status: 'not_configured' };

/**
 * The Riot ID check of a sign-up and of a Riot ID edit. The riot module answers (app.ts wires it in): auth sits
 * below riot and knows only this shape.
 */
export interface RiotIdChecks {
  check(riotId: { gameName: string; tagLine: string; region: Region }): Promise<RiotIdVerdict>;
  /** Marks the account for a later check (a job) when Riot could not answer now; inside the caller's transaction. */
  checkLater(input: { db: DbOrTx; userId: string; retryAfterMs?: number | null }): Promise<void>;
}

/**
 * Riot's verdict on a Riot ID a player typed, when a key is configured: a Riot ID account-v1 does not know is a
 * 400 on the name field (nothing written); Riot down, slow or rate-limiting never blocks (the account is checked
 * later).
 */
export async function verdictOnRiotId(
  checks: RiotIdChecks | undefined,
  { name, summonerTagline, region }: { name: string; summonerTagline: string; region: Region },
): Promise<RiotIdVerdict> {
  if (!checks) return { status: 'not_configured' };
  const verdict = await checks.check({ gameName: name, tagLine: summonerTagline, region });
  if (verdict.status === 'not_found') {
    const message = RIOT_LINK_MESSAGES.riotIdNotFound(name, summonerTagline);
    throw badRequest(message, 'RIOT_ID_NOT_FOUND', { details: [{ path: 'name', message }] });
  }
  return verdict;
}

/** The columns a verdict writes on the account: what Riot confirmed now (nothing when it could not answer). */
export function riotIdColumns(verdict: RiotIdVerdict, at: Date) {
  if (verdict.status !== 'found') return {};
  return { riotPuuid: verdict.puuid, riotIdCheckedAt: at, ...(verdict.rank !== null && { riotRank: verdict.rank }) };
}

/** Whether Riot still owes an answer for the account (a key is configured and Riot could not answer fully). */
export const needsLaterCheck = (verdict: RiotIdVerdict) =>
  verdict.status === 'unavailable' || (verdict.status === 'found' && verdict.rank === null);

/** How long Riot asked to wait before asking again (a 429's Retry-After), if it said. */
export const retryAfterOf = (verdict: RiotIdVerdict) =>
  verdict.status === 'unavailable' ? verdict.retryAfterMs : null;
