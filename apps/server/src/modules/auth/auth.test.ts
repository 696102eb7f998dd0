import { count, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_COOKIE, SESSION_TTL_MS, type RegisterBody } from '@scrim-gym/shared';
import { bans, sessions, users } from '../../db/schema/index.js';
import { createToken, hashToken } from '../../lib/tokens.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import {
  bearer,
  createAdmin,
  createBannedUser,
  createIdentitySession,
  createSession,
  createUser,
  registerBody,
  unique,
} from '../../test/factories.js';

const ADMIN_KEY = 'correct-horse-admin-key-42';
const LISTED_ADMIN = 'listed-boss@test.dev';
const LISTED_NEWCOMER = 'listed-newcomer@test.dev';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_KEY, ADMIN_EMAILS: `${LISTED_ADMIN}, ${LISTED_NEWCOMER.toUpperCase()}` });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

interface Call {
  /** Sent as `Authorization: Bearer`. */
  token?: string;
  /** Sent as the `sg_session` cookie. */
  cookie?: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}
function call(method: 'GET' | 'POST' | 'PUT', url: string, { token, cookie, payload, headers = {} }: Call = {}) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(token && bearer(token)), ...headers },
    ...(cookie && { cookies: { [SESSION_COOKIE]: cookie } }),
    ...(payload !== undefined && { payload }),
  });
}

/** A valid sign-up body with this test's own name and discord. */
const profile = (overrides: Partial<RegisterBody> = {}) => registerBody('Reg', overrides);

async function sessionOf(token: string) {
  const [row] = await db()
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row ?? null;
}
async function userById(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row!;
}
async function usersWithUid(uid: string) {
  return (await db().select({ n: count() }).from(users).where(eq(users.uid, uid)))[0]!.n;
}
async function countSessions() {
  return (await db().select({ n: count() }).from(sessions))[0]!.n;
}

/** A session row that has expired (its user still exists). */
async function createExpiredSession(userId: string, email: string) {
  const token = createToken();
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      identityProvider: 'dev',
      identitySubject: email,
      identityEmail: email,
      createdAt: new Date(Date.now() - SESSION_TTL_MS - 60_000),
      expiresAt: new Date(Date.now() - 1000),
    });
  return token;
}

/** A token that looks real but was never issued. */
const forgedToken = () => createToken();

function setCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}

function expectError(res: LightMyRequestResponse, status: number, code: string, error?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.code).toBe(code);
  if (error !== undefined) expect(body.error).toBe(error);
  return body as { error: string; code: string; details?: { path: string; message: string }[] };
}

/** Every protected endpoint, with a body that would be valid for it. */
const PROTECTED: { method: 'POST' | 'PUT'; url: string; payload?: () => object }[] = [
  { method: 'POST', url: '/api/auth/register', payload: () => profile() },
  { method: 'POST', url: '/api/auth/login', payload: () => ({}) },
  { method: 'POST', url: '/api/auth/verify' },
  { method: 'PUT', url: '/api/auth/update-user', payload: () => ({ rank: 'Silver 1' }) },
];

