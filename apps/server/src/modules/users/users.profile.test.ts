import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, type UserProfile } from '@scrim-gym/shared';
import { bans, friendships, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createAdmin, createBannedUser, createUser, unique, type TestUser } from '../../test/factories.js';

let ctx: TestContext;
let owner: TestUser;
let friend: TestUser;
let stranger: TestUser;
let admin: TestUser;
const name = `Prof ${unique()}`.slice(0, 16);
const lastSeenAt = new Date('2026-01-02T03:04:05.000Z');
const lastLoggedIn = new Date('2026-01-01T00:00:00.000Z');

const db = () => ctx.database.db;
const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser({ db: db(), name, summonerTagline: 'OWN', region: 'EUW', lastSeenAt, lastLoggedIn });
  friend = await createUser({ db: db() });
  stranger = await createUser({ db: db() });
  admin = await createAdmin({ db: db() });
  const [low, high] = [owner.id, friend.id].sort() as [string, string];
  await db().insert(friendships).values({ userLowId: low, userHighId: high });
});
afterAll(() => ctx.close());

const byName = (path: string, token = stranger.token) => get(`/api/users/${path}`, token);

describe('GET /api/users/:name', () => {
  it('needs a session and refuses banned users with the ban text', async () => {
    expect((await get(`/api/users/${encodeURIComponent(name)}`)).statusCode).toBe(401);
    const banned = await createBannedUser({ db: db(), reason: 'flaming' });
    const res = await byName(encodeURIComponent(name), banned.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BANNED', error: expect.stringContaining('Reason: flaming') });
  });

  it('finds the user ignoring case and runs of spaces, in a region and with a tagline', async () => {
    const messy = encodeURIComponent(`  ${name.toUpperCase().replace(' ', '   ')} `);
    for (const path of [encodeURIComponent(name), messy, `${messy}?region=EUW`, `${messy}?region=EUW&tagline=own`]) {
      const res = await byName(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.json()._id).toBe(owner.id);
    }
  });

  it("answers 'User {name} was not found[ in {region}]' with a 404", async () => {
    const inNa = await byName(`${encodeURIComponent(name)}?region=NA`);
    expect(inNa.statusCode).toBe(404);
    expect(inNa.json()).toEqual({ error: PROFILE_MESSAGES.userNotFound(name, 'NA'), code: 'USER_NOT_FOUND' });
    expect(inNa.json().error).toBe(`User ${name} was not found in NA`);
    const nowhere = await byName('Nobody%20Here');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error).toBe('User Nobody Here was not found');
  });

  it('prefers the tagline when a name exists in several regions', async () => {
    const twin = await createUser({ db: db(), name, summonerTagline: 'TWIN', region: 'OCE' });
    expect((await byName(`${encodeURIComponent(name)}?tagline=TWIN`)).json()._id).toBe(twin.id);
    expect((await byName(`${encodeURIComponent(name)}?tagline=OWN`)).json()._id).toBe(owner.id);
    expect((await byName(`${encodeURIComponent(name)}?region=OCE`)).json()._id).toBe(twin.id);
  });

  it('refuses bad input with a 400', async () => {
    expect((await byName(`${encodeURIComponent(name)}?region=XX`)).statusCode).toBe(400);
    expect((await byName(`${'x'.repeat(41)}`)).statusCode).toBe(400);
    expect((await byName(`${encodeURIComponent(name)}?tagline=${'T'.repeat(11)}`)).statusCode).toBe(400);
    expect((await byName('%20%20')).statusCode).toBe(400);
  });
});

