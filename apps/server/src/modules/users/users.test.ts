import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createBannedUser, createUser, unique, type TestUser } from '../../test/factories.js';

let ctx: TestContext;
let viewer: TestUser;
const stem = `Zed${unique()}`;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  viewer = await createUser({ db });
  await createUser({ db, name: `${stem}`, summonerTagline: 'NA1' });
  await createUser({ db, name: `${stem} Main`, summonerTagline: 'EUW', region: 'EUW' });
  await createUser({ db, name: `Not ${stem}x`, summonerTagline: 'KR1' });
  await createUser({ db, name: `Percent Lord ${unique()}`, summonerTagline: 'PCT' });
});
afterAll(() => ctx.close());

const search = (query: string, token = viewer.token) =>
  ctx.app.inject({ method: 'GET', url: `/api/users/search?${query}`, headers: bearer(token) });

describe('GET /api/users/search', () => {
  it('needs a session and refuses banned users', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/search?q=a' })).statusCode).toBe(401);
    const banned = await createBannedUser({ db: ctx.database.db });
    const res = await search('q=a', banned.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BANNED');
  });

  it('rejects empty queries and limits above 10 with a 400', async () => {
    expect((await search('q=')).statusCode).toBe(400);
    expect((await search('q=ab&limit=50')).statusCode).toBe(400);
    expect((await search('q=ab&region=XX')).statusCode).toBe(400);
  });

  it('matches case-insensitively and ranks by edit distance to the name', async () => {
    const res = await search(`q=${stem.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().users.map((u: { name: string }) => u.name)).toEqual([stem, `Not ${stem}x`, `${stem} Main`]);
  });

  it('splits Name#Tag and filters by region', async () => {
    const tagged = await search(`q=${encodeURIComponent(`${stem}#EU`)}`);
    expect(tagged.json().users.map((u: { name: string }) => u.name)).toEqual([`${stem} Main`]);
    const euw = await search(`q=${stem}&region=EUW`);
    expect(euw.json().users).toHaveLength(1);
    expect(euw.json().users[0]).toMatchObject({ region: 'EUW', summonerTagline: 'EUW' });
  });

  it('treats % and _ literally and caps the results', async () => {
    expect((await search(`q=${encodeURIComponent('%')}`)).json().users).toEqual([]);
    const capped = await search(`q=${stem}&limit=1`);
    expect(capped.json().users).toHaveLength(1);
  });

  it('exposes no email or session data', async () => {
    const [user] = (await search(`q=${stem}`)).json().users;
    expect(Object.keys(user).sort()).toEqual(['_id', 'name', 'rank', 'region', 'summonerTagline']);
  });
});
