import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_RIOT_PLAYERS,
  createVirtualClock,
  startFakeRiot,
  type FakeRiot,
  type FakeRiotOptions,
} from '../../../test/fake-riot.js';
import { createRiotClient, type RiotClientOptions } from './client.js';
import { DDRAGON_FALLBACK_VERSION } from './data-dragon.js';
import { RiotError } from './errors.js';

let fake: FakeRiot;
const [tester, unranked, euwPlayer, ocePlayer] = FAKE_RIOT_PLAYERS;

beforeAll(async () => {
  fake = await startFakeRiot();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A client on the fake, with a virtual clock: every wait is recorded in `clock.sleeps`, none is real. */
function clientOnFake(options: Partial<RiotClientOptions> = {}, on: FakeRiot = fake) {
  const clock = createVirtualClock();
  const client = createRiotClient({
    apiKey: on.apiKey,
    baseUrl: on.url,
    ddragonBaseUrl: on.url,
    sleep: clock.sleep,
    now: clock.now,
    ...options,
  });
  return { client, clock };
}

async function riotError(promise: Promise<unknown>): Promise<RiotError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RiotError);
  return error as RiotError;
}

describe('routing', () => {
  it('sends each call to the real regional or platform host of the region', async () => {
    // The real URLs the client builds, forwarded to the fake with the host as the routing value.
    const seen: string[] = [];
    const forward: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      seen.push(`${url.origin}${url.pathname}`);
      const headers = { ...(init?.headers as Record<string, string>), 'X-Riot-Routing': url.hostname.split('.')[0]! };
      return fetch(`${fake.url}${url.pathname}${url.search}`, { ...init, headers });
    };
    const client = createRiotClient({ apiKey: fake.apiKey, fetch: forward, sleep: async () => {} });

    const na = await client.getSummonerProfile({ gameName: tester!.gameName, tagLine: tester!.tagLine, region: 'NA' });
    expect(na.summonerLevel).toBe(tester!.summonerLevel);
    await client.getSummonerProfile({ gameName: euwPlayer!.gameName, tagLine: euwPlayer!.tagLine, region: 'EUW' });
    await client.getSummonerProfile({ gameName: ocePlayer!.gameName, tagLine: ocePlayer!.tagLine, region: 'OCE' });
    await client.getPlatformStatus({ region: 'EUNE' });
    await client.getPlatformStatus({ region: 'LAN' });
    await client.getPlatformStatus({ region: 'KR' });
    await client.getPlatformStatus({ region: 'SG' });
    await client.getPlatformStatus({ region: 'ME' });

    expect(seen).toEqual([
      `https://americas.api.riotgames.com/riot/account/v1/accounts/by-riot-id/Scrim%20Tester/NA1`,
      `https://na1.api.riotgames.com/lol/summoner/v4/summoners/by-puuid/${tester!.puuid}`,
      `https://na1.api.riotgames.com/lol/league/v4/entries/by-puuid/${tester!.puuid}`,
      `https://europe.api.riotgames.com/riot/account/v1/accounts/by-riot-id/Rift%20Walker/EUW`,
      `https://euw1.api.riotgames.com/lol/summoner/v4/summoners/by-puuid/${euwPlayer!.puuid}`,
      `https://euw1.api.riotgames.com/lol/league/v4/entries/by-puuid/${euwPlayer!.puuid}`,
      `https://americas.api.riotgames.com/riot/account/v1/accounts/by-riot-id/Tide%20Caller/OCE`,
      `https://oc1.api.riotgames.com/lol/summoner/v4/summoners/by-puuid/${ocePlayer!.puuid}`,
      `https://oc1.api.riotgames.com/lol/league/v4/entries/by-puuid/${ocePlayer!.puuid}`,
      'https://eun1.api.riotgames.com/lol/status/v4/platform-data',
      'https://la1.api.riotgames.com/lol/status/v4/platform-data',
      'https://kr.api.riotgames.com/lol/status/v4/platform-data',
      'https://sg2.api.riotgames.com/lol/status/v4/platform-data',
      'https://me1.api.riotgames.com/lol/status/v4/platform-data',
    ]);
  });

  it('with a base URL override, sends every call there with the usual path and the routing value', async () => {
    const { client } = clientOnFake();
    const profile = await client.getSummonerProfile({ gameName: 'rift walker', tagLine: 'euw', region: 'EUW' });
    expect(profile).toMatchObject({ puuid: euwPlayer!.puuid, gameName: 'Rift Walker', profileIconId: 588 });
    expect(fake.apiRequests().map((r) => [r.path.split('/').slice(0, 4).join('/'), r.routing])).toEqual([
      ['/riot/account/v1', 'europe'],
      ['/lol/summoner/v4', 'euw1'],
      ['/lol/league/v4', 'euw1'],
    ]);
    const status = await client.getPlatformStatus({ region: 'EUW' });
    expect(status).toMatchObject({ id: 'EUW1', maintenances: [], incidents: [] });
  });

  it.each([
    ['KR', 'asia', 'kr', 'Faker Fan', 'KR1'],
    ['VN', 'asia', 'vn2', 'Saigon Mid', 'VN2'],
    ['ME', 'europe', 'me1', 'Gulf Jungler', 'ME1'],
  ] as const)(
    'looks a %s player up on account cluster %s and platform %s',
    async (region, account, platform, gameName, tagLine) => {
      const player = fake.addPlayer({ gameName, tagLine, platform, summonerLevel: 77 });
      const { client } = clientOnFake();
      const profile = await client.getSummonerProfile({ gameName, tagLine, region });
      expect(profile).toMatchObject({ puuid: player.puuid, summonerLevel: 77 });
      expect(fake.apiRequests().map((r) => [r.path.split('/').slice(0, 4).join('/'), r.routing])).toEqual([
        ['/riot/account/v1', account],
        ['/lol/summoner/v4', platform],
        ['/lol/league/v4', platform],
      ]);
    },
  );

  it('a player looked up on the wrong shard is not found there', async () => {
    const { client } = clientOnFake();
    const error = await riotError(
      client.getSummonerProfile({ gameName: euwPlayer!.gameName, tagLine: euwPlayer!.tagLine, region: 'NA' }),
    );
    expect(error).toMatchObject({ kind: 'not_found', status: 404, call: 'summoner-v4.getByPuuid' });
  });
});