describe('what each viewer sees of a profile', () => {
  const profileAs = async (token: string): Promise<UserProfile> => {
    const res = await get(`/api/users/by-id/${owner.id}`, token);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const PUBLIC_KEYS = [
    '_id',
    'createdAt',
    'discord',
    'friendsCount',
    'isAdmin',
    'isDonator',
    'name',
    'profileBackgroundBlur',
    'profileBackgroundImg',
    'rank',
    'rankSource',
    'region',
    'summonerTagline',
    'verified',
  ];

  it('a stranger: the public fields and the friends count only', async () => {
    const profile = await profileAs(stranger.token);
    expect(Object.keys(profile).sort()).toEqual(PUBLIC_KEYS);
    expect(profile).toMatchObject({ _id: owner.id, name, friendsCount: 1, region: 'EUW', summonerTagline: 'OWN' });
    // Not linked to a Riot account: no badge, the typed rank is self-reported (linked: link.test.ts).
    expect(profile).toMatchObject({ verified: false, rankSource: 'self' });
  });

  it("a friend: also 'Last seen'", async () => {
    const profile = await profileAs(friend.token);
    expect(Object.keys(profile).sort()).toEqual([...PUBLIC_KEYS, 'lastSeenAt'].sort());
    expect(profile.lastSeenAt).toBe(lastSeenAt.toISOString());
  });

  it('the owner: also the last sign-in, never email, uid or ban details', async () => {
    const profile = await profileAs(owner.token);
    expect(Object.keys(profile).sort()).toEqual([...PUBLIC_KEYS, 'lastLoggedIn', 'lastSeenAt'].sort());
    expect(profile.lastLoggedIn).toBe(lastLoggedIn.toISOString());
    expect(JSON.stringify(profile)).not.toContain(owner.email!);
  });

  it('an admin: also the ban, active while it is flagged and not over', async () => {
    const clean = await profileAs(admin.token);
    expect(clean.currentBan).toEqual({ isActive: false, dateFrom: null, dateTo: null, reason: null, _bannedBy: null });
    const target = await createUser({ db: db() });
    const dateFrom = new Date(Date.now() - 60_000);
    const dateTo = new Date(Date.now() + 86_400_000);
    await db().insert(bans).values({ userId: target.id, bannedBy: admin.id, dateFrom, dateTo, reason: 'afk' });
    const banned: UserProfile = (await get(`/api/users/by-id/${target.id}`, admin.token)).json();
    expect(banned.currentBan).toEqual({
      isActive: true,
      dateFrom: dateFrom.toISOString(),
      dateTo: dateTo.toISOString(),
      reason: 'afk',
      _bannedBy: admin.id,
    });
    // Strangers never learn about it.
    expect((await get(`/api/users/by-id/${target.id}`, stranger.token)).json()).not.toHaveProperty('currentBan');
    // Expired but not lifted: no longer active for the button.
    await db()
      .update(bans)
      .set({ dateTo: new Date(Date.now() - 1000), dateFrom: new Date(Date.now() - 5000) })
      .where(eq(bans.userId, target.id));
    expect((await get(`/api/users/by-id/${target.id}`, admin.token)).json().currentBan.isActive).toBe(false);
  });

  it('shows the background the owner chose through PUT /api/auth/update-user', async () => {
    const user = await createUser({ db: db() });
    const update = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/update-user',
      headers: bearer(user.token),
      payload: { profileBackgroundImg: 'Teemo Sunset', profileBackgroundBlur: '6' },
    });
    expect(update.statusCode).toBe(200);
    const profile = (await get(`/api/users/by-id/${user.id}`, stranger.token)).json();
    expect(profile).toMatchObject({ profileBackgroundImg: 'Teemo Sunset', profileBackgroundBlur: '6' });
    const [row] = await db().select().from(users).where(eq(users.id, owner.id));
    expect(row!.profileBackgroundImg).toBe('Summoners Rift');
  });
});

describe('GET /api/users/by-id/:id', () => {
  it('needs a session, refuses banned users, 400 on a bad id, 404 on an unknown one', async () => {
    expect((await get(`/api/users/by-id/${owner.id}`)).statusCode).toBe(401);
    const banned = await createBannedUser({ db: db() });
    expect((await get(`/api/users/by-id/${owner.id}`, banned.token)).statusCode).toBe(403);
    expect((await get('/api/users/by-id/not-a-uuid', stranger.token)).statusCode).toBe(400);
    const missing = await get('/api/users/by-id/00000000-0000-4000-8000-000000000000', stranger.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('USER_NOT_FOUND');
  });
});

describe('GET /api/users (the whole list)', () => {
  it('does not exist', async () => {
    expect((await get('/api/users', stranger.token)).statusCode).toBe(404);
  });
});