describe('GET /api/auth/providers', () => {
  it('offers the dev sign-in and no provider when none is configured', async () => {
    const res = await call('GET', '/api/auth/providers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: [], devLogin: true, tournamentCodes: false });
  });
});

describe('without a valid session', () => {
  for (const endpoint of PROTECTED) {
    it(`${endpoint.method} ${endpoint.url} answers 401 with no session`, async () => {
      const res = await call(endpoint.method, endpoint.url, { payload: endpoint.payload?.() });
      expectError(res, 401, 'UNAUTHORIZED', MESSAGES.notSignedIn);
    });

    it(`${endpoint.method} ${endpoint.url} answers 401 for a forged, an expired or an oversized token`, async () => {
      const user = await createUser({ db: db() });
      const expired = await createExpiredSession(user.id, user.email!);
      for (const token of [forgedToken(), expired, `${user.token}x`, 'a'.repeat(201)]) {
        expectError(
          await call(endpoint.method, endpoint.url, { token, payload: endpoint.payload?.() }),
          401,
          'UNAUTHORIZED',
        );
        expectError(
          await call(endpoint.method, endpoint.url, { cookie: token, payload: endpoint.payload?.() }),
          401,
          'UNAUTHORIZED',
        );
      }
      expect(await userById(user.id)).toMatchObject({ rank: 'Gold 2', name: user.name });
    });
  }

  it('GET /api/auth/session reports signed out (not an error) for no, forged or expired sessions', async () => {
    const user = await createUser({ db: db() });
    const expired = await createExpiredSession(user.id, user.email!);
    const signedOut = { token: null, user: null, identity: null };
    expect((await call('GET', '/api/auth/session')).json()).toEqual(signedOut);
    expect((await call('GET', '/api/auth/session', { token: forgedToken() })).json()).toEqual(signedOut);
    expect((await call('GET', '/api/auth/session', { cookie: expired })).json()).toEqual(signedOut);
  });
});

describe('GET /api/auth/session', () => {
  it('shows a verified identity that has no account yet', async () => {
    const { token, email } = await createIdentitySession({ db: db() });
    const res = await call('GET', '/api/auth/session', { cookie: token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: null, user: null, identity: { provider: 'dev', email, name: null } });
  });

  it("never hands the browser's cookie session its token; a Bearer caller gets back only the token it sent", async () => {
    const user = await createUser({ db: db() });
    const identity = await createIdentitySession({ db: db() });
    for (const token of [user.token, identity.token]) {
      const viaCookie = await call('GET', '/api/auth/session', { cookie: token });
      expect(viaCookie.statusCode).toBe(200);
      expect(viaCookie.json().token).toBeNull();
      expect(viaCookie.body).not.toContain(token);
      // A stray or forged Bearer next to the cookie does not unlock the cookie's token either.
      const forgedBearer = await call('GET', '/api/auth/session', { cookie: token, token: forgedToken() });
      expect(forgedBearer.body).not.toContain(token);
      expect((await call('GET', '/api/auth/session', { token })).json().token).toBe(token);
    }
    expect((await call('GET', '/api/auth/session', { cookie: user.token })).json().user).toMatchObject({
      _id: user.id,
    });
  });

  it('shows the signed-in user, and never another user, whatever the cookie says when a Bearer is sent', async () => {
    const me = await createUser({ db: db() });
    const other = await createUser({ db: db() });
    const res = await call('GET', '/api/auth/session', { token: me.token, cookie: other.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBe(me.token);
    expect(body.identity).toBeNull();
    expect(body.user).toMatchObject({ _id: me.id, uid: me.uid, email: me.email, name: me.name, isAdmin: false });
  });

  it('refuses a banned user with the ban message', async () => {
    const banned = await createBannedUser({ db: db(), reason: 'toxic chat' });
    const body = expectError(await call('GET', '/api/auth/session', { cookie: banned.token }), 403, 'BANNED');
    expect(body.error).toMatch(/^You are banned until \d{2}\/\d{2}\/\d{4}\. Reason: toxic chat$/);
  });
});

describe('POST /api/auth/dev-login', () => {
  it('gives a new email an identity-only session, usable as cookie and as Bearer', async () => {
    const email = `Fresh-${unique()}@Test.dev`;
    const res = await call('POST', '/api/auth/dev-login', { payload: { email } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.any(String),
      user: null,
      identity: { provider: 'dev', email: email.toLowerCase(), name: null },
    });

    const cookie = setCookie(res)!;
    expect(cookie.value).toBe(body.token);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    for (const auth of [{ cookie: body.token }, { token: body.token }]) {
      const state = (await call('GET', '/api/auth/session', auth)).json();
      expect(state.identity).toEqual({ provider: 'dev', email: email.toLowerCase(), name: null });
    }
    // No account was created by signing in.
    expect(await usersWithUid(`dev|${email.toLowerCase()}`)).toBe(0);
  });

  it('signs an existing account in (email case ignored) and records the sign-in', async () => {
    const user = await createUser({ db: db() });
    const res = await call('POST', '/api/auth/dev-login', { payload: { email: user.email!.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.identity).toBeNull();
    expect(body.user).toMatchObject({ _id: user.id, name: user.name });
    expect(body.token).not.toBe(user.token);
    expect((await sessionOf(body.token))?.userId).toBe(user.id);
    expect((await userById(user.id)).lastLoggedIn).not.toBeNull();
  });

  it('refuses a banned user and opens no session', async () => {
    const banned = await createBannedUser({ db: db(), reason: 'smurfing' });
    const before = await countSessions();
    const body = expectError(
      await call('POST', '/api/auth/dev-login', { payload: { email: banned.email } }),
      403,
      'BANNED',
    );
    expect(body.error).toMatch(/^You are banned until \d{2}\/\d{2}\/\d{4}\. Reason: smurfing$/);
    expect(setCookie(await call('POST', '/api/auth/dev-login', { payload: { email: banned.email } }))).toBeUndefined();
    expect(await countSessions()).toBe(before);
  });

  it('makes an account listed in ADMIN_EMAILS an admin at sign-in, and no one else', async () => {
    const listed = await createUser({ db: db(), email: LISTED_ADMIN });
    const unlisted = await createUser({ db: db() });
    expect(listed.isAdmin).toBe(false);

    const res = await call('POST', '/api/auth/dev-login', { payload: { email: 'Listed-Boss@test.dev' } });
    expect(res.json().user.isAdmin).toBe(true);
    expect((await userById(listed.id)).isAdmin).toBe(true);

    const other = await call('POST', '/api/auth/dev-login', { payload: { email: unlisted.email } });
    expect(other.json().user.isAdmin).toBe(false);
    expect((await userById(unlisted.id)).isAdmin).toBe(false);
  });

  it('rejects a bad email with 400 and opens no session', async () => {
    const before = await countSessions();
    for (const payload of [
      { email: 'not-an-email' },
      { email: '' },
      {},
      { email: 42 },
      { email: `${'a'.repeat(250)}@x.dev` },
    ]) {
      expectError(await call('POST', '/api/auth/dev-login', { payload }), 400, 'VALIDATION');
    }
    expect(await countSessions()).toBe(before);
  });

  it('answers 404 when an identity provider is configured', async () => {
    const withProvider = await createTestApp({ OIDC_ISSUER: 'https://issuer.invalid', OIDC_CLIENT_ID: 'client' });
    try {
      const res = await withProvider.app.inject({
        method: 'POST',
        url: '/api/auth/dev-login',
        payload: { email: 'dev@test.dev' },
      });
      expect(res.statusCode).toBe(404);
      const providers = await withProvider.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.json()).toEqual({
        providers: [{ id: 'oidc', label: 'Single sign-on' }],
        devLogin: false,
        tournamentCodes: false,
      });
    } finally {
      await withProvider.close();
    }
  });

  it('answers 404 in production', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://scrims.example',
      LOG_LEVEL: 'silent',
    });
    try {
      const res = await production.app.inject({
        method: 'POST',
        url: '/api/auth/dev-login',
        payload: { email: 'dev@test.dev' },
      });
      expect(res.statusCode).toBe(404);
      expect(setCookie(res)).toBeUndefined();
      expect((await production.app.inject({ method: 'GET', url: '/api/auth/providers' })).json().devLogin).toBe(false);
    } finally {
      await production.close();
    }
  });
});

describe('POST /api/auth/register', () => {
  it('creates the account of the identity; the cookie session then works for verify and session', async () => {
    const email = `signup-${unique()}@test.dev`;
    const login = await call('POST', '/api/auth/dev-login', { payload: { email } });
    const cookie = setCookie(login)!.value;
    const body = profile({ uid: `dev|${email}`, email, rank: 'Emerald 3', region: 'EUW', canSendEmailsToUser: true });

    const res = await call('POST', '/api/auth/register', { cookie, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ token: cookie });
    expect(setCookie(res)?.value).toBe(cookie);

    const verify = await call('POST', '/api/auth/verify', { cookie });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().token).toBe(cookie);
    const user = verify.json().user;
    expect(user).toMatchObject({
      uid: `dev|${email}`,
      email,
      name: body.name,
      summonerTagline: 'NA1',
      region: 'EUW',
      discord: body.discord,
      rank: 'Emerald 3',
      canSendEmailsToUser: true,
      isAdmin: false,
      profileBackgroundImg: 'Summoners Rift',
      profileBackgroundBlur: '20',
      currentBan: { isActive: false, dateFrom: null, dateTo: null, _bannedBy: null },
    });
    expect((await sessionOf(cookie))?.userId).toBe(user._id);

    const session = await call('GET', '/api/auth/session', { cookie });
    expect(session.json()).toMatchObject({ token: null, identity: null, user: { _id: user._id } });
    // A later dev sign-in with the same email finds this account.
    expect((await call('POST', '/api/auth/dev-login', { payload: { email } })).json().user._id).toBe(user._id);
  });

  it('stores the summoner name trimmed with its inner spaces folded', async () => {
    const { token } = await createIdentitySession({ db: db() });
    const id = unique();
    const res = await call('POST', '/api/auth/register', { token, payload: profile({ name: `  Sp   ${id} ` }) });
    expect(res.statusCode, res.body).toBe(200);
    const verify = await call('POST', '/api/auth/verify', { token });
    expect(verify.json().user.name).toBe(`Sp ${id}`);
  });

  it('makes an identity listed in ADMIN_EMAILS an admin, and an unlisted one not', async () => {
    const listed = await createIdentitySession({ db: db(), email: LISTED_NEWCOMER });
    expect((await call('POST', '/api/auth/register', { token: listed.token, payload: profile() })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/auth/verify', { token: listed.token })).json().user.isAdmin).toBe(true);

    const unlisted = await createIdentitySession({ db: db() });
    expect((await call('POST', '/api/auth/register', { token: unlisted.token, payload: profile() })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/auth/verify', { token: unlisted.token })).json().user.isAdmin).toBe(false);
  });

  describe('wrong user', () => {
    it('refuses a uid that is not the session identity (403) and writes nothing', async () => {
      const { token, email } = await createIdentitySession({ db: db() });
      const victim = await createUser({ db: db() });
      for (const uid of [victim.uid, `google|${email}`, 'dev|someone-else@test.dev']) {
        expectError(
          await call('POST', '/api/auth/register', { token, payload: profile({ uid }) }),
          403,
          'IDENTITY_MISMATCH',
        );
      }
      expect(await usersWithUid(`dev|${email}`)).toBe(0);
      expect((await sessionOf(token))?.userId).toBeNull();
    });

    it('refuses an email that is not the session identity (403) and writes nothing', async () => {
      const { token, email } = await createIdentitySession({ db: db() });
      const res = await call('POST', '/api/auth/register', { token, payload: profile({ email: `other-${email}` }) });
      expectError(res, 403, 'IDENTITY_MISMATCH');
      expect(await usersWithUid(`dev|${email}`)).toBe(0);
      // The email check ignores case.
      const ok = await call('POST', '/api/auth/register', { token, payload: profile({ email: email.toUpperCase() }) });
      expect(ok.statusCode, ok.body).toBe(200);
    });
  });

  it('refuses a banned user with the ban, not with "already registered"', async () => {
    const banned = await createBannedUser({ db: db(), reason: 'alt account' });
    const res = await call('POST', '/api/auth/register', { token: banned.token, payload: profile() });
    const body = expectError(res, 403, 'BANNED');
    expect(body.error).toMatch(/^You are banned until \d{2}\/\d{2}\/\d{4}\. Reason: alt account$/);
  });

  describe('bad input (400, nothing written)', () => {
    const cases: { field: string; value: unknown; message: string }[] = [
      { field: 'name', value: '', message: 'Summoner Name is empty!' },
      { field: 'name', value: '    ', message: 'Summoner Name is empty!' },
      { field: 'name', value: undefined, message: 'Summoner Name is empty!' },
      { field: 'name', value: 'Bad!Name', message: 'Summoner Name accepts only letters, digits and spaces' },
      { field: 'name', value: 'Name#EUW', message: 'Summoner Name accepts only letters, digits and spaces' },
      { field: 'name', value: 'A'.repeat(17), message: 'Summoner Name can be at most 16 characters' },
      { field: 'name', value: 42, message: 'Summoner Name is empty!' },
      { field: 'summonerTagline', value: '', message: 'Tagline is empty!' },
      { field: 'summonerTagline', value: undefined, message: 'Tagline is empty!' },
      { field: 'summonerTagline', value: '#NA1', message: 'Tagline should not include # symbol' },
      { field: 'summonerTagline', value: 'NA#1', message: 'Tagline should not include # symbol' },
      { field: 'summonerTagline', value: 'ABCDEF', message: 'Tagline can be at most 5 characters' },
      { field: 'summonerTagline', value: 'N-A', message: 'Tagline accepts only letters and digits' },
      { field: 'summonerTagline', value: 'N A', message: 'Tagline accepts only letters and digits' },
      { field: 'region', value: '', message: 'Region is empty!' },
      { field: 'region', value: undefined, message: 'Region is empty!' },
      { field: 'region', value: 'XX', message: 'Region is empty!' },
      { field: 'region', value: 'na', message: 'Region is empty!' },
      { field: 'discord', value: '', message: 'Discord is empty!' },
      { field: 'discord', value: undefined, message: 'Discord is empty!' },
      { field: 'discord', value: 'd'.repeat(38), message: 'Discord can be at most 37 characters' },
      { field: 'rank', value: '', message: 'Rank is empty!' },
      { field: 'rank', value: undefined, message: 'Rank is empty!' },
      { field: 'rank', value: 'Gold 7', message: 'Rank is not a valid rank' },
      { field: 'rank', value: 'Master 1', message: 'Rank is not a valid rank' },
      { field: 'rank', value: 'Gold', message: 'Rank is not a valid rank' },
      { field: 'rank', value: 'gold 2', message: 'Rank is not a valid rank' },
      { field: 'rank', value: 'Wood 4', message: 'Rank is not a valid rank' },
      { field: 'canSendEmailsToUser', value: 'yes', message: expect.any(String) as unknown as string },
    ];
    for (const { field, value, message } of cases) {
      it(`${field} = ${JSON.stringify(value)} → '${typeof message === 'string' ? message : 'an error'}'`, async () => {
        const { token, email } = await createIdentitySession({ db: db() });
        const payload: Record<string, unknown> = { ...profile() };
        if (value === undefined) delete payload[field];
        else payload[field] = value;
        const body = expectError(await call('POST', '/api/auth/register', { token, payload }), 400, 'VALIDATION');
        expect(body.details).toContainEqual({ path: field, message });
        expect(body.error).toBe(body.details![0]!.message);
        expect(await usersWithUid(`dev|${email}`)).toBe(0);
        expect((await sessionOf(token))?.userId).toBeNull();
      });
    }

    it('reports every empty field of an empty form, each with its own message', async () => {
      const { token } = await createIdentitySession({ db: db() });
      const empty = { name: '', summonerTagline: '', region: '', discord: '', rank: '' };
      const body = expectError(await call('POST', '/api/auth/register', { token, payload: empty }), 400, 'VALIDATION');
      expect(body.details).toEqual(
        expect.arrayContaining([
          { path: 'name', message: 'Summoner Name is empty!' },
          { path: 'summonerTagline', message: 'Tagline is empty!' },
          { path: 'region', message: 'Region is empty!' },
          { path: 'discord', message: 'Discord is empty!' },
          { path: 'rank', message: 'Rank is empty!' },
        ]),
      );
      // One message per empty field, not a second one from the field's other rules.
      expect(body.details).toHaveLength(5);
    });

    it('accepts every rank the product can produce at the boundaries', async () => {
      for (const rank of ['Unranked', 'Iron 4', 'Diamond 1', 'Master', 'Grandmaster', 'Challenger']) {
        const { token } = await createIdentitySession({ db: db() });
        const res = await call('POST', '/api/auth/register', { token, payload: profile({ rank }) });
        expect(res.statusCode, `${rank}: ${res.body}`).toBe(200);
      }
    });
  });

  describe('conflicts (409)', () => {
    it('refuses a summoner name taken in the same region, ignoring case and extra spaces', async () => {
      const id = unique();
      await createUser({ db: db(), name: `Tk Nm ${id}`, region: 'EUW' });
      for (const name of [`tk nm ${id}`, `  TK   Nm ${id} `]) {
        const { token, email } = await createIdentitySession({ db: db() });
        const res = await call('POST', '/api/auth/register', { token, payload: profile({ name, region: 'EUW' }) });
        const folded = name.trim().replace(/\s+/g, ' ');
        expectError(res, 409, 'NAME_TAKEN', `Summoner name ${folded} in EUW is already taken!`);
        expect(await usersWithUid(`dev|${email}`)).toBe(0);
        expect((await sessionOf(token))?.userId).toBeNull();
      }
    });

    it('accepts the same summoner name in another region', async () => {
      const id = unique();
      await createUser({ db: db(), name: `Sh Nm ${id}`, region: 'NA' });
      const { token } = await createIdentitySession({ db: db() });
      const res = await call('POST', '/api/auth/register', {
        token,
        payload: profile({ name: `Sh Nm ${id}`, region: 'OCE' }),
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('refuses a discord name taken after normalisation', async () => {
      const id = unique();
      await createUser({ db: db(), discord: `Foo${id} #123` });
      const { token, email } = await createIdentitySession({ db: db() });
      const res = await call('POST', '/api/auth/register', { token, payload: profile({ discord: `foo${id}#123` }) });
      expectError(res, 409, 'DISCORD_TAKEN', `Discord name foo${id}#123 is already taken!`);
      expect(await usersWithUid(`dev|${email}`)).toBe(0);
      // The identity may still sign up with a free discord.
      const retry = await call('POST', '/api/auth/register', { token, payload: profile() });
      expect(retry.statusCode, retry.body).toBe(200);
    });

    it('refuses registering twice with the same session', async () => {
      const { token, email } = await createIdentitySession({ db: db() });
      expect((await call('POST', '/api/auth/register', { token, payload: profile() })).statusCode).toBe(200);
      const again = await call('POST', '/api/auth/register', { token, payload: profile() });
      expectError(again, 409, 'ALREADY_REGISTERED', MESSAGES.alreadyRegistered);
      expect(await usersWithUid(`dev|${email}`)).toBe(1);
    });

    it('refuses registering the same identity twice from two sessions', async () => {
      const email = `twice-${unique()}@test.dev`;
      const first = await createIdentitySession({ db: db(), email });
      const second = await createIdentitySession({ db: db(), email });
      expect((await call('POST', '/api/auth/register', { token: first.token, payload: profile() })).statusCode).toBe(
        200,
      );
      const res = await call('POST', '/api/auth/register', { token: second.token, payload: profile() });
      expect(res.statusCode).toBe(409);
      expect(['ALREADY_REGISTERED', 'EMAIL_TAKEN']).toContain(res.json().code);
      expect(await usersWithUid(`dev|${email}`)).toBe(1);
      expect((await sessionOf(second.token))?.userId).toBeNull();
    });

    it('refuses a registered user (already has an account)', async () => {
      const user = await createUser({ db: db() });
      expectError(
        await call('POST', '/api/auth/register', { cookie: user.token, payload: profile() }),
        409,
        'ALREADY_REGISTERED',
      );
    });
  });
});

describe('POST /api/auth/login', () => {
  it("returns the token of a signed-in user, with or without the original client's body", async () => {
    const user = await createUser({ db: db() });
    for (const payload of [undefined, {}, { uid: user.uid, email: user.email }, { email: user.email!.toUpperCase() }]) {
      const res = await call('POST', '/api/auth/login', { token: user.token, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ token: user.token });
    }
  });

  it('answers 404 NO_ACCOUNT for an identity that has not signed up', async () => {
    const { token } = await createIdentitySession({ db: db() });
    expectError(await call('POST', '/api/auth/login', { cookie: token }), 404, 'NO_ACCOUNT', MESSAGES.noAccount);
  });

  it('refuses a uid or email of another user (403)', async () => {
    const me = await createUser({ db: db() });
    const other = await createUser({ db: db() });
    expectError(
      await call('POST', '/api/auth/login', { token: me.token, payload: { uid: other.uid } }),
      403,
      'IDENTITY_MISMATCH',
    );
    expectError(
      await call('POST', '/api/auth/login', { token: me.token, payload: { uid: me.uid, email: other.email } }),
      403,
      'IDENTITY_MISMATCH',
    );
  });

  it('refuses a banned user', async () => {
    const banned = await createBannedUser({ db: db(), reason: 'no-show' });
    const body = expectError(await call('POST', '/api/auth/login', { token: banned.token }), 403, 'BANNED');
    expect(body.error).toMatch(/^You are banned until \d{2}\/\d{2}\/\d{4}\. Reason: no-show$/);
  });
});

describe('POST /api/auth/verify', () => {
  it('returns the token and the current user, and records the activity', async () => {
    const user = await createUser({ db: db() });
    expect(user.lastActiveAt).toBeNull();
    const res = await call('POST', '/api/auth/verify', { cookie: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: user.token, user: { _id: user.id, email: user.email, rank: 'Gold 2' } });
    expect((await userById(user.id)).lastActiveAt).not.toBeNull();
  });

  it('answers 403 NO_ACCOUNT for an identity without an account', async () => {
    const { token } = await createIdentitySession({ db: db() });
    expectError(await call('POST', '/api/auth/verify', { token }), 403, 'NO_ACCOUNT');
  });

  describe('bans', () => {
    async function ban(userId: string, fields: Partial<typeof bans.$inferInsert>) {
      const admin = await createAdmin({ db: db() });
      await db()
        .insert(bans)
        .values({
          userId,
          bannedBy: admin.id,
          dateFrom: new Date(Date.now() - 60_000),
          dateTo: new Date('2099-03-07T12:00:00Z'),
          reason: 'griefing',
          ...fields,
        });
    }

    it('refuses a user under a ban with the MM/DD/YYYY end date and the reason', async () => {
      const user = await createUser({ db: db() });
      await ban(user.id, { reason: 'Flaming in chat' });
      const res = await call('POST', '/api/auth/verify', { token: user.token });
      expectError(res, 403, 'BANNED', 'You are banned until 03/07/2099. Reason: Flaming in chat');
    });

    it('lets in a user whose ban has ended, was lifted, or has not started', async () => {
      const ended = await createUser({ db: db() });
      await ban(ended.id, { dateFrom: new Date(Date.now() - 2 * 86_400_000), dateTo: new Date(Date.now() - 1000) });
      const lifted = await createUser({ db: db() });
      await ban(lifted.id, { isActive: false, liftedAt: new Date() });
      const future = await createUser({ db: db() });
      await ban(future.id, { dateFrom: new Date(Date.now() + 86_400_000) });
      for (const user of [ended, lifted, future]) {
        const res = await call('POST', '/api/auth/verify', { token: user.token });
        expect(res.statusCode, res.body).toBe(200);
      }
    });
  });
});

describe('PUT /api/auth/update-user', () => {
  it('changes the rank and returns {token, user}', async () => {
    const user = await createUser({ db: db() });
    const res = await call('PUT', '/api/auth/update-user', { token: user.token, payload: { rank: 'Platinum 1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      token: user.token,
      user: { _id: user.id, rank: 'Platinum 1', name: user.name },
    });
    expect(await userById(user.id)).toMatchObject({
      rank: 'Platinum 1',
      name: user.name,
      discord: user.discord,
      region: 'NA',
    });
  });

  it('updates the Settings fields together, and the profile background alone', async () => {
    const user = await createUser({ db: db() });
    const settings = {
      name: `New ${unique()}`,
      summonerTagline: 'EUW',
      region: 'EUW',
      discord: `new_${unique()}`,
      rank: 'Challenger',
      canSendEmailsToUser: true,
    };
    const res = await call('PUT', '/api/auth/update-user', { cookie: user.token, payload: settings });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject(settings);

    const bg = await call('PUT', '/api/auth/update-user', {
      cookie: user.token,
      payload: { profileBackgroundImg: 'Cat', profileBackgroundBlur: '4' },
    });
    expect(bg.statusCode).toBe(200);
    expect(await userById(user.id)).toMatchObject({
      ...settings,
      profileBackgroundImg: 'Cat',
      profileBackgroundBlur: '4',
    });
  });

  it('leaves the fields it is not sent alone (the email consent is not reset)', async () => {
    const user = await createUser({ db: db(), canSendEmailsToUser: true, profileBackgroundImg: 'Thresh' });
    const res = await call('PUT', '/api/auth/update-user', { token: user.token, payload: { rank: 'Bronze 3' } });
    expect(res.statusCode, res.body).toBe(200);
    const { token: _token, ...before } = user;
    expect(await userById(user.id)).toEqual({ ...before, rank: 'Bronze 3' });
  });

  it('answers an empty update with the unchanged user', async () => {
    const user = await createUser({ db: db() });
    const res = await call('PUT', '/api/auth/update-user', { cookie: user.token, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ token: user.token, user: { _id: user.id, name: user.name, rank: 'Gold 2' } });
  });

  it('only ever updates the session user, whatever ids the body carries', async () => {
    const me = await createUser({ db: db() });
    const other = await createUser({ db: db() });
    const res = await call('PUT', '/api/auth/update-user', {
      token: me.token,
      payload: { _id: other.id, id: other.id, uid: other.uid, email: other.email, isAdmin: true, rank: 'Iron 4' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ _id: me.id, uid: me.uid, email: me.email, isAdmin: false, rank: 'Iron 4' });
    expect(await userById(other.id)).toMatchObject({
      rank: 'Gold 2',
      uid: other.uid,
      email: other.email,
      isAdmin: false,
    });
    expect(await userById(me.id)).toMatchObject({ uid: me.uid, email: me.email, isAdmin: false });
  });

  it('answers 403 NO_ACCOUNT for an identity without an account', async () => {
    const { token } = await createIdentitySession({ db: db() });
    expectError(await call('PUT', '/api/auth/update-user', { token, payload: { rank: 'Iron 1' } }), 403, 'NO_ACCOUNT');
  });

  it('refuses a banned user and writes nothing', async () => {
    const banned = await createBannedUser({ db: db(), reason: 'afk' });
    const res = await call('PUT', '/api/auth/update-user', {
      token: banned.token,
      payload: { rank: 'Iron 1', adminKey: ADMIN_KEY },
    });
    const body = expectError(res, 403, 'BANNED');
    expect(body.error).toMatch(/^You are banned until \d{2}\/\d{2}\/\d{4}\. Reason: afk$/);
    expect(await userById(banned.id)).toMatchObject({ rank: 'Gold 2', isAdmin: false });
  });

  describe('admin key', () => {
    it('makes the user an admin with the exact ADMIN_KEY', async () => {
      const user = await createUser({ db: db() });
      const res = await call('PUT', '/api/auth/update-user', { token: user.token, payload: { adminKey: ADMIN_KEY } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.isAdmin).toBe(true);
      expect((await userById(user.id)).isAdmin).toBe(true);
    });

    it('refuses any other key (403 BAD_ADMIN_KEY), leaving isAdmin and the other fields unchanged', async () => {
      const user = await createUser({ db: db() });
      const wrongKeys = [
        'wrong-key-of-some-length',
        ADMIN_KEY.toUpperCase(),
        ADMIN_KEY.slice(0, -1),
        `${ADMIN_KEY} `,
        ` ${ADMIN_KEY}`,
        `${ADMIN_KEY}x`,
        'x',
        'k'.repeat(200),
      ];
      for (const adminKey of wrongKeys) {
        const res = await call('PUT', '/api/auth/update-user', {
          token: user.token,
          payload: { adminKey, rank: 'Iron 1' },
        });
        expectError(res, 403, 'BAD_ADMIN_KEY', MESSAGES.badAdminKey);
      }
      expect(await userById(user.id)).toMatchObject({ isAdmin: false, rank: 'Gold 2' });
    });

    it('ignores an empty key and rejects an oversized one', async () => {
      const user = await createUser({ db: db() });
      const empty = await call('PUT', '/api/auth/update-user', { token: user.token, payload: { adminKey: '' } });
      expect(empty.statusCode).toBe(200);
      expect(empty.json().user.isAdmin).toBe(false);
      expectError(
        await call('PUT', '/api/auth/update-user', { token: user.token, payload: { adminKey: 'k'.repeat(201) } }),
        400,
        'VALIDATION',
      );
      expect((await userById(user.id)).isAdmin).toBe(false);
    });

    it('keeps an admin an admin when the key is not sent', async () => {
      const admin = await createAdmin({ db: db() });
      const res = await call('PUT', '/api/auth/update-user', { token: admin.token, payload: { rank: 'Master' } });
      expect(res.json().user).toMatchObject({ isAdmin: true, rank: 'Master' });
    });

    it('refuses every key when the server has no ADMIN_KEY', async () => {
      const noKey = await createTestApp();
      try {
        const user = await createUser({ db: noKey.database.db });
        for (const adminKey of [ADMIN_KEY, 'undefined', 'null']) {
          const res = await noKey.app.inject({
            method: 'PUT',
            url: '/api/auth/update-user',
            headers: bearer(user.token),
            payload: { adminKey },
          });
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe('BAD_ADMIN_KEY');
        }
        const [row] = await noKey.database.db.select().from(users).where(eq(users.id, user.id));
        expect(row!.isAdmin).toBe(false);
      } finally {
        await noKey.close();
      }
    });
  });

  describe('bad input (400, nothing written)', () => {
    const cases: [string, Record<string, unknown>, string | null][] = [
      ['empty name', { name: '' }, 'Summoner Name is empty!'],
      ['name with symbols', { name: 'x_X' }, 'Summoner Name accepts only letters, digits and spaces'],
      ['empty tagline', { summonerTagline: '' }, 'Tagline is empty!'],
      ['tagline with #', { summonerTagline: '#EUW' }, 'Tagline should not include # symbol'],
      ['tagline over 5', { summonerTagline: 'EUW123' }, 'Tagline can be at most 5 characters'],
      ['empty discord', { discord: ' ' }, 'Discord is empty!'],
      ['bad region', { region: 'XX' }, null],
      ['rank Gold 7', { rank: 'Gold 7' }, 'Rank is not a valid rank'],
      ['rank Master 1', { rank: 'Master 1' }, 'Rank is not a valid rank'],
      ['unknown background', { profileBackgroundImg: 'Dog' }, null],
      ['background in lower case', { profileBackgroundImg: 'cat' }, null],
      ['blur not in the list', { profileBackgroundBlur: '5' }, null],
      ['blur as a number', { profileBackgroundBlur: 20 }, null],
      ['emails consent as text', { canSendEmailsToUser: 'true' }, null],
    ];
    for (const [label, payload, message] of cases) {
      it(label, async () => {
        const user = await createUser({ db: db() });
        const res = await call('PUT', '/api/auth/update-user', {
          token: user.token,
          payload: { summonerTagline: 'OK1', ...payload },
        });
        const body = expectError(res, 400, 'VALIDATION');
        const field = Object.keys(payload)[0]!;
        expect(body.details?.map((d) => d.path)).toContain(field);
        if (message) expect(body.details).toContainEqual({ path: field, message });
        const { token: _token, ...before } = user;
        expect(await userById(user.id)).toEqual(before);
      });
    }
  });

  describe('conflicts (409)', () => {
    it('refuses a name taken by another user in the same region, case and spaces ignored', async () => {
      const id = unique();
      const owner = await createUser({ db: db(), name: `Owner ${id}`, region: 'LAN' });
      const me = await createUser({ db: db(), region: 'LAN' });
      const res = await call('PUT', '/api/auth/update-user', { token: me.token, payload: { name: `OWNER  ${id}` } });
      expectError(res, 409, 'NAME_TAKEN', MESSAGES.nameTaken(`OWNER ${id}`, 'LAN'));
      expect((await userById(me.id)).name).toBe(me.name);
      expect((await userById(owner.id)).name).toBe(`Owner ${id}`);
    });

    it('refuses moving into a region where the name is taken, and allows a region where it is free', async () => {
      const id = unique();
      await createUser({ db: db(), name: `Mover ${id}`, region: 'OCE' });
      const me = await createUser({ db: db(), name: `Mover ${id}`, region: 'NA' });
      const res = await call('PUT', '/api/auth/update-user', { token: me.token, payload: { region: 'OCE' } });
      expectError(res, 409, 'NAME_TAKEN', `Summoner name Mover ${id} in OCE is already taken!`);
      expect((await userById(me.id)).region).toBe('NA');
      const free = await call('PUT', '/api/auth/update-user', { token: me.token, payload: { region: 'EUNE' } });
      expect(free.statusCode).toBe(200);
    });

    it('lets a user re-case their own name', async () => {
      const id = unique();
      const me = await createUser({ db: db(), name: `Self ${id}` });
      const res = await call('PUT', '/api/auth/update-user', { token: me.token, payload: { name: `SELF ${id}` } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.name).toBe(`SELF ${id}`);
    });

    it("refuses another user's discord after normalisation ('Foo #123' vs 'foo#123')", async () => {
      const id = unique();
      await createUser({ db: db(), discord: `Foo${id} #123` });
      const me = await createUser({ db: db() });
      const res = await call('PUT', '/api/auth/update-user', { token: me.token, payload: { discord: `foo${id}#123` } });
      expectError(res, 409, 'DISCORD_TAKEN', `Discord name foo${id}#123 is already taken!`);
      expect((await userById(me.id)).discord).toBe(me.discord);
    });
  });
});

describe('POST /api/auth/logout', () => {
  it('deletes the Bearer session so the token stops working, and clears the cookie', async () => {
    const user = await createUser({ db: db() });
    const res = await call('POST', '/api/auth/logout', { token: user.token });
    expect(res.statusCode).toBe(204);
    const cleared = setCookie(res);
    expect(cleared?.value).toBe('');
    expect(await sessionOf(user.token)).toBeNull();
    expectError(await call('POST', '/api/auth/verify', { token: user.token }), 401, 'UNAUTHORIZED');
    expect((await call('GET', '/api/auth/session', { cookie: user.token })).json()).toEqual({
      token: null,
      user: null,
      identity: null,
    });
  });

  it("ends only this device's cookie session", async () => {
    const user = await createUser({ db: db() });
    const otherDevice = await createSession({ db: db(), userId: user.id, email: user.email! });
    expect((await call('POST', '/api/auth/logout', { cookie: user.token })).statusCode).toBe(204);
    expect((await call('POST', '/api/auth/verify', { cookie: user.token })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/verify', { cookie: otherDevice })).statusCode).toBe(200);
  });

  it('ends an identity session too', async () => {
    const { token } = await createIdentitySession({ db: db() });
    expect((await call('POST', '/api/auth/logout', { token })).statusCode).toBe(204);
    expect(await sessionOf(token)).toBeNull();
    expectError(await call('POST', '/api/auth/register', { token, payload: profile() }), 401, 'UNAUTHORIZED');
  });

  it('answers 204 without a session, or with a forged one, and deletes nothing', async () => {
    const user = await createUser({ db: db() });
    expect((await call('POST', '/api/auth/logout')).statusCode).toBe(204);
    expect((await call('POST', '/api/auth/logout', { token: forgedToken() })).statusCode).toBe(204);
    expect(await sessionOf(user.token)).not.toBeNull();
  });
});

describe('malformed requests are a 400, never a 500', () => {
  const bodies = [
    ['malformed JSON', '{"name": "x",'],
    ['a JSON string', '"just text"'],
    ['a JSON array', '[1, 2]'],
    ['JSON null', 'null'],
    ['an empty body', ''],
  ] as const;
  const endpoints = [
    ['POST', '/api/auth/register'],
    ['POST', '/api/auth/dev-login'],
    ['PUT', '/api/auth/update-user'],
    ['POST', '/api/auth/login'],
  ] as const;
  for (const [method, url] of endpoints) {
    for (const [label, payload] of bodies) {
      it(`${method} ${url} with ${label}`, async () => {
        const user = await createUser({ db: db() });
        const identity = await createIdentitySession({ db: db() });
        const token = url.endsWith('register') ? identity.token : user.token;
        const sessionsBefore = await countSessions();
        const res = await call(method, url, { token, payload, headers: { 'content-type': 'application/json' } });
        if (url.endsWith('/login') && payload === 'null') {
          // The login body is optional: nothing to reject.
          expect(res.statusCode).toBe(200);
          return;
        }
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
        expect(await countSessions()).toBe(sessionsBefore);
        expect(await usersWithUid(`dev|${identity.email}`)).toBe(0);
        expect(await userById(user.id)).toMatchObject({ rank: 'Gold 2', name: user.name });
      });
    }
  }

  it('answers 415 for a body that is not JSON', async () => {
    const { token } = await createIdentitySession({ db: db() });
    const res = await call('POST', '/api/auth/register', {
      token,
      payload: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('does not leak internals for a session lookup with a huge token', async () => {
    const res = await call('POST', '/api/auth/verify', { token: 'x'.repeat(5000) });
    expectError(res, 401, 'UNAUTHORIZED');
  });

  it('ignores a session of a deleted user', async () => {
    const user = await createUser({ db: db() });
    await db().delete(users).where(eq(users.id, user.id));
    expectError(await call('POST', '/api/auth/verify', { token: user.token }), 401, 'UNAUTHORIZED');
  });
});

describe('preferred roles (sign-up and Settings)', () => {
  it('sign-up takes a primary and a secondary role, and both default to Fill', async () => {
    const { token } = await createIdentitySession({ db: db() });
    const res = await call('POST', '/api/auth/register', {
      token,
      payload: profile({ primaryRole: 'Mid', secondaryRole: 'Support' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const verify = await call('POST', '/api/auth/verify', { token });
    expect(verify.json().user).toMatchObject({
      primaryRole: 'Mid',
      secondaryRole: 'Support',
      verified: false,
      rankSource: 'self',
      riotAccount: null,
    });

    const other = await createIdentitySession({ db: db() });
    expect((await call('POST', '/api/auth/register', { token: other.token, payload: profile() })).statusCode).toBe(200);
    const defaults = (await call('POST', '/api/auth/verify', { token: other.token })).json().user;
    expect(defaults).toMatchObject({ primaryRole: 'Fill', secondaryRole: 'Fill' });
  });

  it('refuses a role that is not one of the six, at sign-up and in Settings, writing nothing', async () => {
    const { token } = await createIdentitySession({ db: db() });
    const bad = await call('POST', '/api/auth/register', { token, payload: { ...profile(), primaryRole: 'Carry' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('Role must be one of Top, Jungle, Mid, ADC, Support, Fill');
    expect((await sessionOf(token))?.userId).toBeNull();

    const user = await createUser({ db: db() });
    for (const payload of [{ secondaryRole: 'top' }, { primaryRole: 3 }, { primaryRole: null }]) {
      const res = await call('PUT', '/api/auth/update-user', { token: user.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await userById(user.id)).toMatchObject({ primaryRole: 'Fill', secondaryRole: 'Fill' });
  });

  it('Settings changes the roles alone or with the rest; the session user carries them', async () => {
    const user = await createUser({ db: db() });
    const res = await call('PUT', '/api/auth/update-user', {
      token: user.token,
      payload: { primaryRole: 'ADC', secondaryRole: 'Fill' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ primaryRole: 'ADC', secondaryRole: 'Fill', rank: user.rank });
    expect(await userById(user.id)).toMatchObject({ primaryRole: 'ADC', secondaryRole: 'Fill' });
    const session = await call('GET', '/api/auth/session', { token: user.token });
    expect(session.json().user).toMatchObject({ primaryRole: 'ADC', secondaryRole: 'Fill' });
  });
});
