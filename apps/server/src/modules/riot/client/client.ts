import type { z } from 'zod';
import { DDRAGON_FALLBACK_VERSION, LOOKUP_CACHE_MS } from '@scrim-gym/shared';
import { TtlCache } from './cache.js';
import { RiotError, kindForStatus } from './errors.js';
import { RiotRateLimiter } from './rate-limiter.js';
import {
  TOURNAMENT_HOST,
  riotOrigin,
  routeForRegion,
  type PlatformHost,
  type RegionalHost,
  type RiotRegion,
  type TournamentRegion,
} from './routing.js';
import {
  accountDtoSchema,
  championJsonSchema,
  matchDtoSchema,
  matchIdsSchema,
  leagueEntriesDtoSchema,
  lobbyEventsDtoSchema,
  platformDataDtoSchema,
  providerIdSchema,
  summonerDtoSchema,
  tournamentCodeDtoSchema,
  tournamentCodesSchema,
  tournamentGamesDtoSchema,
  tournamentIdSchema,
  versionsSchema,
  type RiotAccount,
  type RiotLeagueEntry,
  type RiotLobbyEvents,
  type RiotMatch,
  type RiotPlatformStatus,
  type RiotSummoner,
  type RiotTournamentCode,
  type RiotTournamentGame,
  type SummonerProfile,
  type TournamentCodeParameters,
  type TournamentMapType,
  type TournamentPickType,
  type TournamentSpectatorType,
} from './types.js';

/** Data Dragon's version when versions.json cannot be read. */
export { DDRAGON_FALLBACK_VERSION };
export const DEFAULT_DDRAGON_BASE_URL = 'https://ddragon.leagueoflegends.com';
/** Riot's advice when a 429 carries no Retry-After. */
export const DEFAULT_RETRY_AFTER_MS = 5000;

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
}

export interface CreateTournamentCodesInput {
  tournamentId: number;
  /** 1..1000 (default 1). */
  count?: number;
  /** Echoed by Riot in the callback and games/by-code; identify the scrim with it. */
  metadata?: string;
  /** PUUIDs of both teams; omitted when empty. */
  allowedParticipants?: string[];
  /** Default: true when allowedParticipants fill both teams. */
  enoughPlayers?: boolean;
  teamSize?: number;
  mapType?: TournamentMapType;
  pickType?: TournamentPickType;
  spectatorType?: TournamentSpectatorType;
}

export interface UpdateTournamentCodeInput {
  allowedParticipants?: string[];
  mapType?: TournamentMapType;
  pickType?: TournamentPickType;
  spectatorType?: TournamentSpectatorType;
}

export interface RiotClient {
  /** A key is configured (calls can be made at all). */
  readonly isConfigured: boolean;
  readonly tournamentStub: boolean;

  getAccountByRiotId(input: { gameName: string; tagLine: string; region?: RiotRegion }): Promise<RiotAccount>;
  /**
   * account-v1 `accounts/me`: the account of a Riot Sign On access token (sent as Bearer; no API key needed).
   * Never cached: each call is one sign-in.
   */
  getAccountByAccessToken(input: { accessToken: string; region?: RiotRegion }): Promise<RiotAccount>;
  /** account-v1 by PUUID: the current Riot ID of an account. `fresh` skips (and then refills) the cache. */
  getAccountByPuuid(input: { puuid: string; region?: RiotRegion; fresh?: boolean }): Promise<RiotAccount>;
  getSummonerByPuuid(input: { puuid: string; region: RiotRegion }): Promise<RiotSummoner>;
  /** league-v4 entries by PUUID; `fresh` skips (and then refills) the 30-minute cache. */
  getLeagueEntries(input: { puuid: string; region: RiotRegion; fresh?: boolean }): Promise<RiotLeagueEntry[]>;
  /** Account → summoner and ranked entries (in parallel); every step cached 30 min. */
  getSummonerProfile(input: { gameName: string; tagLine: string; region: RiotRegion }): Promise<SummonerProfile>;
  getPlatformStatus(input: { region: RiotRegion }): Promise<RiotPlatformStatus>;
  /** Newest Data Dragon version; never throws (falls back to 14.24.1). */
  getDataDragonVersion(): Promise<string>;