describe('key and errors', () => {
  it('sends the key in X-Riot-Token to Riot only, never to Data Dragon', async () => {
    const { client } = clientOnFake();
    await client.getAccountByRiotId({ gameName: tester!.gameName, tagLine: tester!.tagLine });
    await client.getDataDragonVersion();
    const [account, versions] = fake.requests;
    expect(account!.headers['x-riot-token']).toBe(fake.apiKey);
    expect(versions!.path).toBe('/api/versions.json');
    expect(versions!.headers['x-riot-token']).toBeUndefined();
  });

  it('a wrong key is a typed 403 (no retry, no key in the message)', async () => {
    const { client, clock } = clientOnFake({ apiKey: 'RGAPI-wrong-key-0000' });
    const error = await riotError(client.getAccountByRiotId({ gameName: 'Scrim Tester', tagLine: 'NA1' }));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403, call: 'account-v1.getByRiotId' });
    expect(error.isTransient).toBe(false);
    expect(error.message).not.toContain('RGAPI');
    expect(fake.apiRequests()).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('an unknown Riot ID is a typed 404', async () => {
    const { client } = clientOnFake();
    const error = await riotError(client.getAccountByRiotId({ gameName: 'Nobody Here', tagLine: 'ZZZ' }));
    expect(error).toMatchObject({ kind: 'not_found', status: 404 });
    expect(error.message).toContain('No results found');
  });

  it('without a key nothing is sent', async () => {
    const { client } = clientOnFake({ apiKey: undefined });
    expect(client.isConfigured).toBe(false);
    const error = await riotError(client.getSummonerProfile({ gameName: 'A', tagLine: 'B', region: 'NA' }));
    expect(error.kind).toBe('not_configured');
    expect(fake.requests).toHaveLength(0);
  });

  it('a slow Riot is a timeout, not retried', async () => {
    const { client } = clientOnFake({ timeoutMs: 100 });
    fake.inject({ delayMs: 400 });
    const error = await riotError(client.getPlatformStatus({ region: 'NA' }));
    expect(error.kind).toBe('timeout');
    expect(fake.apiRequests()).toHaveLength(1);
  });

  it('a dropped connection is retried, then a typed network error', async () => {
    const { client, clock } = clientOnFake();
    fake.inject({ drop: true, times: 3 });
    const error = await riotError(client.getPlatformStatus({ region: 'NA' }));
    expect(error).toMatchObject({ kind: 'network', status: null });
    expect(fake.apiRequests()).toHaveLength(3);
    expect(clock.sleeps).toEqual([500, 1000]);
  });
});

