import { randomInt } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AUTH_ERROR_CODES, SESSION_COOKIE, type AuthErrorCode } from '@scrim-gym/shared';
import { bans, oidcLoginAttempts, sessions, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { createAdmin, unique } from '../../test/factories.js';
import {
  CookieJar,
  TEST_CLIENT_ID,
  TEST_CLIENT_SECRET,
  authorizeAt,
  browserRequest,
  freePort,
  startTestIssuer,
  type TestIssuer,
} from '../../test/oidc-issuer.js';
import { safeReturnTo } from './return-to.js';

/**
 * The whole OpenID Connect code flow with PKCE against a REAL issuer (oidc-provider) on 127.0.0.1, driven the way
 * a browser would: fetch with manual redirects and a cookie jar, through the issuer's login and consent pages.
 */

const CLIENT_ID = TEST_CLIENT_ID;
const CLIENT_SECRET = TEST_CLIENT_SECRET;

/** Issuer accounts: any login works; the claims are derived from the account id. */
const emailOf = (accountId: string) => `${accountId}@issuer.test`;
const nameOf = (accountId: string) => `Issuer ${accountId}`;

let issuer: TestIssuer;
let issuerUrl: string;
let appUrl: string;
let ctx: TestContext;
/** Every authorization request the issuer received, to check what the app sent (PKCE, scope, redirect). */
let authorizeRequests: URL[];

beforeAll(async () => {
  const appPort = await freePort();
  appUrl = `http://127.0.0.1:${appPort}`;
  issuer = await startTestIssuer({
    redirectUris: [`${appUrl}/api/auth/oidc/oidc/callback`],
    claimsOf: (accountId) => ({
      sub: accountId,
      email: emailOf(accountId),
      email_verified: true,
      name: nameOf(accountId),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  });
  issuerUrl = issuer.url;
  authorizeRequests = issuer.authorizeRequests;

  ctx = await createTestApp({
    PUBLIC_URL: appUrl,
    OIDC_ISSUER: issuerUrl,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_ALLOW_INSECURE: 'true',
    TRUST_PROXY: '127.0.0.1',
  });
  await ctx.app.listen({ port: appPort, host: '127.0.0.1' });
});

afterAll(async () => {
  await ctx?.close();
  await issuer?.close();
});

/**
 * Each call comes from its own client address (the app trusts 127.0.0.1 as its proxy here): the many sign-ins of
 * this file would otherwise spend the per-address sign-in budget that rate-limits.test.ts covers.
 */
const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;

const request = (jar: CookieJar, url: URL, init: RequestInit = {}) =>
  browserRequest(jar, url, init, url.origin === appUrl ? { 'x-forwarded-for': clientAddress() } : {});

/**
 * Goes through the issuer like a browser from the app's start URL; returns the callback URL (code and state)
 * without visiting it.
 */
const authorize = (jar: CookieJar, accountId: string, returnTo = '/scrims') =>
  authorizeAt({
    send: (url, init) => request(jar, url, init),
    start: { url: new URL(`/api/auth/oidc/oidc/start?returnTo=${encodeURIComponent(returnTo)}`, appUrl) },
    appOrigin: appUrl,
    callbackPath: '/api/auth/oidc/oidc/callback',
    accountId,
  });

/** Visits the app's callback and returns the app page it redirects to. */
async function followCallback(jar: CookieJar, callback: URL): Promise<URL> {
  const response = await request(jar, callback);
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!, appUrl);
}

/** The whole sign-in, from the app's start URL to the app page the browser lands on. */
const signIn = async (jar: CookieJar, accountId: string, returnTo = '/scrims') =>
  followCallback(jar, await authorize(jar, accountId, returnTo));

async function api(jar: CookieJar, method: string, path: string, body?: unknown) {
  const response = await request(jar, new URL(path, appUrl), {
    method,
    ...(body !== undefined && { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  const json = response.status === 204 ? null : ((await response.json()) as Record<string, unknown>);
  return { status: response.status, body: json };
}

/** A new identity signed in through the issuer and registered (`<prefix> <n>`, Unranked on NA): its account id and cookie jar. */
async function registeredAccount(prefix: string) {
  const account = `acct${unique()}`;
  const jar = new CookieJar();
  await signIn(jar, account);
  await api(jar, 'POST', '/api/auth/register', {
    name: `${prefix} ${unique()}`,
    summonerTagline: 'NA1',
    region: 'NA',
    discord: `${prefix.toLowerCase()}_${unique()}`,
    rank: 'Unranked',
  });
  return { account, jar };
}

const countSessions = async () => (await ctx.database.db.select({ n: count() }).from(sessions))[0]!.n;

describe('OpenID Connect sign-in against a real issuer', () => {
  it('lists the configured provider and turns the dev sign-in off', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({
      providers: [{ id: 'oidc', label: 'Single sign-on' }],
      devLogin: false,
      tournamentCodes: false,
    });
    const dev = await ctx.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email: 'a@b.dev' } });
    expect(dev.statusCode).toBe(404);
  });

  it('signs a new identity in, lets it register, and signs the account straight in the next time', async () => {
    const account = `acct${unique()}`;
    const jar = new CookieJar();
    const before = authorizeRequests.length;

    const landing = await signIn(jar, account);
    expect(landing.pathname + landing.search).toBe('/signup?resume=1');

    // The app asked the issuer for a code with PKCE (S256), its own callback and a nonce.
    const authorize = authorizeRequests[before]!;
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${appUrl}/api/auth/oidc/oidc/callback`);
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBeTruthy();

    // The attempt was used up: a state cannot be replayed.
    const attempts = await ctx.database.db
      .select()
      .from(oidcLoginAttempts)
      .where(eq(oidcLoginAttempts.state, authorize.searchParams.get('state')!));
    expect(attempts).toHaveLength(0);

    const firstToken = jar.get(appUrl, SESSION_COOKIE);
    expect(firstToken).toBeTruthy();
    const state = await api(jar, 'GET', '/api/auth/session');
    expect(state.status).toBe(200);
    expect(state.body).toEqual({
      // The browser's session is its httpOnly cookie: the boot call never hands the token to the page.
      token: null,
      user: null,
      identity: { provider: 'oidc', email: emailOf(account), name: nameOf(account) },
    });
    // An identity without an account may not use the app yet.
    expect((await api(jar, 'POST', '/api/auth/verify')).status).toBe(403);

    const name = `Oidc ${unique()}`;
    const registered = await api(jar, 'POST', '/api/auth/register', {
      uid: `oidc|${account}`,
      email: emailOf(account),
      name,
      summonerTagline: 'EUW1',
      region: 'EUW',
      discord: `oidc_${unique()}`,
      rank: 'Diamond 1',
      canSendEmailsToUser: true,
    });
    expect(registered).toEqual({ status: 200, body: { token: firstToken } });
    const [created] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.uid, `oidc|${account}`));
    expect(created).toMatchObject({ name, email: emailOf(account), region: 'EUW', rank: 'Diamond 1' });

    const verified = await api(jar, 'POST', '/api/auth/verify');
    expect(verified.status).toBe(200);
    expect(verified.body?.user).toMatchObject({ _id: created!.id, uid: `oidc|${account}`, name });

    // Signing in again with the same issuer account goes straight to the app, with a fresh session.
    const again = await signIn(jar, account);
    expect(again.pathname).toBe('/scrims');
    const secondToken = jar.get(appUrl, SESSION_COOKIE);
    expect(secondToken).toBeTruthy();
    expect(secondToken).not.toBe(firstToken);
    const second = await api(jar, 'GET', '/api/auth/session');
    expect(second.body?.user).toMatchObject({ _id: created!.id, name });
  });

  it('returns only to a same-site path after sign-in', async () => {
    const { account, jar } = await registeredAccount('Back');

    expect((await signIn(jar, account, '/scrims/some-id')).pathname).toBe('/scrims/some-id');
    const offSite = await signIn(jar, account, '//evil.example/phish');
    expect(offSite.origin).toBe(appUrl);
    expect(offSite.pathname).toBe('/');
    const absolute = await signIn(jar, account, 'https://evil.example/');
    expect(absolute.href).toBe(`${appUrl}/`);
    // What browsers strip or rewrite (tab, newline, backslash) and what decodes to a slash, at any depth.
    for (const evil of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%5cevil.example',
      '/%252f%252fevil.example',
      '/..//evil.example',
      '/\u0100',
      '/\r\nSet-Cookie: sg_session=forged',
    ]) {
      const response = await request(jar, await authorize(jar, account, evil));
      expect(response.status, evil).toBe(302);
      expect(response.headers.get('location'), evil).toBe('/');
    }
  });

  it('sends a registered user to a same-site path for any return path (property, real issuer)', async () => {
    const { account, jar } = await registeredAccount('Prop');
    const pieces = [
      '/',
      '\\',
      '%2f',
      '%5C',
      '%25',
      '%09',
      '%0a',
      '\t',
      '\n',
      '.',
      '..',
      ':',
      '@',
      '?',
      'é',
      'evil.example',
    ];
    const returnPaths = fc.oneof(
      fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join('')),
      // A NUL is refused at the door with a 400 before the start runs (plugins/input.ts).
      fc.string({ unit: 'binary', maxLength: 30 }).filter((text) => !text.includes('\u0000')),
    );
    await fc.assert(
      fc.asyncProperty(returnPaths, async (returnTo) => {
        const response = await request(jar, await authorize(jar, account, returnTo));
        expect(response.status).toBe(302);
        const location = response.headers.get('location')!;
        expect(location).toBe(safeReturnTo(returnTo));
        expect(new URL(location, appUrl).origin).toBe(appUrl);
      }),
      { numRuns: 25 },
    );
  });

  it('re-checks the stored return path: a row written before the rules cannot redirect off-site', async () => {
    const { account, jar } = await registeredAccount('Old');
    for (const stored of ['//evil.example', '/\t/evil.example', '/\u0100', 'https://evil.example']) {
      const callback = await authorize(jar, account);
      await ctx.database.db
        .update(oidcLoginAttempts)
        .set({ returnTo: stored })
        .where(eq(oidcLoginAttempts.state, callback.searchParams.get('state')!));
      const response = await request(jar, callback);
      expect(response.status, stored).toBe(302);
      expect(response.headers.get('location'), stored).toBe('/');
    }
  });

  describe('refuses a callback it did not start', () => {
    /** Starts a sign-in and returns the issuer's authorize URL, with the browser's state cookie in the jar. */
    async function start(jar: CookieJar) {
      const response = await request(jar, new URL('/api/auth/oidc/oidc/start?returnTo=/scrims', appUrl));
      expect(response.status).toBe(302);
      const authorizeUrl = new URL(response.headers.get('location')!);
      expect(authorizeUrl.origin).toBe(issuerUrl);
      return authorizeUrl;
    }

    async function expectRefused(
      jar: CookieJar,
      callback: string | URL,
      code: AuthErrorCode,
      headers: Record<string, string> = {},
    ) {
      const sessionsBefore = await countSessions();
      const response = await request(jar, new URL(callback, appUrl), { headers });
      expect(response.status).toBe(302);
      // Home with a code the web app has its own message for; no text of the error travels in the URL.
      expect(response.headers.get('location')).toBe(`/?authError=${code}`);
      expect(response.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`))).toEqual([]);
      expect(jar.get(appUrl, SESSION_COOKIE)).toBeUndefined();
      expect(await countSessions()).toBe(sessionsBefore);
    }

    it('with a wrong state', async () => {
      const jar = new CookieJar();
      await start(jar);
      await expectRefused(jar, `/api/auth/oidc/oidc/callback?code=forged&state=${'x'.repeat(43)}`, 'state_mismatch');
    });

    it('with no state at all', async () => {
      const jar = new CookieJar();
      await start(jar);
      await expectRefused(jar, '/api/auth/oidc/oidc/callback?code=forged', 'state_mismatch');
    });

    it('with a real code and state delivered to another browser (login CSRF), which the starter can still use', async () => {
      const victim = new CookieJar();
      const callback = await authorize(victim, `acct${unique()}`);
      await expectRefused(new CookieJar(), callback, 'state_mismatch');
      // The refused attempt was not consumed: the browser that started it finishes normally.
      expect((await followCallback(victim, callback)).pathname).toBe('/signup');
      expect(victim.get(appUrl, SESSION_COOKIE)).toBeTruthy();
    });

    it('when a finished callback is replayed, even with the state cookie', async () => {
      const jar = new CookieJar();
      const callback = await authorize(jar, `acct${unique()}`);
      const state = callback.searchParams.get('state')!;
      expect((await followCallback(jar, callback)).pathname).toBe('/signup');
      await expectRefused(new CookieJar(), callback, 'state_mismatch', { cookie: `sg_oidc_state=${state}` });
    });

    it('with a matching state but a code the issuer never issued', async () => {
      const jar = new CookieJar();
      const state = (await start(jar)).searchParams.get('state');
      await expectRefused(jar, `/api/auth/oidc/oidc/callback?code=forged&state=${state}`, 'failed');
    });

    it('when the issuer reports an error (the user declined)', async () => {
      const jar = new CookieJar();
      const state = (await start(jar)).searchParams.get('state');
      // As the issuer sends it (with `iss`, which it advertises): the code says "cancelled", not "failed".
      const iss = encodeURIComponent(issuerUrl);
      await expectRefused(
        jar,
        `/api/auth/oidc/oidc/callback?error=access_denied&state=${state}&iss=${iss}`,
        'access_denied',
      );
    });
  });

  it('sends a banned user home with the code "banned" and no session', async () => {
    const { account, jar } = await registeredAccount('Banned');
    const [user] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.uid, `oidc|${account}`));
    const admin = await createAdmin({ db: ctx.database.db });
    await ctx.database.db.insert(bans).values({
      userId: user!.id,
      bannedBy: admin.id,
      dateFrom: new Date(Date.now() - 60_000),
      dateTo: new Date(Date.now() + 86_400_000),
      reason: 'Your account is hacked, call 555',
    });
    const sessionsBefore = await countSessions();
    const response = await request(jar, await authorize(jar, account));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/?authError=banned');
    expect(await countSessions()).toBe(sessionsBefore);
  });

  it('never answers 5xx, whatever the callback query and state cookie (property)', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 60 });
    const key = fc.oneof(fc.constantFrom('code', 'state', 'error', 'iss', 'error_description', 'state[]', ''), text);
    const raw = fc.constantFrom('', '&', '%', '%zz', '%00', '=', '==&&', 'state', '&state=%E0%A4%A', '&code=%ff');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(key, text), { maxLength: 5 }),
        raw,
        fc.option(text),
        fc.boolean(),
        async (params, tail, cookie, cookieIsState) => {
          const query = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&') + tail;
          // Half the time the cookie holds the query's state, so the callback reaches the attempt look-up.
          const state = params.find(([k]) => k === 'state')?.[1];
          const cookieValue = cookieIsState && state !== undefined ? state : cookie;
          const res = await ctx.app.inject({
            method: 'GET',
            url: `/api/auth/oidc/oidc/callback?${query}`,
            remoteAddress: clientAddress(),
            headers: cookieValue === null ? {} : { cookie: `sg_oidc_state=${encodeURIComponent(cookieValue)}` },
          });
          expect(res.statusCode, `${query} ${res.body}`).toBeLessThan(500);
          if (res.statusCode === 302) {
            expect(AUTH_ERROR_CODES.map((code) => `/?authError=${code}`)).toContain(res.headers.location);
          } else {
            // A NUL character anywhere in the query is refused at the door.
            expect(res.statusCode, `${query} ${res.body}`).toBe(400);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sends the browser home with "provider_unavailable", not a 500, when the issuer cannot be reached', async () => {
    // Port 9 (discard) refuses the connection: discovery fails at the callback.
    const unreachable = await createTestApp({
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_ALLOW_INSECURE: 'true',
    });
    try {
      const state = `state${unique()}`;
      await unreachable.database.db.insert(oidcLoginAttempts).values({
        state,
        provider: 'oidc',
        codeVerifier: 'v'.repeat(43),
        nonce: 'n'.repeat(22),
        returnTo: '/scrims',
        expiresAt: new Date(Date.now() + 60_000),
      });
      const res = await unreachable.app.inject({
        method: 'GET',
        url: `/api/auth/oidc/oidc/callback?code=any&state=${state}`,
        cookies: { sg_oidc_state: state },
      });
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe('/?authError=provider_unavailable');
    } finally {
      await unreachable.close();
    }
  });

  it('answers 404 for an unknown provider id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/nope/start' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_PROVIDER' });
    const google = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' });
    expect(google.statusCode).toBe(404);
  });
});