  /** Registers a tournament provider for the region's shard; `callbackUrl` must use port 80 or 443. */
  registerProvider(input: { region: RiotRegion; callbackUrl: string }): Promise<number>;
  createTournament(input: { providerId: number; name?: string }): Promise<number>;
  createTournamentCodes(input: CreateTournamentCodesInput): Promise<string[]>;
  getTournamentCode(code: string): Promise<RiotTournamentCode>;
  updateTournamentCode(code: string, input?: UpdateTournamentCodeInput): Promise<void>;
  getLobbyEvents(code: string): Promise<RiotLobbyEvents>;
  /** Games played with a code (winning and losing PUUIDs). Not served by the stub: kind 'unsupported' there. */
  getGamesByCode(code: string): Promise<RiotTournamentGame[]>;

  /** match-v5: the ids of the matches played with a tournament code (none yet while Riot processes the game). */
  getMatchIdsByTournamentCode(input: { code: string; region: RiotRegion }): Promise<string[]>;
  /** match-v5: a match played with a tournament code. Not served for the stub's codes: kind 'unsupported'. */
  getMatchByTournamentCode(input: { matchId: string; code: string; region: RiotRegion }): Promise<RiotMatch>;
  /** match-v5: any match by id, on the regional cluster of `region`. */
  getMatch(input: { matchId: string; region: RiotRegion }): Promise<RiotMatch>;
  /** Data Dragon's champion names by numeric id for `version` (cached); empty when Data Dragon cannot be read. */
  getChampionKeys(version: string): Promise<Map<number, string>>;

  /** Forgets every cached look-up. */
  clearCache(): void;
}

type Host = PlatformHost | RegionalHost;

interface RequestSpec {
  call: string;
  /** A Riot Sign On access token: sent as `Authorization: Bearer` instead of the API key. */
  bearer?: string;
  host: Host;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
}