describe('rate limits and retries', () => {
  it('on a 429 waits Retry-After, then succeeds', async () => {
    const { client, clock } = clientOnFake();
    fake.inject({ status: 429, retryAfterSeconds: 2 });
    const account = await client.getAccountByRiotId({ gameName: 'Scrim Tester', tagLine: 'NA1' });
    expect(account.puuid).toBe(tester!.puuid);
    expect(fake.apiRequests().map((r) => r.status)).toEqual([429, 200]);
    expect(clock.sleeps).toEqual([2000]);
  });

  it('on a 429 without Retry-After waits 5 s', async () => {
    const { client, clock } = clientOnFake();
    fake.inject({ status: 429 });
    await client.getPlatformStatus({ region: 'NA' });
    expect(fake.apiRequests().map((r) => r.status)).toEqual([429, 200]);
    expect(clock.sleeps).toEqual([5000]);
  });

  it('an application 429 pauses every call on that routing value, a method 429 only that method', async () => {
    const { client, clock } = clientOnFake({ maxAttempts: 1 });
    fake.inject({ status: 429, retryAfterSeconds: 3, rateLimitType: 'application' });
    expect((await riotError(client.getPlatformStatus({ region: 'NA' }))).kind).toBe('rate_limited');
    await client.getPlatformStatus({ region: 'EUW' });
    expect(clock.sleeps).toEqual([]);
    await client.getLeagueEntries({ puuid: tester!.puuid, region: 'NA' });
    expect(clock.sleeps).toEqual([3000]);

    fake.inject({ status: 429, retryAfterSeconds: 2, rateLimitType: 'method' });
    expect((await riotError(client.getPlatformStatus({ region: 'NA' }))).kind).toBe('rate_limited');
    await client.getSummonerByPuuid({ puuid: tester!.puuid, region: 'NA' });
    expect(clock.sleeps).toEqual([3000]);
    await client.getPlatformStatus({ region: 'NA' });
    expect(clock.sleeps).toEqual([3000, 2000]);
  });

  it('gives up after three 429s, and at once when Retry-After is beyond the longest wait', async () => {
    const { client, clock } = clientOnFake();
    fake.inject({ status: 429, retryAfterSeconds: 1, times: 3 });
    const error = await riotError(client.getPlatformStatus({ region: 'NA' }));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 1000 });
    expect(fake.apiRequests()).toHaveLength(3);
    expect(clock.sleeps).toEqual([1000, 1000]);

    fake.reset();
    fake.inject({ status: 429, retryAfterSeconds: 120 });
    const long = await riotError(client.getPlatformStatus({ region: 'EUW' }));
    expect(long).toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000 });
    expect(fake.apiRequests()).toHaveLength(1);
  });

  it('retries a transient 5xx with exponential backoff, then succeeds', async () => {
    const { client, clock } = clientOnFake();
    fake.inject({ status: 503, times: 2 });
    await client.getPlatformStatus({ region: 'NA' });
    expect(fake.apiRequests().map((r) => r.status)).toEqual([503, 503, 200]);
    expect(clock.sleeps).toEqual([500, 1000]);
  });

  it('gives up after three 5xx tries with a typed server error', async () => {
    const { client, clock } = clientOnFake();
    fake.inject({ status: 500, times: 5 });
    const error = await riotError(client.getPlatformStatus({ region: 'NA' }));
    expect(error).toMatchObject({ kind: 'server', status: 500 });
    expect(error.isTransient).toBe(true);
    expect(fake.apiRequests()).toHaveLength(3);
    expect(clock.sleeps).toEqual([500, 1000]);
  });

  it('never repeats a POST after a 5xx (it may have been applied)', async () => {
    const { client } = clientOnFake();
    fake.inject({ status: 500, match: '/providers' });
    const error = await riotError(client.registerProvider({ region: 'NA', callbackUrl: 'https://scrims.example/cb' }));
    expect(error.kind).toBe('server');
    expect(fake.apiRequests()).toHaveLength(1);
  });

  it('paces calls when the reported window is exhausted', async () => {
    const paced = await startFakeRiot({ appRateLimit: '2:1,100:120' });
    try {
      const { client, clock } = clientOnFake({}, paced);
      for (const region of ['NA', 'EUW', 'KR'] as const) await client.getPlatformStatus({ region });
      // Different routing values have their own application buckets: no wait.
      expect(clock.sleeps).toEqual([]);
      for (let i = 0; i < 3; i++) await client.getPlatformStatus({ region: 'NA' });
      // NA: the first call plus two more fill "2 per second"; the third waits for the window to reset.
      expect(clock.sleeps).toHaveLength(2);
      expect(clock.sleeps.every((ms) => ms > 0 && ms <= 1000)).toBe(true);
    } finally {
      await paced.close();
    }
  });

  it('against a fake that enforces its limits in real time, never gets a 429', async () => {
    const strict = await startFakeRiot({ appRateLimit: '3:1', enforceRateLimits: true });
    try {
      const client = createRiotClient({ apiKey: strict.apiKey, baseUrl: strict.url });
      const started = Date.now();
      for (let i = 0; i < 5; i++) await client.getPlatformStatus({ region: 'NA' });
      expect(strict.apiRequests().map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      await strict.close();
    }
  });
});

