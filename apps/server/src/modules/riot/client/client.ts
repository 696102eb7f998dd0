import { LOOKUP_CACHE_MS } from '@scrim-gym/shared';
import { createAccountApi, type RiotAccountApi } from './account.js';
import { TtlCache, cachedLoads } from './cache.js';
import { createDataDragonApi, type DataDragonApi } from './data-dragon.js';
import { createMatchApi, type RiotMatchApi } from './match.js';
import { createSummonerApi, type RiotSummonerApi } from './summoner.js';
import { createTournamentApi, type RiotTournamentApi } from './tournament.js';
import type { RiotBudgets } from './rate-limiter.js';
import { createRiotRequest } from './transport.js';

export interface RiotClientOptions {
  /** RIOT_API_KEY; without it every Riot API call fails fast with kind 'not_configured' (Data Dragon still works). */
  apiKey?: string;
  /** RIOT_API_BASE_URL: when set, every Riot API request goes here with its usual path. */
  baseUrl?: string;
  /** DDRAGON_BASE_URL (default https://ddragon.leagueoflegends.com). */
  ddragonBaseUrl?: string;
  /** RIOT_TOURNAMENT_STUB: use the tournament-stub/v5 paths. */
  tournamentStub?: boolean;
  fetch?: typeof fetch;
  /** Every wait (pacing, Retry-After, backoff) goes through this; tests pass an instant one. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Per attempt, headers and body (default 5 s). A timeout is not retried: a slow Riot stays slow. */
  timeoutMs?: number;
  /** Attempts per call, first one included, for 429s, 5xx and network errors (default 3). */
  maxAttempts?: number;
  /** First backoff after a 5xx or network error; doubles each time (default 500 ms). */
  backoffBaseMs?: number;
  /** Longest single wait the client accepts (pacing or Retry-After); beyond it the call fails as rate_limited
   *  with `retryAfterMs`, so a job can reschedule instead of holding a request open (default 10 s). */
  maxWaitMs?: number;
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  /** Application limits assumed before Riot's first answer (default: development key, '20:1,100:120'). */
  defaultAppLimits?: string;
  /** The key's budget shared by every instance (the app passes Redis's, or memory's without Redis); without it
   *  the client paces only its own calls and learns of others' from Riot's counts. */
  budgets?: RiotBudgets;
}

export interface RiotClient extends RiotAccountApi, RiotSummonerApi, DataDragonApi, RiotTournamentApi, RiotMatchApi {
  /** A key is configured (calls can be made at all). */
  readonly isConfigured: boolean;
  readonly tournamentStub: boolean;
  /** Forgets every cached look-up. */
  clearCache(): void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A typed client for the Riot Games API and Data Dragon. The key is sent only to Riot (or the configured
 * override) in `X-Riot-Token`, never to Data Dragon, and never appears in errors.
 */
export function createRiotClient(options: RiotClientOptions = {}): RiotClient {
  const apiKey = options.apiKey?.trim() || undefined;
  const tournamentStub = options.tournamentStub ?? false;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 5000;
  const request = createRiotRequest({
    apiKey,
    baseUrl: options.baseUrl?.trim() || undefined,
    fetch: fetchImpl,
    sleep: options.sleep ?? realSleep,
    now,
    timeoutMs,
    maxAttempts: Math.max(1, options.maxAttempts ?? 3),
    backoffBaseMs: options.backoffBaseMs ?? 500,
    maxWaitMs: options.maxWaitMs ?? 10_000,
    defaultAppLimits: options.defaultAppLimits,
    budgets: options.budgets,
  });
  const cache = new TtlCache<unknown>({
    ttlMs: options.cacheTtlMs ?? LOOKUP_CACHE_MS,
    maxEntries: options.cacheMaxEntries ?? 5000,
    now,
  });
  const cached = cachedLoads(cache);
  const accounts = createAccountApi({ request, cached });

  return {
    isConfigured: Boolean(apiKey),
    tournamentStub,
    ...accounts,
    ...createSummonerApi({ request, cached, accounts }),
    ...createDataDragonApi({ baseUrl: options.ddragonBaseUrl, fetch: fetchImpl, timeoutMs, cached }),
    ...createTournamentApi({ request, stub: tournamentStub }),
    ...createMatchApi({ request, stub: tournamentStub }),
    clearCache() {
      cache.clear();
    },
  };
}
