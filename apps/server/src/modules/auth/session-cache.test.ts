import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, SOCKET_EVENTS } from '@scrim-gym/shared';
import type { Database } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createIdentitySession, createSession, createUser, unique } from '../../test/factories.js';
import { connectClient, listenLocally } from '../../test/social.js';
import type { SessionLookup } from './auth.repository.js';
import { createSessionCache } from './session-cache.js';

/**
 * The session cache (session-cache.ts) on its own, then in the app on this run's database (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL). Across instances: session-cache.instances.test.ts.
 */

const lookup = (userId: string | null, expiresAt = new Date(Date.now() + 3_600_000)): SessionLookup =>
  ({ session: { userId, expiresAt }, user: null, ban: null }) as unknown as SessionLookup;

describe('createSessionCache', () => {
  it('answers from memory within the TTL, then looks up again', async () => {
    let clock = 1_000;
    const load = vi.fn(async () => lookup('u1'));
    const cache = createSessionCache({ ttlMs: 5_000, load, now: () => clock });
    await cache.get('a');
    await cache.get('a');
    expect(load).toHaveBeenCalledTimes(1);
    clock += 5_000;
    await cache.get('a');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("never keeps an entry past its session's own expiry", async () => {
    let clock = 1_000;
    const load = vi.fn(async () => lookup('u1', new Date(2_000)));
    const cache = createSessionCache({ ttlMs: 5_000, load, now: () => clock });
    await cache.get('a');
    clock = 1_999;
    await cache.get('a');
    expect(load).toHaveBeenCalledTimes(1);
    clock = 2_000;
    await cache.get('a');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one lookup between concurrent misses (single flight), and caches a miss too', async () => {
    let release!: (value: SessionLookup | null) => void;
    const load = vi.fn(() => new Promise<SessionLookup | null>((resolve) => (release = resolve)));
    const cache = createSessionCache({ ttlMs: 5_000, load });
    const answers = Promise.all([cache.get('a'), cache.get('a'), cache.get('a')]);
    release(null);
    expect(await answers).toEqual([null, null, null]);
    await cache.get('a');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not store a lookup that was in flight when something was forgotten', async () => {
    const releases: Array<(value: SessionLookup | null) => void> = [];
    const load = vi.fn(() => new Promise<SessionLookup | null>((resolve) => releases.push(resolve)));
    const cache = createSessionCache({ ttlMs: 5_000, load });
    const before = cache.get('a');
    cache.forget({ userIds: ['u1'] });
    // A request after the forget does not join the old lookup: it starts its own.
    const after = cache.get('a');
    expect(load).toHaveBeenCalledTimes(2);
    releases[0]!(lookup('u1'));
    releases[1]!(null);
    expect(await before).not.toBeNull();
    expect(await after).toBeNull();
    expect(await cache.get('a')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets by token hash and by user (every session of the user), leaving the others', async () => {
    const owners: Record<string, string | null> = { a: 'u1', b: 'u1', c: 'u2', d: null };
    const load = vi.fn(async (hash: string) => lookup(owners[hash]!));
    const cache = createSessionCache({ ttlMs: 5_000, load });
    for (const hash of Object.keys(owners)) await cache.get(hash);
    cache.forget({ userIds: ['u1'] });
    cache.forget({ tokenHash: 'd' });
    expect(cache.size).toBe(1);
    for (const hash of Object.keys(owners)) await cache.get(hash);
    expect(load.mock.calls.map(([hash]) => hash)).toEqual(['a', 'b', 'c', 'd', 'a', 'b', 'd']);
  });

  it('is bounded: over maxEntries the oldest go first; a failed lookup is not cached', async () => {
    const load = vi.fn(async (hash: string) => {
      if (hash === 'boom') throw new Error('database down');
      return lookup(hash);
    });
    const cache = createSessionCache({ ttlMs: 5_000, maxEntries: 2, load });
    for (const hash of ['a', 'b', 'c']) await cache.get(hash);
    expect(cache.size).toBe(2);
    await cache.get('a');
    expect(load).toHaveBeenCalledTimes(4);
    await expect(cache.get('boom')).rejects.toThrow('database down');
    await expect(cache.get('boom')).rejects.toThrow('database down');
  });

  it('with a TTL of 0 looks up every time', async () => {
    const load = vi.fn(async () => lookup('u1'));
    const cache = createSessionCache({ ttlMs: 0, load });
    await cache.get('a');
    await cache.get('a');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

/**
 * Every statement the app sends to the database, by text: the driver's `query` (PGlite's, or node-postgres'
 * pool's) is wrapped for the length of a test.
 */
function recordStatements(db: Database) {
  const client = (db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
  const original = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    texts.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return original.apply(this, args);
  };
  return {
    count: (pattern: RegExp) => texts.filter((text) => pattern.test(text)).length,
    stop: () => {
      client.query = original;
    },
  };
}

const SESSION_LOOKUP = /from "sessions"/;
const ACTIVITY_WRITE = /update "users" set "last_active_at"/;
const ADMIN_KEY = 'correct-horse-admin-key-42';

describe('sessions in the app', () => {
  let ctx: TestContext;
  let recorder: ReturnType<typeof recordStatements> | null = null;
  beforeAll(async () => {
    ctx = await createTestApp({ ADMIN_KEY });
  });
  afterEach(() => {
    recorder?.stop();
    recorder = null;
    vi.useRealTimers();
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const record = () => (recorder = recordStatements(db()));
  const get = (url: string, headers: Record<string, string> = {}, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers, ...(cookie && { cookies: { [SESSION_COOKIE]: cookie } }) });

  it('looks a token up once within the TTL, with one prepared statement', async () => {
    const user = await createUser({ db: db() });
    const statements = record();
    for (let i = 0; i < 3; i++) expect((await get('/api/auth/session', bearer(user.token))).statusCode).toBe(200);
    expect(statements.count(SESSION_LOOKUP)).toBe(1);
  });

  it("a socket's handshake and its checks before writes share the HTTP requests' cache", async () => {
    const user = await createUser({ db: db() });
    const url = await listenLocally(ctx.app);
    const statements = record();
    expect((await get('/api/auth/session', bearer(user.token))).json().user._id).toBe(user.id);
    const c = await connectClient(url, user.token);
    try {
      // Joining a room is checked like a write (socket-guard.ts): three checks, no lookup of their own.
      for (let i = 0; i < 3; i++) {
        expect(await c.request(SOCKET_EVENTS.joinScrimRoom, randomUUID())).toMatchObject({ ok: true });
      }
      expect(statements.count(SESSION_LOOKUP)).toBe(1);
    } finally {
      c.close();
    }
  });

  it('server status, health and the sign-in options look no session up, even with a cookie', async () => {
    const user = await createUser({ db: db() });
    const statements = record();
    expect((await get('/api/server-status', {}, user.token)).json()).toEqual({ isServerUp: true });
    expect((await get('/api/auth/providers', bearer(user.token))).statusCode).toBe(200);
    expect((await get('/api/health/ready', {}, user.token)).statusCode).toBe(200);
    expect((await get('/api/no-such-route', bearer(user.token))).statusCode).toBe(404);
    expect(statements.count(SESSION_LOOKUP)).toBe(0);
    // The same cookie on a route that uses it: one lookup (what the three above would have cost each).
    expect((await get('/api/auth/session', {}, user.token)).json().user._id).toBe(user.id);
    expect(statements.count(SESSION_LOOKUP)).toBe(1);
  });

  it('refuses an expired session even while it is cached', async () => {
    const user = await createUser({ db: db() });
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1_000) })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    expect((await get('/api/auth/session', bearer(user.token))).json().user._id).toBe(user.id);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // Well within the 5 s TTL, past the session's own expiry.
    expect((await get('/api/auth/session', bearer(user.token))).json().user).toBeNull();
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(user.token) })).statusCode,
    ).toBe(401);
  });

  it('an admin flag granted (admin key) or a profile changed is seen at once by every session of the user', async () => {
    const user = await createUser({ db: db() });
    const other = await createSession({ db: db(), userId: user.id, email: user.email! });
    expect((await get('/api/admin/dashboard-stats', bearer(other))).statusCode).toBe(403);
    expect((await get('/api/auth/session', bearer(other))).json().user.rank).toBe('Gold 2');
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/update-user',
      headers: bearer(user.token),
      payload: { adminKey: ADMIN_KEY, rank: 'Diamond 1' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await get('/api/admin/dashboard-stats', bearer(other))).statusCode).toBe(200);
    expect((await get('/api/auth/session', bearer(other))).json().user).toMatchObject({
      rank: 'Diamond 1',
      isAdmin: true,
    });
  });

  it('registration turns a cached identity session into the user at once', async () => {
    const { token, email } = await createIdentitySession({ db: db() });
    expect((await get('/api/auth/session', bearer(token))).json()).toMatchObject({ user: null, identity: { email } });
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: bearer(token),
      payload: {
        name: `Cache ${unique()}`,
        summonerTagline: 'NA1',
        region: 'NA',
        discord: `cache_${unique()}`,
        rank: 'Gold 2',
        canSendEmailsToUser: false,
      },
    });
    expect(registered.statusCode).toBe(200);
    expect((await get('/api/auth/session', bearer(token))).json()).toMatchObject({ user: { email }, identity: null });
  });

  it('a logged-out cookie cached as unknown does not stop the next sign-in', async () => {
    const email = `cache-${unique()}@test.dev`;
    const first = await ctx.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email } });
    const stale = first.json().token as string;
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(stale) });
    expect((await get('/api/auth/session', {}, stale)).json().identity).toBeNull();
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { email } });
    expect((await get('/api/auth/session', {}, again.json().token)).json().identity).toMatchObject({ email });
  });

  it('writes last_active_at at most once a minute per session, and per user over sessions', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-05-04T12:00:00Z') });
    const user = await createUser({ db: db() });
    const other = await createSession({ db: db(), userId: user.id, email: user.email! });
    const lastActive = async () =>
      (await db().select({ at: users.lastActiveAt }).from(users).where(eq(users.id, user.id)))[0]!.at;
    const statements = record();

    for (let i = 0; i < 5; i++) await get('/api/auth/session', bearer(user.token));
    expect(statements.count(ACTIVITY_WRITE)).toBe(1);
    expect(await lastActive()).toEqual(new Date('2031-05-04T12:00:00Z'));

    // The user's other session, 30 s later: its first call sends the statement, which writes nothing (the row
    // is less than a minute old).
    vi.setSystemTime(new Date('2031-05-04T12:00:30Z'));
    await get('/api/auth/session', bearer(other));
    await get('/api/auth/session', bearer(user.token));
    expect(statements.count(ACTIVITY_WRITE)).toBe(2);
    expect(await lastActive()).toEqual(new Date('2031-05-04T12:00:00Z'));

    vi.setSystemTime(new Date('2031-05-04T12:01:01Z'));
    await get('/api/auth/session', bearer(user.token));
    expect(statements.count(ACTIVITY_WRITE)).toBe(3);
    expect(await lastActive()).toEqual(new Date('2031-05-04T12:01:01Z'));
  });

  it('the first call of a UTC day writes, so the dashboard counts the user active today', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-05-04T23:59:40Z') });
    const user = await createUser({ db: db() });
    await get('/api/auth/session', bearer(user.token));
    vi.setSystemTime(new Date('2031-05-05T00:00:10Z'));
    await get('/api/auth/session', bearer(user.token));
    const [row] = await db().select({ at: users.lastActiveAt }).from(users).where(eq(users.id, user.id));
    expect(row!.at).toEqual(new Date('2031-05-05T00:00:10Z'));
  });
});