describe('cache', () => {
  it('caches look-ups for 30 minutes and shares concurrent ones', async () => {
    const { client, clock } = clientOnFake();
    const lookup = () => client.getSummonerProfile({ gameName: 'Fresh Start', tagLine: 'NA1', region: 'NA' });
    const [first, second] = await Promise.all([lookup(), lookup()]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ puuid: unranked!.puuid, profileIconId: 29, summonerLevel: 30, rankedData: [] });
    await lookup();
    // Riot IDs are case-insensitive: the same cache entry.
    await client.getAccountByRiotId({ gameName: 'FRESH START', tagLine: 'na1', region: 'NA' });
    expect(fake.apiRequests()).toHaveLength(3);

    clock.advance(29 * 60 * 1000);
    await lookup();
    expect(fake.apiRequests()).toHaveLength(3);
    clock.advance(2 * 60 * 1000);
    await lookup();
    expect(fake.apiRequests()).toHaveLength(6);
  });

  it('keeps at most cacheMaxEntries entries', async () => {
    const { client } = clientOnFake({ cacheMaxEntries: 2 });
    for (const player of [tester!, unranked!, tester!]) {
      await client.getAccountByRiotId({ gameName: player.gameName, tagLine: player.tagLine });
    }
    expect(fake.apiRequests()).toHaveLength(2);
    await client.getAccountByRiotId({ gameName: 'Rift Walker', tagLine: 'EUW' });
    await client.getAccountByRiotId({ gameName: unranked!.gameName, tagLine: unranked!.tagLine });
    expect(fake.apiRequests()).toHaveLength(4);
  });

  it('does not cache failures', async () => {
    const { client } = clientOnFake();
    fake.inject({ status: 403 });
    await riotError(client.getAccountByRiotId({ gameName: 'Scrim Tester', tagLine: 'NA1' }));
    await client.getAccountByRiotId({ gameName: 'Scrim Tester', tagLine: 'NA1' });
    expect(fake.apiRequests().map((r) => r.status)).toEqual([403, 200]);
  });
});

