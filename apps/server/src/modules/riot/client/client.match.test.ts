import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATA_DRAGON_CHAMPIONS } from '../../../test/fake-riot-match.js';
import { createVirtualClock, startFakeRiot, type FakeRiot } from '../../../test/fake-riot.js';
import { createRiotClient, type RiotClientOptions } from './client.js';
import { RiotError } from './errors.js';

/** match-v5 (by tournament code, by id) and Data Dragon's champion keys, against the fake Riot. */
let fake: FakeRiot;

beforeAll(async () => {
  fake = await startFakeRiot();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A client on the fake, with a virtual clock: every wait is recorded in `clock.sleeps`, none is real. */
function clientOnFake(options: Partial<RiotClientOptions> = {}) {
  const clock = createVirtualClock();
  const client = createRiotClient({
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    ddragonBaseUrl: fake.url,
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

const blue = ['m-b1', 'm-b2', 'm-b3', 'm-b4', 'm-b5'];
const red = ['m-r1', 'm-r2', 'm-r3', 'm-r4', 'm-r5'];

/** A real tournament code of the EUW provider (tournament-v5), registered through the client. */
async function euwCode() {
  const { client } = clientOnFake();
  const providerId = await client.registerProvider({ region: 'EUW', callbackUrl: 'https://scrims.example/cb/x' });
  const tournamentId = await client.createTournament({ providerId });
  const [code] = await client.createTournamentCodes({ tournamentId, allowedParticipants: [...blue, ...red] });
  fake.reset();
  return code!;
}

describe('match-v5 by tournament code', () => {
  it('lists the ids, then reads the match, on the regional cluster of the region (EUW → europe)', async () => {
    const code = await euwCode();
    const { client } = clientOnFake();
    expect(await client.getMatchIdsByTournamentCode({ code, region: 'EUW' })).toEqual([]);

    const game = fake.setGameResult({ code, winningTeam: blue, losingTeam: red });
    const matchId = `EUW1_${game.gameId}`;
    expect(await client.getMatchIdsByTournamentCode({ code, region: 'EUW' })).toEqual([matchId]);
    const match = await client.getMatchByTournamentCode({ matchId, code, region: 'EUW' });
    expect(match.metadata.matchId).toBe(matchId);
    expect(match.info).toMatchObject({ platformId: 'EUW1', tournamentCode: code });
    expect(match.info.participants.map((p) => p.puuid)).toEqual([...blue, ...red]);
    expect(match.info.teams.map((t) => [t.teamId, t.win])).toEqual([
      [100, true],
      [200, false],
    ]);

    expect(fake.apiRequests().map((r) => `${r.method} ${r.path} ${r.routing}`)).toEqual([
      `GET /lol/match/v5/matches/by-tournament-code/${code}/ids europe`,
      `GET /lol/match/v5/matches/by-tournament-code/${code}/ids europe`,
      `GET /lol/match/v5/matches/${matchId}/by-tournament-code/${code} europe`,
    ]);
    // Never cached: a code's ids change as games are played.
    await client.getMatchIdsByTournamentCode({ code, region: 'EUW' });
    expect(fake.apiRequests()).toHaveLength(4);
  });

  it("builds the real hosts' URLs (europe.api.riotgames.com) without a base URL override", async () => {
    const code = await euwCode();
    const game = fake.setGameResult({ code, winningTeam: red, losingTeam: blue });
    const seen: string[] = [];
    const forward: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      seen.push(`${url.origin}${url.pathname}`);
      const headers = { ...(init?.headers as Record<string, string>), 'X-Riot-Routing': url.hostname.split('.')[0]! };
      return fetch(`${fake.url}${url.pathname}${url.search}`, { ...init, headers });
    };
    const client = createRiotClient({ apiKey: fake.apiKey, fetch: forward, sleep: async () => {} });
    const matchId = `EUW1_${game.gameId}`;
    await client.getMatchIdsByTournamentCode({ code, region: 'EUW' });
    await client.getMatchByTournamentCode({ matchId, code, region: 'EUNE' });
    expect(seen).toEqual([
      `https://europe.api.riotgames.com/lol/match/v5/matches/by-tournament-code/${code}/ids`,
      `https://europe.api.riotgames.com/lol/match/v5/matches/${matchId}/by-tournament-code/${code}`,
    ]);
  });

  it('with the tournament stub: unsupported, nothing sent (stub codes have no matches)', async () => {
    const { client } = clientOnFake({ tournamentStub: true });
    const ids = await riotError(client.getMatchIdsByTournamentCode({ code: 'EUW04-stub', region: 'EUW' }));
    expect(ids).toMatchObject({ kind: 'unsupported', call: 'match-v5.getMatchIdsByTournamentCode' });
    const match = await riotError(
      client.getMatchByTournamentCode({ matchId: 'EUW1_1', code: 'EUW04-stub', region: 'EUW' }),
    );
    expect(match).toMatchObject({ kind: 'unsupported', call: 'match-v5.getMatchByIdAndTournamentCode' });
    expect(match.isTransient).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });

  it('an unknown code or a match not of the code: not_found, permanent, not retried', async () => {
    const code = await euwCode();
    const { client, clock } = clientOnFake();
    const unknown = await riotError(client.getMatchIdsByTournamentCode({ code: 'EUW04-nope', region: 'EUW' }));
    expect(unknown).toMatchObject({ kind: 'not_found', status: 404 });
    expect(unknown.isTransient).toBe(false);
    const other = fake.addMatch({ blue, red, blueWins: true, platformId: 'EUW1' });
    const notOfCode = await riotError(client.getMatchByTournamentCode({ matchId: other, code, region: 'EUW' }));
    expect(notOfCode).toMatchObject({ kind: 'not_found', status: 404 });
    expect(fake.apiRequests()).toHaveLength(2);
    expect(clock.sleeps).toEqual([]);
  });

  it('a malformed answer is bad_response: a match body that is not a MatchDto, an id list that is not one', async () => {
    const code = await euwCode();
    const { client } = clientOnFake();
    const game = fake.setGameResult({ code, winningTeam: blue, losingTeam: red });
    const matchId = `EUW1_${game.gameId}`;
    fake.matches.set(matchId, { metadata: { matchId }, info: { participants: 'ten' } });
    const body = await riotError(client.getMatchByTournamentCode({ matchId, code, region: 'EUW' }));
    expect(body).toMatchObject({ kind: 'bad_response', status: 200 });
    expect(body.isTransient).toBe(false);

    fake.matchIdsByCode.set(code, [`EUW1_${'9'.repeat(60)}`]);
    const ids = await riotError(client.getMatchIdsByTournamentCode({ code, region: 'EUW' }));
    expect(ids.kind).toBe('bad_response');
  });

  it('a 5xx is retried by the client itself; still failing, it is a transient server error', async () => {
    const code = await euwCode();
    const { client, clock } = clientOnFake();
    fake.inject({ match: '/ids', status: 503 });
    expect(await client.getMatchIdsByTournamentCode({ code, region: 'EUW' })).toEqual([]);
    expect(clock.sleeps).toEqual([500]);
    fake.inject({ match: '/ids', status: 502, times: 3 });
    const error = await riotError(client.getMatchIdsByTournamentCode({ code, region: 'EUW' }));
    expect(error).toMatchObject({ kind: 'server', status: 502 });
    expect(error.isTransient).toBe(true);
  });

  it("a 429 whose Retry-After is longer than the client waits: rate_limited with Riot's wait, for the job", async () => {
    const code = await euwCode();
    const { client } = clientOnFake();
    fake.inject({ match: '/ids', status: 429, retryAfterSeconds: 120, rateLimitType: 'method' });
    const error = await riotError(client.getMatchIdsByTournamentCode({ code, region: 'EUW' }));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 120_000 });
    expect(error.isTransient).toBe(true);
  });
});

describe('match-v5 by id', () => {
  it('reads any match on the cluster of the region, and a match of another cluster is not found there', async () => {
    const { client } = clientOnFake();
    const matchId = fake.addMatch({ blue, red, blueWins: false });
    const match = await client.getMatch({ matchId, region: 'NA' });
    expect(match.metadata.matchId).toBe(matchId);
    expect(match.info.teams.find((t) => t.win)!.teamId).toBe(200);
    const wrongCluster = await riotError(client.getMatch({ matchId, region: 'EUW' }));
    expect(wrongCluster).toMatchObject({ kind: 'not_found', status: 404, call: 'match-v5.getMatch' });
    expect(fake.apiRequests().map((r) => `${r.path} ${r.routing}`)).toEqual([
      `/lol/match/v5/matches/${matchId} americas`,
      `/lol/match/v5/matches/${matchId} europe`,
    ]);
    const unknown = await riotError(client.getMatch({ matchId: 'NA1_1', region: 'NA' }));
    expect(unknown.kind).toBe('not_found');
  });

  it('without a key nothing is sent', async () => {
    const { client } = clientOnFake({ apiKey: undefined });
    const error = await riotError(client.getMatch({ matchId: 'NA1_1', region: 'NA' }));
    expect(error.kind).toBe('not_configured');
    expect(fake.requests).toHaveLength(0);
  });
});

describe("Data Dragon's champion keys", () => {
  it('maps numeric ids to Data Dragon keys, cached per version, without the API key', async () => {
    const { client } = clientOnFake();
    const version = await client.getDataDragonVersion();
    const keys = await client.getChampionKeys(version);
    expect(keys.size).toBe(DATA_DRAGON_CHAMPIONS.length);
    expect(keys.get(62)).toBe('MonkeyKing');
    expect(keys.get(897)).toBe('KSante');
    await client.getChampionKeys(version);
    const championJson = fake.requests.filter((r) => r.path.endsWith('/champion.json'));
    expect(championJson.map((r) => r.path)).toEqual([`/cdn/${version}/data/en_US/champion.json`]);
    expect(championJson[0]!.headers['x-riot-token']).toBeUndefined();
  });

  it('names champions for display from the same champion.json, read once per version', async () => {
    const { client } = clientOnFake();
    const version = await client.getDataDragonVersion();
    const names = await client.getChampionNames(version);
    expect(names.size).toBe(DATA_DRAGON_CHAMPIONS.length);
    expect(names.get('MonkeyKing')).toBe('Wukong');
    expect(names.get('KSante')).toBe("K'Sante");
    expect(names.get('Ahri')).toBe('Ahri');
    expect((await client.getChampionKeys(version)).get(62)).toBe('MonkeyKing');
    expect(fake.requests.filter((r) => r.path.endsWith('/champion.json'))).toHaveLength(1);
  });

  it('Data Dragon failing: an empty map (bans unnamed), never an error', async () => {
    const { client } = clientOnFake();
    fake.inject({ match: '/champion.json', status: 500 });
    expect((await client.getChampionKeys('15.1.1')).size).toBe(0);
    const unreachable = createRiotClient({ ddragonBaseUrl: 'http://127.0.0.1:9' });
    expect((await unreachable.getChampionKeys('15.1.1')).size).toBe(0);
    expect((await unreachable.getChampionNames('15.1.1')).size).toBe(0);
  });

  it("the newest version's champion list: Data Dragon keys with display names and classes, one load", async () => {
    const { client } = clientOnFake();
    const champions = await client.getChampionList();
    expect(champions).toHaveLength(DATA_DRAGON_CHAMPIONS.length);
    expect(champions).toContainEqual({ id: 'MonkeyKing', key: 62, name: 'Wukong', tags: [expect.any(String)] });
    // By display name: Wukong sorts under W, not M.
    const names = champions!.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    await client.getChampionKeys('15.1.1');
    expect(fake.requests.filter((r) => r.path === '/cdn/15.1.1/data/en_US/champion.json')).toHaveLength(1);
  });

  it('the champion list unreadable: null, so the draft can say so', async () => {
    const { client } = clientOnFake();
    fake.inject({ match: '/champion.json', status: 503 });
    expect(await client.getChampionList()).toBeNull();
    const unreachable = createRiotClient({ ddragonBaseUrl: 'http://127.0.0.1:9' });
    expect(await unreachable.getChampionList()).toBeNull();
  });
});
