import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@scrim-gym/shared';
import type { RiotClient } from './client/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { startFakeRiot, type FakeRiot } from '../../test/fake-riot.js';
import { riotPlugin } from './riot.plugin.js';

let fake: FakeRiot;
/** The app with a key, pointed at the fake Riot. */
let ctx: TestContext;
/** The app without a key, and with Data Dragon unreachable. */
let bare: TestContext;
let player: TestUser;

const FALLBACK = { profileIconId: 29, summonerLevel: 0, rankedData: [], fallback: true };

beforeAll(async () => {
  fake = await startFakeRiot();
  [ctx, bare] = await Promise.all([
    createTestApp({ RIOT_API_KEY: fake.apiKey, RIOT_API_BASE_URL: fake.url, DDRAGON_BASE_URL: fake.url }),
    createTestApp({ DDRAGON_BASE_URL: 'http://127.0.0.1:9' }),
  ]);
  player = await createUser({ db: ctx.database.db });
});
afterAll(async () => {
  await Promise.all([ctx?.close(), bare?.close()]);
  await fake?.close();
});
beforeEach(() => fake.reset());

const summoner = (query: string, token?: string, on: TestContext = ctx) =>
  on.app.inject({
    method: 'GET',
    url: `/api/riot/summoner?${query}`,
    headers: token ? bearer(token) : {},
  });

describe('GET /api/riot/summoner', () => {
  it('needs a session (401) and refuses banned users (403)', async () => {
    const anonymous = await summoner('gameName=Scrim%20Tester&tagLine=NA1&region=NA');
    expect(anonymous.statusCode).toBe(401);
    const banned = await createBannedUser({ db: ctx.database.db });
    const res = await summoner('gameName=Scrim%20Tester&tagLine=NA1&region=NA', banned.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BANNED');
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses a tagline with '#' and other bad queries with a 400", async () => {
    const hash = await summoner(
      `gameName=Scrim%20Tester&tagLine=${encodeURIComponent('#NA1')}&region=NA`,
      player.token,
    );
    expect(hash.statusCode).toBe(400);
    expect(hash.json()).toMatchObject({ error: MESSAGES.taglineHash, code: 'VALIDATION' });
    expect((await summoner('gameName=&tagLine=NA1&region=NA', player.token)).json().error).toBe(
      'Summoner Name is empty!',
    );
    expect((await summoner('gameName=A&tagLine=NA1&region=XX', player.token)).statusCode).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });

  it("answers the player's icon, level and ranked entries from Riot", async () => {
    const res = await summoner('gameName=Scrim%20Tester&tagLine=NA1&region=NA', player.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      profileIconId: 4568,
      summonerLevel: 187,
      rankedData: [
        { queueType: 'RANKED_SOLO_5x5', tier: 'GOLD', rank: 'II' },
        { queueType: 'RANKED_FLEX_SR', tier: 'SILVER', rank: 'I' },
      ],
      fallback: false,
    });
    expect(res.headers['cache-control']).toMatch(/^private/);
    const calls = fake.apiRequests();
    expect(calls.map((r) => r.routing)).toEqual(['americas', 'na1', 'na1']);
    expect(calls.every((r) => r.headers['x-riot-token'] === fake.apiKey)).toBe(true);
    // The key stays on the server.
    expect(res.body).not.toContain(fake.apiKey);
    expect(JSON.stringify(res.headers)).not.toContain(fake.apiKey);

    // Cached: a second look-up asks Riot nothing.
    await summoner('gameName=scrim%20tester&tagLine=na1&region=NA', player.token);
    expect(fake.apiRequests()).toHaveLength(3);
  });

  it('routes display regions too (KR)', async () => {
    const res = await summoner('gameName=Seoul%20Mate&tagLine=KR1&region=KR', player.token);
    expect(res.json()).toMatchObject({ profileIconId: 7, summonerLevel: 99, rankedData: [], fallback: false });
    expect(fake.apiRequests().map((r) => r.routing)).toEqual(['asia', 'kr', 'kr']);
  });

  it('falls back (200, never a 500) when the player is unknown, the key is refused or Riot is down', async () => {
    const unknown = await summoner('gameName=Nobody&tagLine=ZZZ&region=NA', player.token);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(FALLBACK);
    expect(unknown.headers['cache-control']).toBe('no-store');

    fake.inject({ status: 403 });
    expect((await summoner('gameName=Rift%20Walker&tagLine=EUW&region=EUW', player.token)).json()).toEqual(FALLBACK);

    fake.inject({ status: 503, times: 3 });
    const down = await summoner('gameName=Tide%20Caller&tagLine=OCE&region=OCE', player.token);
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual(FALLBACK);

    // Riot is back: the failures were not cached.
    expect((await summoner('gameName=Tide%20Caller&tagLine=OCE&region=OCE', player.token)).json()).toMatchObject({
      summonerLevel: 300,
      fallback: false,
    });
  });

  it('falls back without asking anyone when no key is configured', async () => {
    const user = await createUser({ db: bare.database.db });
    const res = await summoner('gameName=Scrim%20Tester&tagLine=NA1&region=NA', user.token, bare);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(FALLBACK);
    expect(fake.requests).toHaveLength(0);
  });

  it('rate-limits each user to 20 look-ups a minute (429 RATE_LIMITED)', async () => {
    const [busy, other] = await Promise.all([createUser({ db: ctx.database.db }), createUser({ db: ctx.database.db })]);
    for (let i = 0; i < 20; i++) {
      expect((await summoner('gameName=Fresh%20Start&tagLine=NA1&region=NA', busy.token)).statusCode).toBe(200);
    }
    const limited = await summoner('gameName=Fresh%20Start&tagLine=NA1&region=NA', busy.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not affected.
    expect((await summoner('gameName=Fresh%20Start&tagLine=NA1&region=NA', other.token)).statusCode).toBe(200);
  });
});

describe('GET /api/riot/ddragon-version', () => {
  it('is public and answers the newest Data Dragon version and DDRAGON_BASE_URL, where to load it from', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/riot/ddragon-version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: '15.1.1', baseUrl: fake.url });
    expect(res.headers['cache-control']).toMatch(/^public/);
  });

  it('falls back to 14.24.1 when Data Dragon is unreachable', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/api/riot/ddragon-version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: '14.24.1', baseUrl: 'http://127.0.0.1:9' });
  });
});

describe('riotPlugin', () => {
  it('builds app.riot from the config, one client per app whichever scopes register it', async () => {
    const app = Fastify();
    app.decorate('config', ctx.config);
    let inApi: RiotClient | undefined;
    await app.register(
      async (api) => {
        await api.register(riotPlugin);
        inApi = api.riot;
      },
      { prefix: '/api' },
    );
    await app.register(riotPlugin);
    await app.ready();
    expect(inApi).toBeDefined();
    expect(app.riot).toBe(inApi);
    expect(app.riot.isConfigured).toBe(true);
    expect(app.riot.tournamentStub).toBe(false);
    await app.close();
  });
});
