import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildFakeMatch, fakeChampionJson, fakeIconPng, type FakeMatchInput } from './fake-riot-match.js';

/**
 * A local fake of the Riot Games API and Data Dragon, on 127.0.0.1 with a random port, following Riot's
 * documented contract: the same paths, DTOs, error bodies (`{status: {message, status_code}}`), rate-limit
 * headers, 401 without a key and 403 with a wrong one. Point the app at it with RIOT_API_BASE_URL and
 * DDRAGON_BASE_URL set to `fake.url`.
 *
 * Behind an override origin the host no longer names the shard, so the client sends `X-Riot-Routing` (na1,
 * americas, …); when present the fake checks it like Riot's hosts would: account-v1 only on americas/europe/asia,
 * summoner/league/status only on platforms (a summoner lives on one), tournament only on americas.
 *
 * account-v1 `accounts/me` answers for a Riot Sign On access token (`Authorization: Bearer`, no API key), as
 * Riot does: the fake knows a token from `grantAccessToken` or asks `resolveAccessToken` (e.g. the local OIDC
 * issuer's userinfo), which names the player's PUUID.
 *
 * Tests inject faults (`inject`: 429 with or without Retry-After, 5xx, slow answers, dropped connections) or
 * install a fault plan per code (fake-riot-faults.ts, through `intercept`), read every request received
 * (`requests`), and finish tournament games (`finishGame`: stores the result for games/by-code, the game's match-v5
 * MatchDto (fake-riot-match.ts) for match-v5's by-tournament-code and by-id reads, and POSTs Riot's game-end
 * callback to the provider's url, `deliverCallback`).
 */

export type FakePlatform =
  'na1' | 'euw1' | 'eun1' | 'la1' | 'la2' | 'oc1' | 'kr' | 'jp1' | 'br1' | 'ru' | 'tr1' | 'me1' | 'sg2' | 'tw2' | 'vn2';

const PLATFORMS: readonly string[] = [
  'na1',
  'euw1',
  'eun1',
  'la1',
  'la2',
  'oc1',
  'kr',
  'jp1',
  'br1',
  'ru',
  'tr1',
  'me1',
  'sg2',
  'tw2',
  'vn2',
];
const ACCOUNT_CLUSTERS = ['americas', 'europe', 'asia'];
/** match-v5's regional clusters, and the cluster of each platform's matches (a match id starts with its platform). */
const MATCH_CLUSTERS = ['americas', 'europe', 'asia', 'sea'];
const MATCH_CLUSTER_OF_PLATFORM: Record<string, string> = {
  NA1: 'americas',
  BR1: 'americas',
  LA1: 'americas',
  LA2: 'americas',
  EUW1: 'europe',
  EUN1: 'europe',
  TR1: 'europe',
  ME1: 'europe',
  RU: 'europe',
  KR: 'asia',
  JP1: 'asia',
  OC1: 'sea',
  SG2: 'sea',
  TW2: 'sea',
  VN2: 'sea',
};
const onCluster = (matchId: string, routing: string | null) =>
  !routing || MATCH_CLUSTER_OF_PLATFORM[matchId.split('_')[0]!] === routing;
/** The platform of a tournament-v5 provider region (its games' match ids start with it). */
export const TOURNAMENT_PLATFORMS: Record<string, string> = {
  BR: 'BR1',
  EUNE: 'EUN1',
  EUW: 'EUW1',
  JP: 'JP1',
  LAN: 'LA1',
  LAS: 'LA2',
  NA: 'NA1',
  OCE: 'OC1',
  TR: 'TR1',
};
const PROVIDER_REGIONS = ['BR', 'EUNE', 'EUW', 'JP', 'LAN', 'LAS', 'NA', 'OCE', 'TR', 'PBE'];
const PICK_TYPES = ['BLIND_PICK', 'DRAFT_MODE', 'ALL_RANDOM', 'TOURNAMENT_DRAFT'];
const MAP_TYPES = ['SUMMONERS_RIFT', 'HOWLING_ABYSS'];
const SPECTATOR_TYPES = ['NONE', 'LOBBYONLY', 'ALL'];
const PLATFORM_NAMES: Record<string, string> = {
  na1: 'North America',
  euw1: 'EU West',
  eun1: 'EU Nordic & East',
  la1: 'Latin America North',
  la2: 'Latin America South',
  oc1: 'Oceania',
  kr: 'Korea',
  jp1: 'Japan',
  br1: 'Brazil',
  ru: 'Russia',
  tr1: 'Turkey',
  me1: 'Middle East',
  sg2: 'Singapore',
  tw2: 'Taiwan',
  vn2: 'Vietnam',
};

export interface FakeLeagueEntry {
  queueType: string;
  tier: string;
  rank: string;
  leaguePoints: number;
  wins: number;
  losses: number;
}

export interface FakeRiotPlayer {
  puuid: string;
  gameName: string;
  tagLine: string;
  platform: FakePlatform;
  profileIconId: number;
  summonerLevel: number;
  entries: FakeLeagueEntry[];
}

/** A PUUID-shaped (78 characters) id derived from a name, so tests can predict it. */
export function fakePuuid(seed: string): string {
  const base = `fake-${seed.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-`;
  return base.padEnd(78, '0').slice(0, 78);
}

