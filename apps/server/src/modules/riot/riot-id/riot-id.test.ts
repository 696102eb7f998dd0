import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RIOT_LINK_MESSAGES } from '@scrim-gym/shared';
import { jobs, users } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { bearer, createIdentitySession, registerBody, unique } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot } from '../../../test/fake-riot.js';
import { seedRating } from '../../ratings/index.js';
import { createUsers } from '../../../test/scrim-factories.js';
import { handleRiotIdCheckJob, handleRiotIdSweepJob } from './riot-id.jobs.js';
import { ensureRiotIdSweep } from './riot-id.repository.js';
import {
  riotIdCheckKey,
  RIOT_ID_RECHECK_MS,
  RIOT_ID_SWEEP_IDLE_MS,
  RIOT_ID_SWEEP_KEY,
  RIOT_ID_SWEEP_SPACING_MS,
} from './riot-id.schedule.js';

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

describe('accounts Riot was never asked about', () => {
  const jobsFor = async (ids: string[]) =>
    (
      await db()
        .select()
        .from(jobs)
        .where(inArray(jobs.dedupeKey, ids.map(riotIdCheckKey)))
    ).sort((a, b) => a.runAt.getTime() - b.runAt.getTime());

  it('the sweep gives each a check, spaced out, never twice, and the check makes Riot’s rank count', async () => {
    // Accounts made before the key was configured: no check, the typed rank.
    const known = fake.addPlayer({ gameName: `Old ${unique()}`, tagLine: 'NA1', entries: soloGold2 });
    const [old, other] = await createUsers({ db: db(), count: 2 });
    await db()
      .update(users)
      .set({ name: known.gameName, summonerTagline: 'NA1', rank: 'Iron 4' })
      .where(eq(users.id, old!.id));
    const linked = (await createUsers({ db: db(), count: 1 }))[0]!;
    await db().update(users).set({ riotLinkedAt: new Date() }).where(eq(users.id, linked.id));

    const now = new Date();
    const scheduled = await handleRiotIdSweepJob({ db: db() }, now);
    expect(scheduled).toBeGreaterThanOrEqual(2);
    const [first, second] = await jobsFor([old!.id, other!.id]);
    expect(second!.runAt.getTime() - first!.runAt.getTime()).toBe(RIOT_ID_SWEEP_SPACING_MS);
    expect(await jobsFor([linked.id])).toEqual([]);
    // The sweep comes back a day later when it has found fewer than a batch.
    const [sweep] = await db().select().from(jobs).where(eq(jobs.dedupeKey, RIOT_ID_SWEEP_KEY));
    expect(sweep!.runAt.getTime()).toBe(now.getTime() + RIOT_ID_SWEEP_IDLE_MS);

    // A second sweep finds their checks pending and schedules nothing for them.
    await handleRiotIdSweepJob({ db: db() }, now);
    expect((await jobsFor([old!.id, other!.id])).map((j) => j.runAt)).toEqual([first!.runAt, second!.runAt]);

    // The check: Riot's rank counts, and the account is asked again a week later so the rank follows Riot's.
    await handleRiotIdCheckJob(
      { db: db(), riot: ctx.app.riot },
      { id: first!.id, payload: { userId: old!.id } } as never,
      now,
    );
    expect((await db().select().from(users).where(eq(users.id, old!.id)))[0]).toMatchObject({
      rank: 'Iron 4',
      riotRank: 'Gold 2',
    });
    const [again] = await jobsFor([old!.id]);
    expect(again!.runAt.getTime()).toBe(now.getTime() + RIOT_ID_RECHECK_MS);
  });

  it('a full batch brings the sweep back once that batch has been asked, for the next batch', async () => {
    await createUsers({ db: db(), count: 3 });
    const now = new Date();
    expect(await handleRiotIdSweepJob({ db: db() }, now, { limit: 2, spacingMs: 1000 })).toBe(2);
    const [sweep] = await db().select().from(jobs).where(eq(jobs.dedupeKey, RIOT_ID_SWEEP_KEY));
    expect(sweep!.runAt.getTime()).toBe(now.getTime() + 2 * 1000);
    expect(await handleRiotIdSweepJob({ db: db() }, now, { limit: 2, spacingMs: 1000 })).toBeGreaterThan(0);
  });

  it('a start arms one sweep, and a later start leaves a pending one where it is', async () => {
    const [sweep] = await db().select().from(jobs).where(eq(jobs.dedupeKey, RIOT_ID_SWEEP_KEY));
    const later = new Date(Date.now() + 60_000);
    await ensureRiotIdSweep({ db: db(), runAt: later });
    const [after] = await db().select().from(jobs).where(eq(jobs.dedupeKey, RIOT_ID_SWEEP_KEY));
    expect(after!.runAt).toEqual(sweep!.runAt);
    await db().update(jobs).set({ completedAt: new Date() }).where(eq(jobs.dedupeKey, RIOT_ID_SWEEP_KEY));
    await ensureRiotIdSweep({ db: db(), runAt: later });
    const [rearmed] = await db().select().from(jobs).where(eq(jobs.dedupeKey, RIOT_ID_SWEEP_KEY));
    expect(rearmed).toMatchObject({ runAt: later, completedAt: null });
  });
});
