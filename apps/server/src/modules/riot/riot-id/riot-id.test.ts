import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RIOT_LINK_MESSAGES } from '@scrim-gym/shared';
import { users } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { bearer, createIdentitySession, registerBody, unique } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot } from '../../../test/fake-riot.js';
import { seedRating } from '../../ratings/index.js';
import { handleRiotIdCheckJob } from './riot-id.jobs.js';

let fake: FakeRiot;
let ctx: TestContext;

beforeAll(async () => {
  fake = await startFakeRiot();
  ctx = await createTestApp({ RIOT_API_KEY: fake.apiKey, RIOT_API_BASE_URL: fake.url, DDRAGON_BASE_URL: fake.url });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

const db = () => ctx.database.db;
const soloGold2 = [{ queueType: 'RANKED_SOLO_5x5', tier: 'GOLD', rank: 'II', leaguePoints: 10, wins: 1, losses: 1 }];

async function signUp(body: ReturnType<typeof registerBody>) {
  const { token } = await createIdentitySession({ db: db() });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: bearer(token),
    payload: body,
  });
  return { res, token };
}

const rowOf = async (name: string) => (await db().select().from(users).where(eq(users.name, name)))[0];
const profileOf = async (token: string, id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/users/by-id/${id}`, headers: bearer(token) })).json();
const ratingOf = async (token: string, id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/users/${id}/rating`, headers: bearer(token) })).json();

describe('sign-up with a Riot API key: the Riot ID is checked and Riot’s rank counts', () => {
  it('Riot knows the account: its Solo/Duo rank is the rank shown and the seed, the typed one a note', async () => {
    const player = fake.addPlayer({ gameName: `Riot ${unique()}`, tagLine: 'NA1', entries: soloGold2 });
    const { res, token } = await signUp(registerBody('x', { name: player.gameName, rank: 'Gold 4' }));
    expect(res.statusCode).toBe(200);
    const row = (await rowOf(player.gameName))!;
    expect(row).toMatchObject({ rank: 'Gold 4', riotRank: 'Gold 2', riotPuuid: player.puuid });
    expect(row.riotIdCheckedAt).not.toBeNull();
    expect(await profileOf(token, row.id)).toMatchObject({
      rank: 'Gold 2',
      rankSource: 'riot',
      selfReportedRank: 'Gold 4',
    });
    const rating = await ratingOf(token, row.id);
    expect(rating.mu).toBeCloseTo(seedRating('Gold 2').mu);
    expect(seedRating('Gold 2').mu).not.toBeCloseTo(seedRating('Gold 4').mu);
  });

  it('Riot has no such account (404): a clear 400 on the name, nothing written', async () => {
    const body = registerBody('nobody', { summonerTagline: 'ZZ9' });
    const { res } = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'RIOT_ID_NOT_FOUND',
      error: RIOT_LINK_MESSAGES.riotIdNotFound(body.name, body.summonerTagline),
      details: [{ path: 'name' }],
    });
    expect(await rowOf(body.name)).toBeUndefined();
  });

  it('Riot down (5xx): the sign-up goes through on the typed rank, checked later by the job', async () => {
    const player = fake.addPlayer({ gameName: `Later ${unique()}`, tagLine: 'NA1', entries: soloGold2 });
    fake.inject({ match: '/riot/account/v1/accounts/by-riot-id', status: 503, times: 10 });
    const { res, token } = await signUp(registerBody('x', { name: player.gameName, rank: 'Iron 4' }));
    expect(res.statusCode).toBe(200);
    const row = (await rowOf(player.gameName))!;
    expect(row).toMatchObject({ rank: 'Iron 4', riotRank: null, riotIdCheckedAt: null });
    expect(await profileOf(token, row.id)).toMatchObject({ rank: 'Iron 4', rankSource: 'self' });
    expect((await ratingOf(token, row.id)).mu).toBeCloseTo(seedRating('Iron 4').mu);

    // Riot is back: the check job re-seeds the player (no rated game yet) from Riot's rank, not the typed one.
    fake.reset();
    await handleRiotIdCheckJob({ db: db(), riot: ctx.app.riot }, {
      id: 'job',
      kind: 'riot.riot-id-check',
      payload: { userId: row.id },
    } as never);
    expect(await rowOf(player.gameName)).toMatchObject({ rank: 'Iron 4', riotRank: 'Gold 2' });
    expect(await profileOf(token, row.id)).toMatchObject({ rank: 'Gold 2', selfReportedRank: 'Iron 4' });
    expect((await ratingOf(token, row.id)).mu).toBeCloseTo(seedRating('Gold 2').mu);
  });

  it('a typed rank edit does not undercut Riot’s; a new Riot ID that Riot does not know is refused', async () => {
    const player = fake.addPlayer({ gameName: `Edit ${unique()}`, tagLine: 'NA1', entries: soloGold2 });
    const { token } = await signUp(registerBody('x', { name: player.gameName, rank: 'Gold 2' }));
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/auth/update-user', headers: bearer(token), payload });
    const typed = await put({ rank: 'Iron 4' });
    expect(typed.statusCode).toBe(200);
    expect(typed.json().user).toMatchObject({ rank: 'Gold 2', rankSource: 'riot', selfReportedRank: 'Iron 4' });
    const row = (await rowOf(player.gameName))!;
    expect((await ratingOf(token, row.id)).mu).toBeCloseTo(seedRating('Gold 2').mu);

    const renamed = await put({ name: `Gone ${unique()}` });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().code).toBe('RIOT_ID_NOT_FOUND');
    expect(await rowOf(player.gameName)).toBeDefined();
  });
});