const entry = (queueType: string, tier: string, rank: string, leaguePoints = 50): FakeLeagueEntry => ({
  queueType,
  tier,
  rank,
  leaguePoints,
  wins: 40,
  losses: 35,
});

/** The seeded players (fictional Riot IDs). */
export const FAKE_RIOT_PLAYERS: readonly FakeRiotPlayer[] = [
  {
    puuid: fakePuuid('scrim tester na1'),
    gameName: 'Scrim Tester',
    tagLine: 'NA1',
    platform: 'na1',
    profileIconId: 4568,
    summonerLevel: 187,
    entries: [entry('RANKED_SOLO_5x5', 'GOLD', 'II'), entry('RANKED_FLEX_SR', 'SILVER', 'I')],
  },
  {
    puuid: fakePuuid('fresh start na1'),
    gameName: 'Fresh Start',
    tagLine: 'NA1',
    platform: 'na1',
    profileIconId: 29,
    summonerLevel: 30,
    entries: [],
  },
  {
    puuid: fakePuuid('rift walker euw'),
    gameName: 'Rift Walker',
    tagLine: 'EUW',
    platform: 'euw1',
    profileIconId: 588,
    summonerLevel: 54,
    entries: [entry('RANKED_SOLO_5x5', 'DIAMOND', 'IV', 12)],
  },
  {
    puuid: fakePuuid('tide caller oce'),
    gameName: 'Tide Caller',
    tagLine: 'OCE',
    platform: 'oc1',
    profileIconId: 1,
    summonerLevel: 300,
    entries: [entry('RANKED_SOLO_5x5', 'MASTER', 'I', 210)],
  },
  {
    puuid: fakePuuid('seoul mate kr1'),
    gameName: 'Seoul Mate',
    tagLine: 'KR1',
    platform: 'kr',
    profileIconId: 7,
    summonerLevel: 99,
    entries: [],
  },
];

export interface FakeFault {
  /** Requests it applies to: a path substring or pattern. Default: any Riot API request (not Data Dragon). */
  match?: string | RegExp;
  /** How many matching requests it hits (default 1). */
  times?: number;
  /** Answer this status instead (429, 500, 503, 403, …) with Riot's error body. */
  status?: number;
  /** For a 429: the Retry-After header in seconds; leave it out for a 429 without one. */
  retryAfterSeconds?: number;
  /** For a 429: X-Rate-Limit-Type (default 'application' with Retry-After, none without: a service 429). */
  rateLimitType?: 'application' | 'method' | 'service';
  /** Answer only after this long (then the fault's status, or the normal answer). */
  delayMs?: number;
  /** Close the connection without an answer (a network error for the client). */
  drop?: boolean;
  /** Answer 200 with this body instead of the route's (e.g. `[]`: Riot has nothing yet). */
  json?: unknown;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The X-Riot-Routing the client sent (na1, americas, …), if any. */
  routing: string | null;
  /** The status answered (0 when the connection was dropped or is still open). */
  status: number;
  /** When it arrived (ms since 1970): for rates. */
  at: number;
}

export interface FakeTournamentCode {
  code: string;
  api: 'tournament' | 'tournament-stub';
  tournamentId: number;
  providerId: number;
  region: string;
  teamSize: number;
  mapType: string;
  pickType: string;
  spectatorType: string;
  allowedParticipants: string[];
  metadata: string;
  enoughPlayers: boolean;
  lobbyName: string;
  password: string;
  /** Riot's lobby events; a PUUID may be null (Riot sends some events without one). */
  events: Array<{ timestamp: string; eventType: string; puuid?: string | null }>;
}

/** A lobby event a test appends (addLobbyEvent), by Riot's event names. */
export const FAKE_LOBBY_EVENTS = {
  join: 'PlayerJoinedGameEvent',
  quit: 'PlayerQuitGameEvent',
  switch: 'PlayerSwitchedTeamEvent',
  champSelect: 'ChampSelectStartedEvent',
} as const;

export interface FakeTournamentGame {
  winningTeam: Array<{ puuid: string }>;
  losingTeam: Array<{ puuid: string }>;
  shortCode: string;
  metaData: string;
  gameId: number;
  gameName: string;
  gameType: string;
  gameMap: number;
  gameMode: string;
  region: string;
}

export interface FakeRiotOptions {
  apiKey?: string;
  players?: readonly FakeRiotPlayer[];
  /** Data Dragon versions, newest first. */
  versions?: string[];
  /** X-App-Rate-Limit to announce (default production-like '500:10,30000:600'). */
  appRateLimit?: string;
  /** X-Method-Rate-Limit to announce (default '2000:60'). */
  methodRateLimit?: string;
  /** Answer 429 (with Retry-After and X-Rate-Limit-Type) once a window is over its limit (default false). */
  enforceRateLimits?: boolean;
  /**
   * Riot accepts provider callback URLs only on port 80 or 443; tests that need the fake to call back a local
   * server on another port set this (or pass `origin` to finishGame).
   */
  allowAnyCallbackPort?: boolean;
  /** The PUUID behind a Riot Sign On access token the fake was not given (null: an unknown token, 401). */
  resolveAccessToken?: (token: string) => Promise<string | null> | string | null;
}