describe('Data Dragon', () => {
  it('answers the newest version, cached', async () => {
    const { client } = clientOnFake();
    expect(await client.getDataDragonVersion()).toBe('15.1.1');
    expect(await client.getDataDragonVersion()).toBe('15.1.1');
    expect(fake.requests).toHaveLength(1);
  });

  it('falls back to 14.24.1 when versions.json fails or is junk, and asks again a minute later', async () => {
    const { client, clock } = clientOnFake();
    fake.inject({ match: '/api/versions.json', status: 500 });
    expect(await client.getDataDragonVersion()).toBe(DDRAGON_FALLBACK_VERSION);
    expect(await client.getDataDragonVersion()).toBe(DDRAGON_FALLBACK_VERSION);
    clock.advance(61_000);
    expect(await client.getDataDragonVersion()).toBe('15.1.1');

    const junk = await startFakeRiot({ versions: [] });
    try {
      expect(await clientOnFake({}, junk).client.getDataDragonVersion()).toBe(DDRAGON_FALLBACK_VERSION);
    } finally {
      await junk.close();
    }
    const unreachable = createRiotClient({ ddragonBaseUrl: 'http://127.0.0.1:9' });
    expect(await unreachable.getDataDragonVersion()).toBe(DDRAGON_FALLBACK_VERSION);
  });
});