const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
const enc = encodeURIComponent;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `Retry-After` in seconds (Riot) or an HTTP date; null when missing or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function isTimeout(error: unknown) {
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

async function readRiotMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { status?: { message?: unknown } };
    return typeof body?.status?.message === 'string' ? body.status.message.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

async function drain(response: Response) {
  try {
    await response.arrayBuffer();
  } catch {
    // The answer is discarded anyway.
  }
}

/**
 * A typed client for the Riot Games API and Data Dragon. The key is sent only to Riot (or the configured
 * override) in `X-Riot-Token`, never to Data Dragon, and never appears in errors.
 */
export function createRiotClient(options: RiotClientOptions = {}): RiotClient {
  const apiKey = options.apiKey?.trim() || undefined;
  const baseUrl = options.baseUrl?.trim() || undefined;
  const ddragonBaseUrl = (options.ddragonBaseUrl ?? DEFAULT_DDRAGON_BASE_URL).replace(/\/+$/, '');
  const tournamentStub = options.tournamentStub ?? false;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const backoffBaseMs = options.backoffBaseMs ?? 500;
  const maxWaitMs = options.maxWaitMs ?? 10_000;
  const limiter = new RiotRateLimiter({ now, defaultAppLimits: options.defaultAppLimits });
  const cache = new TtlCache<unknown>({
    ttlMs: options.cacheTtlMs ?? LOOKUP_CACHE_MS,
    maxEntries: options.cacheMaxEntries ?? 5000,
    now,
  });
  const inflight = new Map<string, Promise<unknown>>();
  const tournamentApi = tournamentStub ? 'tournament-stub' : 'tournament';
  const tournamentPath = `/lol/${tournamentApi}/v5`;

  async function request<T>(spec: RequestSpec, schema: z.ZodType<T> | null): Promise<T> {
    const { call } = spec;
    if (!apiKey && !spec.bearer) throw new RiotError({ kind: 'not_configured', call });
    const url = new URL(`${riotOrigin(spec.host, baseUrl)}${spec.path}`);
    for (const [name, value] of Object.entries(spec.query ?? {})) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = spec.bearer
      ? { authorization: `Bearer ${spec.bearer}`, accept: 'application/json' }
      : { 'X-Riot-Token': apiKey!, accept: 'application/json' };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    // Behind an override origin the host no longer says which shard is meant: tell the fake or proxy.
    if (baseUrl) headers['X-Riot-Routing'] = spec.host;
    const appKey = RiotRateLimiter.appKey(spec.host);
    const methodKey = RiotRateLimiter.methodKey(spec.host, call);
    // A POST that reached Riot may have been applied; only a 429 (refused before any work) is safe to repeat.
    const idempotent = spec.method !== 'POST';

    for (let attempt = 1; ; attempt++) {
      await limiter.acquire([appKey, methodKey], {
        sleep,
        maxWaitMs,
        onTooLong: (waitMs) =>
          new RiotError({ kind: 'rate_limited', call, retryAfterMs: waitMs, message: 'rate limit window exhausted' }),
      });
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: spec.method,
          headers,
          body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (isTimeout(error)) throw new RiotError({ kind: 'timeout', call, cause: error });
        if (idempotent && attempt < maxAttempts) {
          await sleep(backoffBaseMs * 2 ** (attempt - 1));
          continue;
        }
        throw new RiotError({ kind: 'network', call, cause: error });
      }

      const at = now();
      limiter.observe(
        appKey,
        response.headers.get('x-app-rate-limit'),
        response.headers.get('x-app-rate-limit-count'),
        at,
      );
      limiter.observe(
        methodKey,
        response.headers.get('x-method-rate-limit'),
        response.headers.get('x-method-rate-limit-count'),
        at,
      );

      if (response.ok) {
        let text: string;
        try {
          text = await response.text();
        } catch (error) {
          throw new RiotError({ kind: isTimeout(error) ? 'timeout' : 'network', call, cause: error });
        }
        if (!schema) return undefined as T;
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (error) {
          throw new RiotError({ kind: 'bad_response', call, status: response.status, cause: error });
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          throw new RiotError({ kind: 'bad_response', call, status: response.status, cause: parsed.error });
        }
        return parsed.data;
      }

      if (response.status === 429) {
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), at) ?? DEFAULT_RETRY_AFTER_MS;
        const type = response.headers.get('x-rate-limit-type');
        await drain(response);
        // Application limits pause every call on this routing value; method and service limits this method.
        limiter.block(type === 'application' ? appKey : methodKey, at + retryAfterMs);
        if (attempt < maxAttempts && retryAfterMs <= maxWaitMs) continue;
        throw new RiotError({ kind: 'rate_limited', call, status: 429, retryAfterMs, message: type ?? undefined });
      }

      if (TRANSIENT_STATUSES.has(response.status) && idempotent && attempt < maxAttempts) {
        await drain(response);
        await sleep(backoffBaseMs * 2 ** (attempt - 1));
        continue;
      }

      const message = await readRiotMessage(response);
      throw new RiotError({ kind: kindForStatus(response.status), call, status: response.status, message });
    }
  }

  function cached<T>(
    key: string,
    load: () => Promise<T>,
    ttlMs?: (value: T) => number | undefined,
    fresh = false,
  ): Promise<T> {
    const hit = fresh ? undefined : cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit as T);
    const pending = fresh ? undefined : inflight.get(key);
    if (pending) return pending as Promise<T>;
    const loading = load().then((value) => {
      cache.set(key, value, ttlMs?.(value));
      return value;
    });
    // A fresh read stays out of the in-flight map: it neither joins nor replaces a cached read under way.
    if (fresh) return loading;
    const promise = loading.finally(() => inflight.delete(key));
    inflight.set(key, promise);
    return promise;
  }

  const riotIdKey = (gameName: string, tagLine: string) =>
    `${gameName.trim().toLowerCase()}#${tagLine.trim().toLowerCase()}`;

  const client: RiotClient = {
    isConfigured: Boolean(apiKey),
    tournamentStub,

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
      const account = await client.getAccountByRiotId({ gameName, tagLine, region });
      const [summoner, rankedData] = await Promise.all([
        client.getSummonerByPuuid({ puuid: account.puuid, region }),
        client.getLeagueEntries({ puuid: account.puuid, region }),
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

    getDataDragonVersion() {
      return cached(
        'ddragon:version',
        async () => {
          try {
            // No key here: Data Dragon is a public CDN.
            const response = await fetchImpl(`${ddragonBaseUrl}/api/versions.json`, {
              headers: { accept: 'application/json' },
              signal: AbortSignal.timeout(timeoutMs),
            });
            if (!response.ok) {
              await drain(response);
              return DDRAGON_FALLBACK_VERSION;
            }
            const parsed = versionsSchema.safeParse(await response.json());
            return parsed.success ? parsed.data[0]! : DDRAGON_FALLBACK_VERSION;
          } catch {
            return DDRAGON_FALLBACK_VERSION;
          }
        },
        // A fallback is kept a minute only, so a Data Dragon hiccup does not pin an old version for 30 min.
        (version) => (version === DDRAGON_FALLBACK_VERSION ? 60_000 : undefined),
      );
    },

    registerProvider({ region, callbackUrl }) {
      const call = `${tournamentApi}-v5.registerProvider`;
      const tournamentRegion: TournamentRegion | null = routeForRegion(region).tournament;
      if (!tournamentRegion) {
        return Promise.reject(new RiotError({ kind: 'unsupported', call, message: `no tournament API in ${region}` }));
      }
      return request(
        {
          call,
          host: TOURNAMENT_HOST,
          method: 'POST',
          path: `${tournamentPath}/providers`,
          body: { region: tournamentRegion, url: callbackUrl },
        },
        providerIdSchema,
      );
    },

    createTournament({ providerId, name }) {
      return request(
        {
          call: `${tournamentApi}-v5.registerTournament`,
          host: TOURNAMENT_HOST,
          method: 'POST',
          path: `${tournamentPath}/tournaments`,
          body: name === undefined ? { providerId } : { providerId, name },
        },
        tournamentIdSchema,
      );
    },

    createTournamentCodes(input) {
      const teamSize = input.teamSize ?? 5;
      const allowed = input.allowedParticipants?.filter(Boolean) ?? [];
      const body: TournamentCodeParameters = {
        teamSize,
        mapType: input.mapType ?? 'SUMMONERS_RIFT',
        pickType: input.pickType ?? 'TOURNAMENT_DRAFT',
        spectatorType: input.spectatorType ?? 'ALL',
        ...(allowed.length > 0 ? { allowedParticipants: allowed } : {}),
        ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
        enoughPlayers: input.enoughPlayers ?? allowed.length >= teamSize * 2,
      };
      return request(
        {
          call: `${tournamentApi}-v5.createTournamentCode`,
          host: TOURNAMENT_HOST,
          method: 'POST',
          path: `${tournamentPath}/codes`,
          query: { tournamentId: input.tournamentId, count: input.count ?? 1 },
          body,
        },
        tournamentCodesSchema,
      );
    },

    getTournamentCode(code) {
      return request(
        {
          call: `${tournamentApi}-v5.getTournamentCode`,
          host: TOURNAMENT_HOST,
          method: 'GET',
          path: `${tournamentPath}/codes/${enc(code)}`,
        },
        tournamentCodeDtoSchema,
      );
    },

    async updateTournamentCode(code, input = {}) {
      const allowed = input.allowedParticipants?.filter(Boolean) ?? [];
      await request(
        {
          call: `${tournamentApi}-v5.updateCode`,
          host: TOURNAMENT_HOST,
          method: 'PUT',
          path: `${tournamentPath}/codes/${enc(code)}`,
          body: {
            mapType: input.mapType ?? 'SUMMONERS_RIFT',
            pickType: input.pickType ?? 'TOURNAMENT_DRAFT',
            spectatorType: input.spectatorType ?? 'ALL',
            ...(allowed.length > 0 ? { allowedParticipants: allowed } : {}),
          },
        },
        null,
      );
    },

    getLobbyEvents(code) {
      return request(
        {
          call: `${tournamentApi}-v5.getLobbyEventsByCode`,
          host: TOURNAMENT_HOST,
          method: 'GET',
          path: `${tournamentPath}/lobby-events/by-code/${enc(code)}`,
        },
        lobbyEventsDtoSchema,
      );
    },

    getGamesByCode(code) {
      const call = `${tournamentApi}-v5.getGames`;
      if (tournamentStub) {
        return Promise.reject(
          new RiotError({ kind: 'unsupported', call, message: 'games/by-code is not part of tournament-stub' }),
        );
      }
      return request(
        { call, host: TOURNAMENT_HOST, method: 'GET', path: `${tournamentPath}/games/by-code/${enc(code)}` },
        tournamentGamesDtoSchema,
      );
    },

    getMatchIdsByTournamentCode({ code, region }) {
      const call = 'match-v5.getMatchIdsByTournamentCode';
      if (tournamentStub)
        return Promise.reject(new RiotError({ kind: 'unsupported', call, message: 'stub codes have no matches' }));
      return request(
        {
          call,
          host: routeForRegion(region).regional,
          method: 'GET',
          path: `/lol/match/v5/matches/by-tournament-code/${enc(code)}/ids`,
        },
        matchIdsSchema,
      );
    },

    getMatchByTournamentCode({ matchId, code, region }) {
      const call = 'match-v5.getMatchByIdAndTournamentCode';
      if (tournamentStub)
        return Promise.reject(new RiotError({ kind: 'unsupported', call, message: 'stub codes have no matches' }));
      return request(
        {
          call,
          host: routeForRegion(region).regional,
          method: 'GET',
          path: `/lol/match/v5/matches/${enc(matchId)}/by-tournament-code/${enc(code)}`,
        },
        matchDtoSchema,
      );
    },

    getMatch({ matchId, region }) {
      return request(
        {
          call: 'match-v5.getMatch',
          host: routeForRegion(region).regional,
          method: 'GET',
          path: `/lol/match/v5/matches/${enc(matchId)}`,
        },
        matchDtoSchema,
      );
    },

    getChampionKeys(version) {
      return cached(
        `ddragon:champions:${version}`,
        async () => {
          const keys = new Map<number, string>();
          try {
            const response = await fetchImpl(`${ddragonBaseUrl}/cdn/${enc(version)}/data/en_US/champion.json`, {
              headers: { accept: 'application/json' },
              signal: AbortSignal.timeout(timeoutMs),
            });
            if (!response.ok) {
              await drain(response);
              return keys;
            }
            const parsed = championJsonSchema.safeParse(await response.json());
            if (!parsed.success) return keys;
            for (const champion of Object.values(parsed.data.data)) keys.set(Number(champion.key), champion.id);
          } catch {
            // Data Dragon unreachable: bans are shown without names.
          }
          return keys;
        },
        // An empty answer is retried after a minute; a full one is good for the version's life.
        (keys) => (keys.size === 0 ? 60_000 : 24 * 60 * 60_000),
      );
    },

    clearCache() {
      cache.clear();
    },
  };
  return client;
}