export interface FinishGameInput {
  code: string;
  winningTeam: string[];
  losingTeam: string[];
  gameId?: number;
  /** Publish the game's match on match-v5 at once (default true); false: Riot has not processed it yet. */
  publishMatch?: boolean;
  /** POST Riot's game-end callback to the provider url (default true). */
  deliver?: boolean;
  /** Deliver to this origin instead of the registered url's (same path and query), e.g. a test server. */
  origin?: string;
}

export interface FakeRiot {
  /** `http://127.0.0.1:<port>`: both RIOT_API_BASE_URL and DDRAGON_BASE_URL. */
  readonly url: string;
  readonly apiKey: string;
  readonly requests: RecordedRequest[];
  /** Requests on Riot API paths only (not Data Dragon). */
  apiRequests(): RecordedRequest[];
  readonly players: Map<string, FakeRiotPlayer>;
  addPlayer(player: Partial<FakeRiotPlayer> & { gameName: string; tagLine: string }): FakeRiotPlayer;
  /** Makes `token` a Riot Sign On access token of the player `puuid` for `accounts/me`. */
  grantAccessToken(token: string, puuid: string): void;
  /** Data Dragon's versions.json, newest first (mutable). */
  versions: string[];
  rateLimits: { app: string; method: string; enforce: boolean };
  inject(fault: FakeFault): void;
  /**
   * Asked for each request no injected fault applies to: a fault to answer with, or null for the normal answer.
   * A fault plan (fake-riot-faults.ts) sets it to fail per code and over time.
   */
  intercept: ((request: RecordedRequest) => FakeFault | null) | null;
  readonly providers: Map<number, { api: string; region: string; url: string }>;
  readonly tournaments: Map<number, { api: string; providerId: number; name: string }>;
  readonly codes: Map<string, FakeTournamentCode>;
  /** match-v5 MatchDtos by match id, served as they are (a test may store a malformed one). */
  readonly matches: Map<string, unknown>;
  /** match-v5's match ids per tournament code (by-tournament-code/{code}/ids). */
  readonly matchIdsByCode: Map<string, string[]>;
  /** Stores a finished game's match (not from a tournament code: an admin attaches it by id); returns its id. */
  addMatch(
    input: Omit<FakeMatchInput, 'matchId' | 'gameId' | 'platformId'> & { platformId?: string; gameId?: number },
  ): string;
  /** Stores a result for games/by-code without any callback. */
  setGameResult(input: Omit<FinishGameInput, 'deliver' | 'origin'>): FakeTournamentGame;
  /**
   * POSTs Riot's game-end callback for `code` to its provider url (or the same path on `origin`); the answer's
   * status, or null when nothing answered.
   */
  deliverCallback(code: string, payload: Record<string, unknown>, origin?: string): Promise<number | null>;
  /** Ends a game: stores the result and POSTs Riot's callback to the code's provider url. */
  finishGame(input: FinishGameInput): Promise<{
    game: FakeTournamentGame;
    payload: Record<string, unknown>;
    callbackUrl: string;
    callbackStatus: number | null;
  }>;
  /**
   * Appends an event to a code's lobby-events, as Riot records a player joining, quitting or switching team
   * (`puuid` null: the PUUID Riot sometimes leaves out), or champion select starting.
   */
  addLobbyEvent(code: string, event: keyof typeof FAKE_LOBBY_EVENTS, puuid?: string | null): void;
  /**
   * A player joins the code's lobby in the League client: refused (false) as Riot refuses it, for an unknown code
   * or a PUUID not among the code's allowedParticipants when it has any; else recorded as a PlayerJoinedGame
   * lobby event (true).
   */
  joinLobby(code: string, puuid: string): boolean;
  /** Forgets requests and pending faults (players, tournaments and codes stay). */
  reset(): void;
  close(): Promise<void>;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const riotErrorBody = (status: number, message: string) => ({ status: { message, status_code: status } });
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function parseWindows(header: string) {
  return header
    .split(',')
    .map((part) => part.split(':').map(Number) as [number, number])
    .filter(([limit, seconds]) => Number.isFinite(limit) && seconds > 0);
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The settings that point an app at `fake`: its API key, its address, and the public URL its tournament callbacks
 * are registered under (a test that wants the callback delivered passes its own server as finishGame's `origin`).
 */
export function riotEnvFor(fake: Pick<FakeRiot, 'apiKey' | 'url'>) {
  return { RIOT_API_KEY: fake.apiKey, RIOT_API_BASE_URL: fake.url, PUBLIC_URL: 'https://scrim-gym.test' };
}

/** Makes each of `players` known to `fake` as a Riot account on na1 (their name and tagline); their PUUIDs, in order. */
export function knownToRiot(fake: Pick<FakeRiot, 'addPlayer'>, players: { name: string; summonerTagline: string }[]) {
  return players.map(
    (player) => fake.addPlayer({ gameName: player.name, tagLine: player.summonerTagline, platform: 'na1' }).puuid,
  );
}

export async function startFakeRiot(options: FakeRiotOptions = {}): Promise<FakeRiot> {
  const apiKey = options.apiKey ?? `RGAPI-fake-${randomUUID()}`;
  const players = new Map<string, FakeRiotPlayer>();
  for (const player of options.players ?? FAKE_RIOT_PLAYERS) players.set(player.puuid, { ...player });
  const requests: RecordedRequest[] = [];
  let faults: Array<FakeFault & { left: number }> = [];
  const providers = new Map<number, { api: string; region: string; url: string }>();
  const tournaments = new Map<number, { api: string; providerId: number; name: string }>();
  const codes = new Map<string, FakeTournamentCode>();
  const accessTokens = new Map<string, string>();
  const games = new Map<string, FakeTournamentGame[]>();
  const matches = new Map<string, unknown>();
  const matchIdsByCode = new Map<string, string[]>();
  let nextProviderId = 1000;
  let nextTournamentId = 5000;
  let nextGameId = 4_800_000_000;
  /** Fixed windows per bucket, each starting at its first request, as Riot counts them. */
  const windows = new Map<string, { start: number; count: number }>();

  const state: {
    versions: string[];
    rateLimits: FakeRiot['rateLimits'];
    intercept: FakeRiot['intercept'];
  } = {
    intercept: null,
    versions: options.versions ?? ['15.1.1', '14.24.1', '14.23.1'],
    rateLimits: {
      app: options.appRateLimit ?? '500:10,30000:600',
      method: options.methodRateLimit ?? '2000:60',
      enforce: options.enforceRateLimits ?? false,
    },
  };

  function countWindows(bucket: string, header: string, at: number) {
    const counts: string[] = [];
    let exceeded: number | null = null;
    for (const [limit, seconds] of parseWindows(header)) {
      const key = `${bucket}|${seconds}`;
      let window = windows.get(key);
      if (!window || at >= window.start + seconds * 1000) {
        window = { start: at, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      counts.push(`${window.count}:${seconds}`);
      if (window.count > limit) {
        const retry = Math.ceil((window.start + seconds * 1000 - at) / 1000);
        exceeded = Math.max(exceeded ?? 0, retry);
      }
    }
    return { counts: counts.join(','), exceeded };
  }

  function findPlayerByRiotId(gameName: string, tagLine: string) {
    const name = gameName.toLowerCase();
    const tag = tagLine.toLowerCase();
    for (const player of players.values()) {
      if (player.gameName.toLowerCase() === name && player.tagLine.toLowerCase() === tag) return player;
    }
    return null;
  }

  function requireRouting(routing: string | null, allowed: readonly string[]) {
    if (routing && !allowed.includes(routing)) throw new HttpFailure(404, 'Resource not found');
  }

  function playerOnPlatform(puuid: string, routing: string | null) {
    const player = players.get(puuid);
    if (!player) throw new HttpFailure(400, 'Bad Request - Exception decrypting');
    if (routing && player.platform !== routing) throw new HttpFailure(404, 'Data not found - summoner not found');
    return player;
  }

  function codeDto(code: FakeTournamentCode) {
    return {
      code: code.code,
      spectators: code.spectatorType,
      lobbyName: code.lobbyName,
      metaData: code.metadata,
      password: code.password,
      teamSize: code.teamSize,
      providerId: code.providerId,
      pickType: code.pickType,
      tournamentId: code.tournamentId,
      id: code.tournamentId * 1000 + 1,
      region: code.region,
      map: code.mapType,
      participants: code.allowedParticipants,
    };
  }

  function validateCodeSettings(body: Record<string, unknown>) {
    if (!PICK_TYPES.includes(String(body.pickType))) throw new HttpFailure(400, 'Bad request - pickType');
    if (!MAP_TYPES.includes(String(body.mapType))) throw new HttpFailure(400, 'Bad request - mapType');
    if (!SPECTATOR_TYPES.includes(String(body.spectatorType))) {
      throw new HttpFailure(400, 'Bad request - spectatorType');
    }
    const allowed = body.allowedParticipants;
    if (allowed !== undefined && (!Array.isArray(allowed) || !allowed.every((p) => typeof p === 'string'))) {
      throw new HttpFailure(400, 'Bad request - allowedParticipants');
    }
  }

  type Handler = (ctx: { params: string[]; body: unknown; query: URLSearchParams; routing: string | null }) => {
    status?: number;
    json?: unknown;
  };

  const tournamentRoutes = (api: 'tournament' | 'tournament-stub') => {
    const base = `/lol/${api}/v5`;
    const escaped = base.replaceAll('/', '\\/');
    const routes: Array<[string, RegExp, Handler]> = [
      [
        'POST',
        new RegExp(`^${escaped}/providers$`),
        ({ body }) => {
          const { region, url } = (body ?? {}) as { region?: unknown; url?: unknown };
          if (typeof region !== 'string' || !PROVIDER_REGIONS.includes(region)) {
            throw new HttpFailure(400, 'Bad request - region');
          }
          let parsed: URL;
          try {
            parsed = new URL(String(url));
          } catch {
            throw new HttpFailure(400, 'Bad request - url');
          }
          if (!['http:', 'https:'].includes(parsed.protocol)) throw new HttpFailure(400, 'Bad request - url');
          if (!options.allowAnyCallbackPort && parsed.port !== '') {
            throw new HttpFailure(400, 'Bad request - url must use port 80 or 443');
          }
          const id = nextProviderId++;
          providers.set(id, { api, region, url: parsed.toString() });
          return { json: id };
        },
      ],
      [
        'POST',
        new RegExp(`^${escaped}/tournaments$`),
        ({ body }) => {
          const { providerId, name } = (body ?? {}) as { providerId?: unknown; name?: unknown };
          const provider = providers.get(Number(providerId));
          if (!provider || provider.api !== api) throw new HttpFailure(400, 'Bad request - provider not found');
          const id = nextTournamentId++;
          tournaments.set(id, { api, providerId: Number(providerId), name: typeof name === 'string' ? name : '' });
          return { json: id };
        },
      ],
      [
        'POST',
        new RegExp(`^${escaped}/codes$`),
        ({ body, query }) => {
          const tournamentId = Number(query.get('tournamentId'));
          const count = Number(query.get('count') ?? '1');
          const tournament = tournaments.get(tournamentId);
          if (!tournament || tournament.api !== api) throw new HttpFailure(400, 'Bad request - tournament not found');
          if (!Number.isInteger(count) || count < 1 || count > 1000) throw new HttpFailure(400, 'Bad request - count');
          const params = (body ?? {}) as Record<string, unknown>;
          const teamSize = Number(params.teamSize);
          if (!Number.isInteger(teamSize) || teamSize < 1 || teamSize > 5) {
            throw new HttpFailure(400, 'Bad request - teamSize');
          }
          if (typeof params.enoughPlayers !== 'boolean') throw new HttpFailure(400, 'Bad request - enoughPlayers');
          validateCodeSettings(params);
          const provider = providers.get(tournament.providerId)!;
          const created: string[] = [];
          for (let i = 0; i < count; i++) {
            const code = `${provider.region}04${randomBytes(3).toString('hex')}-${randomUUID()}`;
            codes.set(code, {
              code,
              api,
              tournamentId,
              providerId: tournament.providerId,
              region: provider.region,
              teamSize,
              mapType: String(params.mapType),
              pickType: String(params.pickType),
              spectatorType: String(params.spectatorType),
              allowedParticipants: (params.allowedParticipants as string[] | undefined) ?? [],
              metadata: typeof params.metadata === 'string' ? params.metadata : '',
              enoughPlayers: params.enoughPlayers,
              lobbyName: randomUUID(),
              password: randomBytes(8).toString('hex'),
              events: [],
            });
            created.push(code);
          }
          return { json: created };
        },
      ],
      [
        'GET',
        new RegExp(`^${escaped}/codes/([^/]+)$`),
        ({ params }) => {
          const code = codes.get(params[0]!);
          if (!code || code.api !== api) throw new HttpFailure(404, 'Data not found - code not found');
          return { json: codeDto(code) };
        },
      ],
      [
        'PUT',
        new RegExp(`^${escaped}/codes/([^/]+)$`),
        ({ params, body }) => {
          const code = codes.get(params[0]!);
          if (!code || code.api !== api) throw new HttpFailure(404, 'Data not found - code not found');
          const update = (body ?? {}) as Record<string, unknown>;
          validateCodeSettings(update);
          code.pickType = String(update.pickType);
          code.mapType = String(update.mapType);
          code.spectatorType = String(update.spectatorType);
          if (Array.isArray(update.allowedParticipants)) code.allowedParticipants = update.allowedParticipants;
          return { status: 200 };
        },
      ],
      [
        'GET',
        new RegExp(`^${escaped}/lobby-events/by-code/([^/]+)$`),
        ({ params }) => {
          const code = codes.get(params[0]!);
          if (!code || code.api !== api) throw new HttpFailure(404, 'Data not found - code not found');
          return { json: { eventList: code.events } };
        },
      ],
    ];
    if (api === 'tournament') {
      // games/by-code exists on tournament-v5 only, not on the stub.
      routes.push([
        'GET',
        new RegExp(`^${escaped}/games/by-code/([^/]+)$`),
        ({ params }) => {
          const code = codes.get(params[0]!);
          if (!code || code.api !== api) throw new HttpFailure(404, 'Data not found - code not found');
          return { json: games.get(code.code) ?? [] };
        },
      ]);
    }
    return routes.map(([method, pattern, handler]) => {
      const wrapped: Handler = (ctx) => {
        requireRouting(ctx.routing, ['americas']);
        return handler(ctx);
      };
      return [method, pattern, wrapped] as [string, RegExp, Handler];
    });
  };

  const apiRoutes: Array<[string, RegExp, Handler]> = [
    [
      'GET',
      /^\/riot\/account\/v1\/accounts\/by-riot-id\/([^/]+)\/([^/]+)$/,
      ({ params, routing }) => {
        requireRouting(routing, ACCOUNT_CLUSTERS);
        const player = findPlayerByRiotId(decodeURIComponent(params[0]!), decodeURIComponent(params[1]!));
        if (!player) throw new HttpFailure(404, 'Data not found - No results found for player with riot id');
        return { json: { puuid: player.puuid, gameName: player.gameName, tagLine: player.tagLine } };
      },
    ],
    [
      'GET',
      /^\/riot\/account\/v1\/accounts\/by-puuid\/([^/]+)$/,
      ({ params, routing }) => {
        requireRouting(routing, ACCOUNT_CLUSTERS);
        const player = players.get(decodeURIComponent(params[0]!));
        if (!player) throw new HttpFailure(404, 'Data not found - No results found for player with puuid');
        return { json: { puuid: player.puuid, gameName: player.gameName, tagLine: player.tagLine } };
      },
    ],
    [
      'GET',
      /^\/lol\/summoner\/v4\/summoners\/by-puuid\/([^/]+)$/,
      ({ params, routing }) => {
        requireRouting(routing, PLATFORMS);
        const player = playerOnPlatform(decodeURIComponent(params[0]!), routing);
        return {
          json: {
            puuid: player.puuid,
            profileIconId: player.profileIconId,
            revisionDate: 1_735_689_600_000,
            summonerLevel: player.summonerLevel,
          },
        };
      },
    ],
    [
      'GET',
      /^\/lol\/league\/v4\/entries\/by-puuid\/([^/]+)$/,
      ({ params, routing }) => {
        requireRouting(routing, PLATFORMS);
        const player = playerOnPlatform(decodeURIComponent(params[0]!), routing);
        return {
          json: player.entries.map((e) => ({
            leagueId: randomUUID(),
            puuid: player.puuid,
            hotStreak: false,
            veteran: false,
            freshBlood: false,
            inactive: false,
            ...e,
          })),
        };
      },
    ],
    [
      'GET',
      /^\/lol\/status\/v4\/platform-data$/,
      ({ routing }) => {
        requireRouting(routing, PLATFORMS);
        const id = (routing ?? 'na1').toUpperCase();
        return {
          json: {
            id,
            name: PLATFORM_NAMES[routing ?? 'na1'] ?? id,
            locales: ['en_US'],
            maintenances: [],
            incidents: [],
          },
        };
      },
    ],
    // match-v5 on the regional clusters: a match is served by its platform's cluster only.
    [
      'GET',
      /^\/lol\/match\/v5\/matches\/by-tournament-code\/([^/]+)\/ids$/,
      ({ params, routing }) => {
        requireRouting(routing, MATCH_CLUSTERS);
        const code = codes.get(decodeURIComponent(params[0]!));
        if (!code || code.api !== 'tournament')
          throw new HttpFailure(404, 'Data not found - tournament code not found');
        const ids = (matchIdsByCode.get(code.code) ?? []).filter((id) => onCluster(id, routing));
        return { json: ids };
      },
    ],
    [
      'GET',
      /^\/lol\/match\/v5\/matches\/([^/]+)\/by-tournament-code\/([^/]+)$/,
      ({ params, routing }) => {
        requireRouting(routing, MATCH_CLUSTERS);
        const matchId = decodeURIComponent(params[0]!);
        const code = decodeURIComponent(params[1]!);
        if (!(matchIdsByCode.get(code) ?? []).includes(matchId) || !onCluster(matchId, routing)) {
          throw new HttpFailure(404, 'Data not found - match file not found');
        }
        return { json: matches.get(matchId) };
      },
    ],
    [
      'GET',
      /^\/lol\/match\/v5\/matches\/([^/]+)$/,
      ({ params, routing }) => {
        requireRouting(routing, MATCH_CLUSTERS);
        const matchId = decodeURIComponent(params[0]!);
        if (!matches.has(matchId) || !onCluster(matchId, routing)) {
          throw new HttpFailure(404, 'Data not found - match file not found');
        }
        return { json: matches.get(matchId) };
      },
    ],
    ...tournamentRoutes('tournament'),
    ...tournamentRoutes('tournament-stub'),
  ];

  function takeFault(path: string, isApi: boolean): FakeFault | null {
    const fault = faults.find((f) =>
      f.match === undefined ? isApi : typeof f.match === 'string' ? path.includes(f.match) : f.match.test(path),
    );
    if (!fault) return null;
    fault.left--;
    if (fault.left <= 0) faults = faults.filter((f) => f !== fault);
    return fault;
  }

  function send(response: ServerResponse, record: RecordedRequest, status: number, json?: unknown) {
    record.status = status;
    if (json === undefined) {
      response.writeHead(status).end();
    } else {
      response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(json));
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake.riot');
    const path = url.pathname;
    const body = await readBody(request);
    const routingHeader = request.headers['x-riot-routing'];
    const routing = typeof routingHeader === 'string' ? routingHeader : null;
    const record: RecordedRequest = {
      method: request.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body,
      routing,
      status: 0,
      at: Date.now(),
    };
    requests.push(record);
    const isApi = path.startsWith('/riot/') || path.startsWith('/lol/');

    const fault = takeFault(path, isApi) ?? state.intercept?.(record) ?? null;
    if (fault?.delayMs) await delay(fault.delayMs);
    if (fault?.drop) {
      request.socket.destroy();
      return;
    }

    // Data Dragon: a public CDN, no key, readable from any page (Riot's CDN answers CORS with any origin).
    if (!isApi) {
      response.setHeader('access-control-allow-origin', '*');
      // A page whose requests carry a header of their own (the journeys' browsers add X-Forwarded-For) asks first.
      if (request.method === 'OPTIONS') {
        record.status = 204;
        return response
          .writeHead(204, { 'access-control-allow-methods': 'GET', 'access-control-allow-headers': '*' })
          .end();
      }
      if (fault?.status) return send(response, record, fault.status, { error: 'fault' });
      if (request.method === 'GET' && path === '/api/versions.json') return send(response, record, 200, state.versions);
      const championJson = /^\/cdn\/([^/]+)\/data\/en_US\/champion\.json$/.exec(path);
      if (request.method === 'GET' && championJson) {
        return send(response, record, 200, fakeChampionJson(decodeURIComponent(championJson[1]!)));
      }
      if (request.method === 'GET' && /^\/cdn\/.+\.png$/.test(path)) {
        record.status = 200;
        response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=3600' });
        return response.end(fakeIconPng(path));
      }
      return send(response, record, 404, { error: 'not found' });
    }

    // account-v1 accounts/me: the Riot Sign On access token is the credential, no API key.
    if (path === '/riot/account/v1/accounts/me' && request.method === 'GET') {
      if (fault?.status)
        return send(response, record, fault.status, riotErrorBody(fault.status, `Fault ${fault.status}`));
      if (routing && !ACCOUNT_CLUSTERS.includes(routing)) {
        return send(response, record, 404, riotErrorBody(404, 'Resource not found'));
      }
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const puuid = token ? (accessTokens.get(token) ?? (await options.resolveAccessToken?.(token)) ?? null) : null;
      const player = puuid ? players.get(puuid) : undefined;
      if (!player) return send(response, record, 401, riotErrorBody(401, 'Unauthorized'));
      return send(response, record, 200, { puuid: player.puuid, gameName: player.gameName, tagLine: player.tagLine });
    }

    const key = request.headers['x-riot-token'];
    if (key === undefined || key === '') return send(response, record, 401, riotErrorBody(401, 'Unauthorized'));
    if (key !== apiKey) return send(response, record, 403, riotErrorBody(403, 'Forbidden'));

    const match = apiRoutes
      .map(([method, pattern, handler]) => ({ method, pattern, handler, params: pattern.exec(path) }))
      .find((route) => route.params && route.method === request.method);
    if (!match?.params) return send(response, record, 404, riotErrorBody(404, 'Resource not found'));

    const at = Date.now();
    const bucket = routing ?? 'default';
    const app = countWindows(`app:${bucket}`, state.rateLimits.app, at);
    const method = countWindows(
      `method:${bucket}:${match.method} ${match.pattern.source}`,
      state.rateLimits.method,
      at,
    );
    response.setHeader('X-App-Rate-Limit', state.rateLimits.app);
    response.setHeader('X-App-Rate-Limit-Count', app.counts);
    response.setHeader('X-Method-Rate-Limit', state.rateLimits.method);
    response.setHeader('X-Method-Rate-Limit-Count', method.counts);

    if (fault?.status) {
      if (fault.status === 429) {
        const type = fault.rateLimitType ?? (fault.retryAfterSeconds === undefined ? undefined : 'application');
        if (fault.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(fault.retryAfterSeconds));
        if (type) response.setHeader('X-Rate-Limit-Type', type);
        return send(response, record, 429, riotErrorBody(429, 'Rate limit exceeded'));
      }
      return send(response, record, fault.status, riotErrorBody(fault.status, `Fault ${fault.status}`));
    }
    if (fault?.json !== undefined) return send(response, record, 200, fault.json);
    if (state.rateLimits.enforce && (app.exceeded !== null || method.exceeded !== null)) {
      response.setHeader('Retry-After', String(Math.max(app.exceeded ?? 0, method.exceeded ?? 0)));
      response.setHeader('X-Rate-Limit-Type', app.exceeded !== null ? 'application' : 'method');
      return send(response, record, 429, riotErrorBody(429, 'Rate limit exceeded'));
    }

    try {
      const result = match.handler({ params: match.params.slice(1), body, query: url.searchParams, routing });
      return send(response, record, result.status ?? 200, result.json);
    } catch (error) {
      if (error instanceof HttpFailure)
        return send(response, record, error.status, riotErrorBody(error.status, error.message));
      throw error;
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify(riotErrorBody(500, String(error))));
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Riot IDs of the fake's players, for the match's riotIdGameName/riotIdTagline. */
  const riotIds = () =>
    new Map([...players.values()].map((p) => [p.puuid, { gameName: p.gameName, tagLine: p.tagLine }]));

  function storeGame({
    code,
    winningTeam,
    losingTeam,
    gameId,
    publishMatch = true,
  }: Omit<FinishGameInput, 'deliver' | 'origin'>) {
    const stored = codes.get(code);
    if (!stored) throw new Error(`fake Riot: unknown tournament code ${code}`);
    const game: FakeTournamentGame = {
      winningTeam: winningTeam.map((puuid) => ({ puuid })),
      losingTeam: losingTeam.map((puuid) => ({ puuid })),
      shortCode: code,
      metaData: stored.metadata,
      gameId: gameId ?? nextGameId++,
      gameName: randomUUID(),
      gameType: 'CUSTOM_GAME',
      gameMap: 11,
      gameMode: 'CLASSIC',
      region: `${stored.region}1`,
    };
    games.set(code, [...(games.get(code) ?? []), game]);
    if (publishMatch) {
      // Blue side is the team listed first among the code's allowed participants (the scrim's teamOne).
      const firstIndex = (team: string[]) =>
        Math.min(...team.map((puuid) => stored.allowedParticipants.indexOf(puuid)).filter((i) => i >= 0), Infinity);
      const winnersBlue = firstIndex(winningTeam) <= firstIndex(losingTeam);
      const platformId = TOURNAMENT_PLATFORMS[stored.region] ?? `${stored.region}1`;
      const matchId = `${platformId}_${game.gameId}`;
      matches.set(
        matchId,
        buildFakeMatch({
          matchId,
          gameId: game.gameId,
          platformId,
          blue: winnersBlue ? winningTeam : losingTeam,
          red: winnersBlue ? losingTeam : winningTeam,
          blueWins: winnersBlue,
          tournamentCode: code,
          riotIds: riotIds(),
        }),
      );
      matchIdsByCode.set(code, [...(matchIdsByCode.get(code) ?? []), matchId]);
    }
    const timestamp = String(Date.now());
    stored.events.push(
      { timestamp, eventType: 'PracticeGameCreatedEvent' },
      { timestamp, eventType: 'ChampSelectStartedEvent' },
      { timestamp, eventType: 'GameAllocatedToLsmEvent' },
    );
    return game;
  }

  const callbackUrlOf = (code: string) => providers.get(codes.get(code)!.providerId)!.url;

  const fake: FakeRiot = {
    url,
    apiKey,
    requests,
    apiRequests: () => requests.filter((r) => r.path.startsWith('/riot/') || r.path.startsWith('/lol/')),
    players,
    addPlayer(input) {
      const player: FakeRiotPlayer = {
        puuid: input.puuid ?? fakePuuid(`${input.gameName} ${input.tagLine}`),
        platform: 'na1',
        profileIconId: 29,
        summonerLevel: 1,
        entries: [],
        ...input,
      };
      players.set(player.puuid, player);
      return player;
    },
    grantAccessToken(token, puuid) {
      accessTokens.set(token, puuid);
    },
    get versions() {
      return state.versions;
    },
    set versions(value: string[]) {
      state.versions = value;
    },
    get rateLimits() {
      return state.rateLimits;
    },
    set rateLimits(value) {
      state.rateLimits = value;
    },
    inject(fault) {
      faults.push({ ...fault, left: fault.times ?? 1 });
    },
    get intercept() {
      return state.intercept;
    },
    set intercept(value) {
      state.intercept = value;
    },
    providers,
    tournaments,
    codes,
    matches,
    matchIdsByCode,
    addMatch({ platformId = 'NA1', gameId, ...rest }) {
      const id = gameId ?? nextGameId++;
      const matchId = `${platformId}_${id}`;
      matches.set(matchId, buildFakeMatch({ riotIds: riotIds(), ...rest, matchId, gameId: id, platformId }));
      return matchId;
    },
    setGameResult: storeGame,
    async deliverCallback(code, payload, origin) {
      const target = new URL(callbackUrlOf(code));
      const destination = origin ? new URL(`${target.pathname}${target.search}`, origin) : target;
      try {
        const answer = await fetch(destination, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
        await answer.arrayBuffer();
        return answer.status;
      } catch {
        return null;
      }
    },
    async finishGame({ deliver = true, origin, ...input }) {
      const game = storeGame(input);
      const callbackUrl = callbackUrlOf(input.code);
      // Riot's game-end callback (tournament-v5): the code, its metadata, the game and its teams.
      const payload = {
        startTime: Date.now() - 30 * 60 * 1000,
        shortCode: game.shortCode,
        metaData: game.metaData,
        gameId: game.gameId,
        gameName: game.gameName,
        gameType: game.gameType,
        gameMap: game.gameMap,
        gameMode: game.gameMode,
        region: game.region,
        winningTeam: game.winningTeam,
        losingTeam: game.losingTeam,
      };
      const callbackStatus = deliver ? await fake.deliverCallback(input.code, payload, origin) : null;
      return { game, payload, callbackUrl, callbackStatus };
    },
    addLobbyEvent(code, event, puuid = null) {
      const stored = codes.get(code);
      if (!stored) throw new Error(`fake Riot: unknown tournament code ${code}`);
      stored.events.push({ timestamp: String(Date.now()), eventType: FAKE_LOBBY_EVENTS[event], puuid });
    },
    joinLobby(code, puuid) {
      const stored = codes.get(code);
      if (!stored) return false;
      if (stored.allowedParticipants.length > 0 && !stored.allowedParticipants.includes(puuid)) return false;
      stored.events.push({ timestamp: String(Date.now()), eventType: FAKE_LOBBY_EVENTS.join, puuid });
      return true;
    },
    reset() {
      requests.length = 0;
      faults = [];
      windows.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return fake;
}

/**
 * A virtual clock for the Riot client: `sleep` records the wait and moves `now` forward instead of waiting,
 * so tests of Retry-After, backoff, pacing and the 30-minute cache run instantly.
 */
export function createVirtualClock(start = Date.UTC(2025, 0, 1)) {
  let current = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => current,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      current += ms;
    },
    advance(ms: number) {
      current += ms;
    },
  };
}