describe('tournament v5', () => {
  async function setUp(options: Partial<RiotClientOptions>, fakeOptions?: FakeRiotOptions) {
    const on = fakeOptions ? await startFakeRiot(fakeOptions) : fake;
    const { client } = clientOnFake(options, on);
    const providerId = await client.registerProvider({
      region: 'EUW',
      callbackUrl: 'https://scrims.example/api/cb/s3cret',
    });
    const tournamentId = await client.createTournament({ providerId, name: 'Scrim Gym EUW 2025' });
    return { client, providerId, tournamentId, on };
  }

  it('uses the stub paths on the americas host when RIOT_TOURNAMENT_STUB is on', async () => {
    const { client, providerId, tournamentId } = await setUp({ tournamentStub: true });
    const puuids = Array.from({ length: 10 }, (_, i) => `puuid-${i}`);
    const [code] = await client.createTournamentCodes({
      tournamentId,
      metadata: '{"scrimId":"s1"}',
      allowedParticipants: puuids,
    });
    expect(code).toMatch(/^EUW04/);

    const calls = fake.apiRequests();
    expect(calls.map((r) => `${r.method} ${r.path} ${r.routing}`)).toEqual([
      'POST /lol/tournament-stub/v5/providers americas',
      'POST /lol/tournament-stub/v5/tournaments americas',
      'POST /lol/tournament-stub/v5/codes americas',
    ]);
    expect(calls[0]!.body).toEqual({ region: 'EUW', url: 'https://scrims.example/api/cb/s3cret' });
    expect(calls[1]!.body).toEqual({ providerId, name: 'Scrim Gym EUW 2025' });
    expect(calls[2]!.query).toEqual({ tournamentId: String(tournamentId), count: '1' });
    expect(calls[2]!.body).toEqual({
      teamSize: 5,
      mapType: 'SUMMONERS_RIFT',
      pickType: 'TOURNAMENT_DRAFT',
      spectatorType: 'ALL',
      allowedParticipants: puuids,
      metadata: '{"scrimId":"s1"}',
      enoughPlayers: true,
    });

    expect(await client.getTournamentCode(code!)).toMatchObject({ code, metaData: '{"scrimId":"s1"}', teamSize: 5 });
    expect(await client.getLobbyEvents(code!)).toEqual({ eventList: [] });
    const games = await riotError(client.getGamesByCode(code!));
    expect(games.kind).toBe('unsupported');
    expect(fake.apiRequests()).toHaveLength(5);
  });

  it('uses the real v5 paths otherwise, and reads game results by code', async () => {
    const { client, tournamentId } = await setUp({ tournamentStub: false });
    const codes = await client.createTournamentCodes({ tournamentId, count: 2, metadata: 'scrim:abc' });
    expect(codes).toHaveLength(2);
    const created = fake.apiRequests().at(-1)!;
    expect(created.path).toBe('/lol/tournament/v5/codes');
    // No PUUIDs known: no allowedParticipants, not enough players.
    expect(created.body).toMatchObject({ enoughPlayers: false, metadata: 'scrim:abc' });
    expect(created.body).not.toHaveProperty('allowedParticipants');

    expect(await client.getGamesByCode(codes[0]!)).toEqual([]);
    const winners = ['w1', 'w2', 'w3', 'w4', 'w5'];
    const losers = ['l1', 'l2', 'l3', 'l4', 'l5'];
    fake.setGameResult({ code: codes[0]!, winningTeam: winners, losingTeam: losers });
    const [game] = await client.getGamesByCode(codes[0]!);
    expect(game).toMatchObject({ shortCode: codes[0], metaData: 'scrim:abc' });
    expect(game!.winningTeam.map((p) => p.puuid)).toEqual(winners);
    expect(game!.losingTeam.map((p) => p.puuid)).toEqual(losers);

    await client.updateTournamentCode(codes[1]!, { allowedParticipants: winners.concat(losers) });
    expect(fake.codes.get(codes[1]!)!.allowedParticipants).toHaveLength(10);
    expect(fake.apiRequests().at(-1)!.method).toBe('PUT');
  });

  it('refuses regions without a tournament API before sending anything', async () => {
    const { client } = clientOnFake();
    const error = await riotError(client.registerProvider({ region: 'KR', callbackUrl: 'https://scrims.example/cb' }));
    expect(error.kind).toBe('unsupported');
    expect(fake.requests).toHaveLength(0);
  });

  it('Riot refuses callback urls off port 80/443 and unknown tournaments', async () => {
    const { client } = clientOnFake();
    const port = await riotError(client.registerProvider({ region: 'NA', callbackUrl: 'http://127.0.0.1:3000/cb' }));
    expect(port).toMatchObject({ kind: 'bad_request', status: 400 });
    const unknown = await riotError(client.createTournamentCodes({ tournamentId: 1 }));
    expect(unknown).toMatchObject({ kind: 'bad_request', status: 400 });
  });

  it('the fake delivers the game-end callback to the provider url', async () => {
    const received: unknown[] = [];
    const { createServer } = await import('node:http');
    const target = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        received.push({ path: req.url, body: JSON.parse(text) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(target.address() as { port: number }).port}`;
    try {
      const { client, tournamentId } = await setUp({});
      const [code] = await client.createTournamentCodes({ tournamentId, metadata: 'scrim:cb' });
      const result = await fake.finishGame({ code: code!, winningTeam: ['a'], losingTeam: ['b'], origin });
      expect(result.callbackStatus).toBe(200);
      expect(received).toEqual([
        {
          path: '/api/cb/s3cret',
          body: expect.objectContaining({ shortCode: code, metaData: 'scrim:cb', winningTeam: [{ puuid: 'a' }] }),
        },
      ]);
    } finally {
      await new Promise((resolve) => target.close(resolve));
    }
  });
});
