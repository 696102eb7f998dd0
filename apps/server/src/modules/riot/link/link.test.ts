import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  RIOT_LINK_MESSAGES,
  RIOT_LINK_OUTCOMES,
  SESSION_COOKIE,
  summonerNameSchema,
} from '@scrim-gym/shared';
import { jobs, notifications, users } from '../../../db/schema/index.js';
import { findJobs, jobStatus } from '../../../jobs/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { bearer, createBannedUser, createUser, unique, type TestUser } from '../../../test/factories.js';
import { startFakeRiot, type FakeLeagueEntry, type FakeRiot } from '../../../test/fake-riot.js';
import {
  CookieJar,
  TEST_CLIENT_ID,
  TEST_CLIENT_SECRET,
  authorizeAt,
  browserRequest,
  freePort,
  startTestIssuer,
  type TestIssuer,
} from '../../../test/oidc-issuer.js';
import { RANK_REFRESH_INTERVAL_MS, RANK_REFRESH_JOB, rankRefreshKey, scheduleRankRefresh } from './link.schedule.js';
import { linkRiotAccount, unlinkRiotAccount } from './link.service.js';

/**
 * Linking a Riot account through Riot Sign On, end to end: a REAL OpenID Connect issuer (oidc-provider) stands in
 * for RSO, the local fake Riot answers account-v1 `accounts/me` for the issuer's access tokens (it asks the
 * issuer's UserInfo whose they are: the issuer's account id is the player's PUUID) and league-v4. The browser is
 * fetch with a cookie jar and manual redirects.
 */

const CALLBACK_PATH = '/api/riot/link/callback';
let issuer: TestIssuer;
let riot: FakeRiot;
let appUrl: string;
let ctx: TestContext;

beforeAll(async () => {
  const appPort = await freePort();
  appUrl = `http://127.0.0.1:${appPort}`;
  issuer = await startTestIssuer({ redirectUris: [`${appUrl}${CALLBACK_PATH}`] });
  riot = await startFakeRiot({ resolveAccessToken: (token) => issuer.subjectOf(token) });
  ctx = await createTestApp({
    PUBLIC_URL: appUrl,
    RIOT_RSO_CLIENT_ID: TEST_CLIENT_ID,
    RIOT_RSO_CLIENT_SECRET: TEST_CLIENT_SECRET,
    RIOT_RSO_ISSUER: issuer.url,
    OIDC_ALLOW_INSECURE: 'true',
    RIOT_API_KEY: riot.apiKey,
    RIOT_API_BASE_URL: riot.url,
    DDRAGON_BASE_URL: riot.url,
    TRUST_PROXY: '127.0.0.1',
  });
  await ctx.app.listen({ port: appPort, host: '127.0.0.1' });
});

afterAll(async () => {
  await ctx?.close();
  await riot?.close();
  await issuer?.close();
});

const db = () => ctx.database.db;
/** The link's dependencies, as the routes and the job build them from the app. */
const linkDeps = () => ({
  db: db(),
  sessionForgetter: ctx.app.sessionForgetter,
  notifier: ctx.app.notifier,
  riot: ctx.app.riot,
});
const solo = (tier: string, rank: string): FakeLeagueEntry => ({
  queueType: 'RANKED_SOLO_5x5',
  tier,
  rank,
  leaguePoints: 40,
  wins: 10,
  losses: 8,
});

/** A Riot account of the fake of its own (a Riot ID no test shares), Platinum 3 on NA unless told. */
function riotPlayer(overrides: { entries?: FakeLeagueEntry[]; gameName?: string } = {}) {
  return riot.addPlayer({
    gameName: overrides.gameName ?? `Rio ${unique()}`,
    tagLine: 'NA1',
    platform: 'na1',
    entries: overrides.entries ?? [solo('PLATINUM', 'III'), { ...solo('GOLD', 'I'), queueType: 'RANKED_FLEX_SR' }],
  });
}

/** A user with a Riot account linked (verified): their name is theirs. */
const verifiedUser = () => createUser({ db: db(), riotPuuid: `puuid-${unique()}`, riotLinkedAt: new Date() });

/** A signed-in browser of a new user (its own client address: the app trusts 127.0.0.1 as its proxy). */
async function browserOf(overrides: Partial<TestUser> = {}) {
  const user = await createUser({ db: db(), rank: 'Silver 1', ...overrides });
  const jar = new CookieJar();
  jar.set(appUrl, SESSION_COOKIE, user.token);
  const address = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
  const send = (url: URL, init: RequestInit = {}) =>
    browserRequest(jar, url, init, url.origin === appUrl ? { 'x-forwarded-for': address } : {});
  return { user, jar, send };
}

type Browser = Awaited<ReturnType<typeof browserOf>>;

/** The Settings form's post to the start route, then RSO's pages as the Riot account `puuid`: the callback URL. */
const authorizeLink = (browser: Browser, puuid: string) =>
  authorizeAt({
    send: browser.send,
    start: {
      url: new URL('/api/riot/link/start', appUrl),
      init: { method: 'POST', body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    },
    appOrigin: appUrl,
    callbackPath: CALLBACK_PATH,
    accountId: puuid,
  });

/** Visits the callback; returns where the browser lands (the app's page and the outcome). */
async function visit(browser: Browser, callback: URL | string) {
  const response = await browser.send(new URL(callback, appUrl));
  expect(response.status).toBe(302);
  const landing = new URL(response.headers.get('location')!, appUrl);
  expect(landing.pathname).toBe('/settings');
  return landing.searchParams.get('riotLink');
}

const link = async (browser: Browser, puuid: string) => visit(browser, await authorizeLink(browser, puuid));

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

async function api(browser: Browser, method: string, path: string, body?: unknown) {
  const response = await browser.send(new URL(path, appUrl), {
    method,
    ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown> & { user?: Record<string, unknown> },
  };
}

describe('linking a Riot account through Riot Sign On', () => {
  it('links: the PUUID and Riot ID from accounts/me, the Solo/Duo rank from league-v4, verified everywhere', async () => {
    const browser = await browserOf();
    const player = riotPlayer();
    const before = issuer.authorizeRequests.length;
    riot.reset();

    expect(await link(browser, player.puuid)).toBe('linked');

    // The app asked RSO for a code with PKCE, for its link callback.
    const authorize = issuer.authorizeRequests[before]!;
    expect(authorize.searchParams.get('client_id')).toBe(TEST_CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${appUrl}${CALLBACK_PATH}`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toContain('openid');

    // accounts/me with the RSO access token as Bearer (no API key) on an account cluster; league-v4 on na1.
    const me = riot.apiRequests().find((r) => r.path === '/riot/account/v1/accounts/me')!;
    expect(me.headers.authorization).toMatch(/^Bearer .+/);
    expect(me.headers['x-riot-token']).toBeUndefined();
    expect(me.routing).toBe('americas');
    const league = riot.apiRequests().find((r) => r.path.startsWith('/lol/league/v4/entries/by-puuid/'))!;
    expect(league.path).toBe(`/lol/league/v4/entries/by-puuid/${player.puuid}`);
    expect(league.routing).toBe('na1');

    const row = await userRow(browser.user.id);
    expect(row).toMatchObject({
      riotPuuid: player.puuid,
      name: player.gameName,
      summonerTagline: 'NA1',
      rank: 'Platinum 3',
    });
    expect(row.riotLinkedAt).toBeInstanceOf(Date);
    expect(row.rankRefreshedAt).toBeInstanceOf(Date);

    const session = await api(browser, 'GET', '/api/auth/session');
    expect(session.body.user).toMatchObject({
      name: player.gameName,
      rank: 'Platinum 3',
      verified: true,
      rankSource: 'riot',
      riotAccount: { linkedAt: row.riotLinkedAt!.toISOString(), rankRefreshedAt: row.rankRefreshedAt!.toISOString() },
    });
    const other = await createUser({ db: db() });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${encodeURIComponent(player.gameName)}?region=NA`,
      headers: bearer(other.token),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ _id: browser.user.id, verified: true, rankSource: 'riot' });

    // The daily refresh is scheduled a day ahead.
    const [job] = await findJobs({ db: db(), dedupeKey: rankRefreshKey(browser.user.id) });
    expect(job).toMatchObject({ kind: RANK_REFRESH_JOB, payload: { userId: browser.user.id } });
    expect(job!.runAt.getTime() - row.riotLinkedAt!.getTime()).toBe(RANK_REFRESH_INTERVAL_MS);
  });

  it("is 'Unranked' for an account without a Solo/Duo entry", async () => {
    const browser = await browserOf({ rank: 'Diamond 1' });
    const player = riotPlayer({ entries: [{ ...solo('GOLD', 'I'), queueType: 'RANKED_FLEX_SR' }] });
    expect(await link(browser, player.puuid)).toBe('linked');
    expect(await userRow(browser.user.id)).toMatchObject({ rank: 'Unranked' });
  });

  it('refuses a Riot account linked to another player (account_taken), writing nothing', async () => {
    const player = riotPlayer();
    expect(await link(await browserOf(), player.puuid)).toBe('linked');
    const second = await browserOf();
    const before = await userRow(second.user.id);
    expect(await link(second, player.puuid)).toBe('account_taken');
    expect(await userRow(second.user.id)).toEqual(before);
    expect(await findJobs({ db: db(), dedupeKey: rankRefreshKey(second.user.id) })).toEqual([]);
  });

  it('refuses a Riot ID whose name another verified player has in the region (name_taken), writing nothing', async () => {
    const player = riotPlayer();
    const other = riot.addPlayer({ gameName: player.gameName, tagLine: 'EUW', platform: 'na1', entries: [] });
    await createUser({
      db: db(),
      name: player.gameName,
      region: 'NA',
      riotPuuid: other.puuid,
      riotLinkedAt: new Date(),
    });
    const browser = await browserOf();
    const before = await userRow(browser.user.id);
    expect(await link(browser, player.puuid)).toBe('name_taken');
    expect(await userRow(browser.user.id)).toEqual(before);
    expect(await findJobs({ db: db(), dedupeKey: rankRefreshKey(browser.user.id) })).toEqual([]);
  });

  it('two players linking the same Riot account at once: one wins, the other is account_taken', async () => {
    const player = riotPlayer();
    const [a, b] = [await createUser({ db: db() }), await createUser({ db: db() })];
    riot.grantAccessToken(`token-a-${a.id}`, player.puuid);
    riot.grantAccessToken(`token-b-${b.id}`, player.puuid);
    const deps = linkDeps();
    const results = await Promise.allSettled([
      linkRiotAccount({ deps, user: a, accessToken: `token-a-${a.id}` }),
      linkRiotAccount({ deps, user: b, accessToken: `token-b-${b.id}` }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ statusCode: 409, code: 'RIOT_ACCOUNT_TAKEN' });
    const rows = await db().select().from(users).where(eq(users.riotPuuid, player.puuid));
    expect(rows.filter((row) => row.riotLinkedAt !== null)).toHaveLength(1);
  });

  it('takes the PUUID off an unlinked player who only had it looked up from a typed name', async () => {
    const player = riotPlayer();
    const typed = await createUser({ db: db(), riotPuuid: player.puuid });
    const browser = await browserOf();
    expect(await link(browser, player.puuid)).toBe('linked');
    expect((await userRow(typed.id)).riotPuuid).toBeNull();
    expect((await userRow(browser.user.id)).riotPuuid).toBe(player.puuid);
  });

  it('answers riot_unavailable when Riot cannot give the account, writing nothing', async () => {
    const browser = await browserOf();
    const before = await userRow(browser.user.id);
    const callback = await authorizeLink(browser, riotPlayer().puuid);
    riot.inject({ match: '/accounts/me', status: 503, times: 5 });
    try {
      expect(await visit(browser, callback)).toBe('riot_unavailable');
    } finally {
      riot.reset();
    }
    expect(await userRow(browser.user.id)).toEqual(before);
  });

  it('links even when league-v4 is down: the rank stays self-reported until the job reads it', async () => {
    const browser = await browserOf({ rank: 'Bronze 2' });
    const callback = await authorizeLink(browser, riotPlayer().puuid);
    riot.inject({ match: '/lol/league/', status: 503, times: 5 });
    try {
      expect(await visit(browser, callback)).toBe('linked');
    } finally {
      riot.reset();
    }
    const row = await userRow(browser.user.id);
    expect(row).toMatchObject({ rank: 'Bronze 2', rankRefreshedAt: null });
    expect(row.riotLinkedAt).toBeInstanceOf(Date);
    expect((await api(browser, 'GET', '/api/auth/session')).body.user).toMatchObject({
      verified: true,
      rankSource: 'self',
    });
    const [job] = await findJobs({ db: db(), dedupeKey: rankRefreshKey(browser.user.id) });
    expect(job!.runAt.getTime() - row.riotLinkedAt!.getTime()).toBeLessThanOrEqual(5 * 60_000);
  });

  describe('the callback sends the browser back to Settings with an outcome, never a 500', () => {
    async function start(browser: Browser) {
      const response = await browser.send(new URL('/api/riot/link/start', appUrl), { method: 'POST' });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin).toBe(issuer.url);
      return location;
    }

    it('with a wrong state, no state, or a state from another browser', async () => {
      const browser = await browserOf();
      await start(browser);
      expect(await visit(browser, `${CALLBACK_PATH}?code=forged&state=${'x'.repeat(43)}`)).toBe('state_mismatch');
      await start(browser);
      expect(await visit(browser, `${CALLBACK_PATH}?code=forged`)).toBe('state_mismatch');
      const victim = await browserOf();
      const callback = await authorizeLink(victim, riotPlayer().puuid);
      expect(await visit(browser, callback)).toBe('state_mismatch');
      // The refused attempt was not used up: the browser that started it finishes.
      expect(await visit(victim, callback)).toBe('linked');
      expect((await userRow(browser.user.id)).riotLinkedAt).toBeNull();
    });

    it("with another user's session in the browser that started it", async () => {
      const browser = await browserOf();
      const callback = await authorizeLink(browser, riotPlayer().puuid);
      const other = await createUser({ db: db() });
      browser.jar.set(appUrl, SESSION_COOKIE, other.token);
      expect(await visit(browser, callback)).toBe('state_mismatch');
      expect((await userRow(other.id)).riotLinkedAt).toBeNull();
    });

    it('with a code the issuer never issued, or a cancelled sign-in', async () => {
      const browser = await browserOf();
      const state = (await start(browser)).searchParams.get('state');
      expect(await visit(browser, `${CALLBACK_PATH}?code=forged&state=${state}`)).toBe('failed');
      const again = (await start(browser)).searchParams.get('state');
      const iss = encodeURIComponent(issuer.url);
      expect(await visit(browser, `${CALLBACK_PATH}?error=access_denied&state=${again}&iss=${iss}`)).toBe(
        'access_denied',
      );
    });

    it('without a session, or banned', async () => {
      const browser = await browserOf();
      const callback = await authorizeLink(browser, riotPlayer().puuid);
      const signedOut = new CookieJar();
      for (const cookie of ['sg_riot_link_state']) {
        const value = browser.jar.get(appUrl, cookie);
        if (value) signedOut.set(appUrl, cookie, value, '/api/riot/link');
      }
      const response = await browserRequest(signedOut, callback);
      expect(new URL(response.headers.get('location')!, appUrl).search).toBe('?riotLink=not_signed_in');
      const banned = await createBannedUser({ db: db() });
      browser.jar.set(appUrl, SESSION_COOKIE, banned.token);
      expect(await visit(browser, callback)).toBe('banned');
      expect((await userRow(banned.id)).riotLinkedAt).toBeNull();
    });

    it('whatever the query and state cookie (property)', async () => {
      const user = await createUser({ db: db() });
      const text = fc.string({ unit: 'binary', maxLength: 40 }).filter((t) => !t.includes('\u0000'));
      const key = fc.oneof(fc.constantFrom('code', 'state', 'error', 'iss', 'state[]'), text);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(key, text), { maxLength: 4 }), fc.option(text), async (params, cookie) => {
          const query = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const state = params.find(([k]) => k === 'state')?.[1];
          const res = await ctx.app.inject({
            method: 'GET',
            url: `${CALLBACK_PATH}?${query}`,
            headers: {
              ...bearer(user.token),
              cookie: `sg_riot_link_state=${encodeURIComponent(cookie ?? state ?? '')}`,
            },
          });
          expect(res.statusCode, `${query} ${res.body}`).toBe(302);
          const outcome = new URL(res.headers.location!, appUrl).searchParams.get('riotLink');
          expect(RIOT_LINK_OUTCOMES).toContain(outcome);
        }),
        { numRuns: 60 },
      );
      expect((await userRow(user.id)).riotLinkedAt).toBeNull();
    });
  });

  it('start: 401 without a session, 403 banned, a 303 to Riot Sign On for a user', async () => {
    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/riot/link/start' });
    expect(visitor.statusCode).toBe(401);
    const banned = await createBannedUser({ db: db() });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/riot/link/start',
      headers: bearer(banned.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BANNED' });
    const user = await createUser({ db: db() });
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/riot/link/start', headers: bearer(user.token) });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toMatch(new RegExp(`^${issuer.url}/auth\\?`));
    expect(ok.headers['set-cookie']).toMatch(/sg_riot_link_state=.+; Max-Age=600; Path=\/api\/riot\/link; HttpOnly/);
  });

  it('start: a clear 409 when Riot Sign On is not configured, not a 500', async () => {
    const bare = await createTestApp();
    try {
      const user = await createUser({ db: bare.database.db });
      const res = await bare.app.inject({ method: 'POST', url: '/api/riot/link/start', headers: bearer(user.token) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: RIOT_LINK_MESSAGES.notConfigured, code: 'RSO_NOT_CONFIGURED' });
      // The Settings form's navigation (it asks for HTML) goes back to Settings with the outcome instead.
      const form = await bare.app.inject({
        method: 'POST',
        url: '/api/riot/link/start',
        headers: {
          ...bearer(user.token),
          accept: 'text/html,application/xhtml+xml',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: '',
      });
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe('/settings?riotLink=not_configured');
    } finally {
      await bare.close();
    }
  });
});

describe('a verified Riot account wins its name', () => {
  const notificationsOf = async (user: TestUser) =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/notifications/user-notifications', headers: bearer(user.token) })
    ).json().notifications as { kind: string; message: string }[];
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3_600_000);

  it('the attack: a self-reported "Famous Pro", then its owner links by RSO: the owner gets the name, the squatter is renamed and told why', async () => {
    const squatter = await createUser({ db: db(), name: 'Famous Pro', region: 'NA', rank: 'Diamond 1' });
    const owner = riot.addPlayer({ gameName: 'Famous Pro', tagLine: 'NA1', platform: 'na1', entries: [] });
    const browser = await browserOf();
    const before = await userRow(squatter.id);
    expect(await link(browser, owner.puuid)).toBe('linked');
    expect(await userRow(browser.user.id)).toMatchObject({ name: 'Famous Pro', riotPuuid: owner.puuid });
    const after = await userRow(squatter.id);
    expect(after.name).toBe('Famous Pro UNV1');
    expect(summonerNameSchema.safeParse(after.name).success).toBe(true);
    // Everything else stays theirs: the session, the rank, the tagline, the discord.
    expect({ ...after, name: before.name, nameSkeleton: before.nameSkeleton }).toEqual(before);
    expect(await notificationsOf(squatter)).toEqual([
      expect.objectContaining({
        kind: 'general',
        message: RIOT_LINK_MESSAGES.renamedForVerifiedOwner('Famous Pro', 'Famous Pro UNV1'),
      }),
    ]);
  });

  it('a look-alike squatter (a Cyrillic а) is renamed too, to the first free number; other regions keep theirs', async () => {
    const id = unique().slice(0, 6);
    const owner = riot.addPlayer({ gameName: `Famous ${id}`, tagLine: 'NA1', platform: 'na1', entries: [] });
    const cyrillic = await createUser({ db: db(), name: `F\u0430mous ${id}`, region: 'NA' });
    // The name the first would get is taken already: the next number.
    const taken = await createUser({ db: db(), name: `F\u0430mous ${id.slice(0, 4)} UNV1`, region: 'NA' });
    const otherRegion = await createUser({ db: db(), name: `Famous ${id}`, region: 'EUW' });
    const browser = await browserOf();
    expect(await link(browser, owner.puuid)).toBe('linked');
    expect((await userRow(browser.user.id)).name).toBe(`Famous ${id}`);
    const renamed = (await userRow(cyrillic.id)).name;
    expect(renamed).toBe(`F\u0430mous ${id.slice(0, 4)} UNV2`);
    expect(summonerNameSchema.safeParse(renamed).success).toBe(true);
    expect((await notificationsOf(cyrillic))[0]?.message).toBe(
      RIOT_LINK_MESSAGES.renamedForVerifiedOwner(`Famous ${id}`, renamed),
    );
    expect((await userRow(taken.id)).name).toBe(taken.name);
    expect((await userRow(otherRegion.id)).name).toBe(`Famous ${id}`);
  });

  it('unlink reserves the name for the Riot account: anyone else is refused with the usual message; the owner relinking gets it back', async () => {
    const owner = riotPlayer();
    const browser = await browserOf();
    expect(await link(browser, owner.puuid)).toBe('linked');
    expect((await api(browser, 'DELETE', '/api/riot/link')).status).toBe(200);
    // The owner moves to another name (a Riot ID Riot knows: the key checks it): theirs is still reserved.
    const away = riotPlayer({ gameName: `Away ${unique().slice(0, 8)}` });
    const moved = await api(browser, 'PUT', '/api/auth/update-user', { name: away.gameName, summonerTagline: 'NA1' });
    expect(moved.status).toBe(200);
    const refused = { status: 409, body: { error: MESSAGES.nameTaken(owner.gameName, 'NA'), code: 'NAME_TAKEN' } };
    const stranger = await browserOf();
    expect(await api(stranger, 'PUT', '/api/auth/update-user', { name: owner.gameName })).toMatchObject(refused);
    expect(await api(stranger, 'PUT', '/api/auth/update-user', { name: owner.gameName.toUpperCase() })).toMatchObject({
      status: 409,
      body: { code: 'NAME_TAKEN' },
    });
    // Another Riot account with the same game name (another tagline) is refused as well.
    const namesake = riot.addPlayer({ gameName: owner.gameName, tagLine: 'EUW', platform: 'na1', entries: [] });
    expect(await link(await browserOf(), namesake.puuid)).toBe('name_taken');
    // So is an admin's edit.
    const admin = await createUser({ db: db(), isAdmin: true });
    const edit = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/updateUser/${stranger.user.id}`,
      headers: bearer(admin.token),
      payload: { name: owner.gameName },
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect((await userRow(stranger.user.id)).name).toBe(stranger.user.name);

    expect(await link(browser, owner.puuid)).toBe('linked');
    expect(await userRow(browser.user.id)).toMatchObject({ name: owner.gameName, riotPuuid: owner.puuid });
  });

  it('deleting a linked account reserves its name as an unlink does', async () => {
    const owner = riotPlayer();
    const browser = await browserOf();
    expect(await link(browser, owner.puuid)).toBe('linked');
    expect((await api(browser, 'DELETE', '/api/users/me', { confirmation: owner.gameName })).status).toBe(200);
    const stranger = await browserOf();
    expect(await api(stranger, 'PUT', '/api/auth/update-user', { name: owner.gameName })).toMatchObject({
      status: 409,
      body: { code: 'NAME_TAKEN' },
    });
    // The owner signing up again and linking the same Riot account gets it back.
    const again = await browserOf();
    expect(await link(again, owner.puuid)).toBe('linked');
    expect((await userRow(again.user.id)).name).toBe(owner.gameName);
  });

  it('after 30 days the name is free again', async () => {
    const owner = riotPlayer();
    const holder = await createUser({ db: db() });
    riot.grantAccessToken(`token-${holder.id}`, owner.puuid);
    await linkRiotAccount({ deps: linkDeps(), user: holder, accessToken: `token-${holder.id}`, now: daysAgo(40) });
    await unlinkRiotAccount({ deps: linkDeps(), userId: holder.id, now: daysAgo(30.01) });
    await db()
      .update(users)
      .set({ name: `Gone ${unique().slice(0, 8)}`, nameSkeleton: null })
      .where(eq(users.id, holder.id));
    const stranger = await browserOf();
    const res = await api(stranger, 'PUT', '/api/auth/update-user', { name: owner.gameName });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await userRow(stranger.user.id)).name).toBe(owner.gameName);
  });

  it('29 days after the unlink it is still reserved', async () => {
    const owner = riotPlayer();
    const holder = await createUser({ db: db() });
    riot.grantAccessToken(`token-${holder.id}`, owner.puuid);
    await linkRiotAccount({ deps: linkDeps(), user: holder, accessToken: `token-${holder.id}`, now: daysAgo(40) });
    await unlinkRiotAccount({ deps: linkDeps(), userId: holder.id, now: daysAgo(29) });
    await db()
      .update(users)
      .set({ name: `Gone ${unique().slice(0, 8)}`, nameSkeleton: null })
      .where(eq(users.id, holder.id));
    const stranger = await browserOf();
    expect(await api(stranger, 'PUT', '/api/auth/update-user', { name: owner.gameName })).toMatchObject({
      status: 409,
      body: { code: 'NAME_TAKEN' },
    });
  });
});

describe('while linked', () => {
  it('update-user refuses a new name, tagline or rank (409, nothing written) and takes the rest', async () => {
    const browser = await browserOf();
    const player = riotPlayer();
    expect(await link(browser, player.puuid)).toBe('linked');
    const before = await userRow(browser.user.id);
    for (const change of [{ name: 'Typed Name' }, { summonerTagline: 'EUW' }, { rank: 'Challenger' }]) {
      const res = await api(browser, 'PUT', '/api/auth/update-user', { ...change, canSendEmailsToUser: true });
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.body).toEqual({ error: RIOT_LINK_MESSAGES.linkedFieldsLocked, code: 'RIOT_LINKED' });
    }
    expect(await userRow(browser.user.id)).toEqual(before);
    // The Settings form sends every field: unchanged ones pass with the rest.
    const ok = await api(browser, 'PUT', '/api/auth/update-user', {
      name: before.name,
      summonerTagline: before.summonerTagline,
      rank: before.rank,
      canSendEmailsToUser: true,
      primaryRole: 'Jungle',
      secondaryRole: 'Support',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ canSendEmailsToUser: true, primaryRole: 'Jungle', verified: true });
  });

  it('an admin editing the name keeps the linked PUUID', async () => {
    const browser = await browserOf();
    const player = riotPlayer();
    expect(await link(browser, player.puuid)).toBe('linked');
    const admin = await createUser({ db: db(), isAdmin: true });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/updateUser/${browser.user.id}`,
      headers: bearer(admin.token),
      payload: { name: `Adm ${unique()}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(browser.user.id)).riotPuuid).toBe(player.puuid);
  });

  it('refresh reads the Riot ID and rank now, past the cache; a second one within 5 minutes is a 429', async () => {
    const browser = await browserOf();
    const player = riotPlayer();
    expect(await link(browser, player.puuid)).toBe('linked');
    player.entries = [solo('MASTER', 'I')];
    player.gameName = `Ren ${unique()}`;
    riot.players.set(player.puuid, player);

    const res = await api(browser, 'POST', '/api/riot/link/refresh');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: player.gameName, rank: 'Master', rankSource: 'riot' });
    expect(await userRow(browser.user.id)).toMatchObject({ name: player.gameName, rank: 'Master' });

    const again = await api(browser, 'POST', '/api/riot/link/refresh');
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(200);
  });

  it('refresh: a Riot ID whose name another verified player has is a 409, nothing written', async () => {
    const browser = await browserOf();
    const player = riotPlayer();
    expect(await link(browser, player.puuid)).toBe('linked');
    const taken = await verifiedUser();
    player.gameName = taken.name;
    player.entries = [solo('IRON', 'IV')];
    const before = await userRow(browser.user.id);
    const res = await api(browser, 'POST', '/api/riot/link/refresh');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'NAME_TAKEN' });
    expect(await userRow(browser.user.id)).toEqual(before);
  });

  it('refresh: a new Riot ID takes its name from an unverified look-alike as a link does: renamed and told why', async () => {
    const browser = await browserOf();
    const player = riotPlayer();
    expect(await link(browser, player.puuid)).toBe('linked');
    const id = unique().slice(0, 4);
    // A look-alike (a Cyrillic а): the same name for the name indexes.
    const squatter = await createUser({ db: db(), name: `F\u0430mous ${id}`, rank: 'Diamond 1' });
    const before = await userRow(squatter.id);
    player.gameName = `Famous ${id}`;

    const res = await api(browser, 'POST', '/api/riot/link/refresh');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await userRow(browser.user.id)).toMatchObject({ name: `Famous ${id}`, riotPuuid: player.puuid });
    const after = await userRow(squatter.id);
    const renamed = `F\u0430mous ${id} UNV1`;
    expect(after.name).toBe(renamed);
    // Everything else stays theirs.
    expect({ ...after, name: before.name, nameSkeleton: before.nameSkeleton }).toEqual(before);
    const told = await db().select().from(notifications).where(eq(notifications.userId, squatter.id));
    expect(told.map((n) => n.message)).toEqual([RIOT_LINK_MESSAGES.renamedForVerifiedOwner(`Famous ${id}`, renamed)]);
  });

  it('refresh: 502 when Riot is down, nothing written', async () => {
    const browser = await browserOf();
    const player = riotPlayer();
    expect(await link(browser, player.puuid)).toBe('linked');
    const before = await userRow(browser.user.id);
    riot.inject({ match: '/lol/league/', status: 503, times: 5 });
    try {
      const res = await api(browser, 'POST', '/api/riot/link/refresh');
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: RIOT_LINK_MESSAGES.riotUnavailable, code: 'RIOT_FAILED' });
    } finally {
      riot.reset();
    }
    expect(await userRow(browser.user.id)).toEqual(before);
  });

  it('unlink: the rank stays, self-reported; the job goes; unlink and refresh again are 409s', async () => {
    const browser = await browserOf();
    const player = riotPlayer();
    expect(await link(browser, player.puuid)).toBe('linked');
    const res = await api(browser, 'DELETE', '/api/riot/link');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      name: player.gameName,
      rank: 'Platinum 3',
      verified: false,
      rankSource: 'self',
      riotAccount: null,
    });
    expect(await userRow(browser.user.id)).toMatchObject({ riotLinkedAt: null, rank: 'Platinum 3' });
    expect(await findJobs({ db: db(), dedupeKey: rankRefreshKey(browser.user.id) })).toEqual([]);

    const again = await api(browser, 'DELETE', '/api/riot/link');
    expect(again).toMatchObject({ status: 409, body: { code: 'RIOT_NOT_LINKED' } });
    const refresh = await api(browser, 'POST', '/api/riot/link/refresh');
    expect(refresh).toMatchObject({ status: 409, body: { code: 'RIOT_NOT_LINKED' } });
    // Unlinked, the name and rank are the user's to type again; the account can be linked by another.
    const other = riotPlayer({ gameName: `Typ ${unique()}` });
    const typed = await api(browser, 'PUT', '/api/auth/update-user', {
      name: other.gameName,
      summonerTagline: 'NA1',
      rank: 'Gold 4',
    });
    expect(typed.status).toBe(200);
    expect(await link(await browserOf(), player.puuid)).toBe('linked');
  });

  it('unlink and refresh: 401 without a session, 403 banned', async () => {
    const banned = await createBannedUser({ db: db() });
    for (const [method, url] of [
      ['DELETE', '/api/riot/link'],
      ['POST', '/api/riot/link/refresh'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
      const res = await ctx.app.inject({ method, url, headers: bearer(banned.token) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'BANNED' });
    }
  });
});

describe('the daily refresh job', () => {
  async function linkedUser() {
    const browser = await browserOf();
    const player = riotPlayer();
    expect(await link(browser, player.puuid)).toBe('linked');
    return { browser, player, userId: browser.user.id };
  }

  /** Makes the user's last read a day and a minute old and the job due now; runs the due jobs. */
  async function runDue(userId: string) {
    const dayAgo = new Date(Date.now() - RANK_REFRESH_INTERVAL_MS - 60_000);
    await db().update(users).set({ rankRefreshedAt: dayAgo }).where(eq(users.id, userId));
    await scheduleRankRefresh({ db: db(), userId, runAt: new Date(Date.now() - 1000) });
    await ctx.app.jobs.runOnce();
    const [job] = await findJobs({ db: db(), dedupeKey: rankRefreshKey(userId) });
    return job!;
  }

  it('reads the new Riot ID and rank, then re-arms for the next day', async () => {
    const { player, userId } = await linkedUser();
    player.gameName = `Job ${unique()}`;
    player.entries = [solo('EMERALD', 'II')];
    const job = await runDue(userId);
    const row = await userRow(userId);
    expect(row).toMatchObject({ name: player.gameName, rank: 'Emerald 2' });
    expect(Date.now() - row.rankRefreshedAt!.getTime()).toBeLessThan(60_000);
    expect(jobStatus(job)).toBe('pending');
    expect(job.runAt.getTime() - Date.now()).toBeGreaterThan(RANK_REFRESH_INTERVAL_MS - 60_000);
  });

  it('does not ask Riot again within the day: it moves itself to a day after the last read', async () => {
    const { userId } = await linkedUser();
    const last = (await userRow(userId)).rankRefreshedAt!;
    await scheduleRankRefresh({ db: db(), userId, runAt: new Date(Date.now() - 1000) });
    riot.reset();
    await ctx.app.jobs.runOnce();
    expect(riot.apiRequests()).toEqual([]);
    const [job] = await findJobs({ db: db(), dedupeKey: rankRefreshKey(userId) });
    expect(job!.runAt.getTime()).toBe(last.getTime() + RANK_REFRESH_INTERVAL_MS);
  });

  it('keeps the old name when a verified player has the new one, and still reads the rank', async () => {
    const { player, userId } = await linkedUser();
    const name = (await userRow(userId)).name;
    player.gameName = (await verifiedUser()).name;
    player.entries = [solo('DIAMOND', 'I')];
    await runDue(userId);
    expect(await userRow(userId)).toMatchObject({ name, rank: 'Diamond 1' });
  });

  it('a new Riot ID takes its name from an unverified squatter as a link does: renamed and told why', async () => {
    const { player, userId } = await linkedUser();
    const squatter = await createUser({ db: db(), name: `Job ${unique().slice(0, 6)}` });
    player.gameName = squatter.name;
    await runDue(userId);
    expect(await userRow(userId)).toMatchObject({ name: squatter.name });
    const renamed = `${squatter.name} UNV1`;
    expect((await userRow(squatter.id)).name).toBe(renamed);
    const [told] = await db().select().from(notifications).where(eq(notifications.userId, squatter.id));
    expect(told?.message).toBe(RIOT_LINK_MESSAGES.renamedForVerifiedOwner(squatter.name, renamed));
  });

  it('comes back later when Riot rate-limits it, instead of dying', async () => {
    const { userId } = await linkedUser();
    const before = (await userRow(userId)).rank;
    riot.inject({ match: '/lol/league/', status: 429, retryAfterSeconds: 1800, rateLimitType: 'method', times: 5 });
    let job;
    try {
      job = await runDue(userId);
    } finally {
      riot.reset();
    }
    expect((await userRow(userId)).rank).toBe(before);
    expect(jobStatus(job)).toBe('pending');
    const wait = job.runAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(25 * 60_000);
    expect(wait).toBeLessThan(RANK_REFRESH_INTERVAL_MS);
  });

  it('ends with an unlinked account', async () => {
    const { browser, userId } = await linkedUser();
    await api(browser, 'DELETE', '/api/riot/link');
    await scheduleRankRefresh({ db: db(), userId, runAt: new Date(Date.now() - 1000) });
    riot.reset();
    await ctx.app.jobs.runOnce();
    expect(riot.apiRequests()).toEqual([]);
    const [job] = await findJobs({ db: db(), dedupeKey: rankRefreshKey(userId) });
    expect(jobStatus(job!)).toBe('done');
    expect(
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, rankRefreshKey(userId))),
    ).toHaveLength(1);
  });
});
