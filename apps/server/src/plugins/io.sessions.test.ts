import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SOCKET_EVENTS, type Conversation } from '@scrim-gym/shared';
import { bans, messages, sessions, users } from '../db/schema/index.js';
import { hashToken } from '../lib/tokens.js';
import { createTestApp, type TestContext } from '../test/app.js';
import { bearer, createSession, createUser, type TestUser } from '../test/factories.js';
import {
  befriend,
  connectClient,
  disconnection,
  expectServed,
  listenLocally,
  settle,
  type TestClient,
} from '../test/social.js';
import { endUserSockets } from '../modules/auth/index.js';

/**
 * A socket lives no longer than its session, through real socket.io-client connections. Two instances on one
 * database: `checking` re-checks its sockets' sessions every 200 ms; `steady` keeps the default (60 s), so what
 * happens on it within a test is the work of the logout, the end function, or the check before a write. A row
 * changed straight in the database (behind the app's back: nothing forgets it) is seen by `steady`'s check
 * before a write once its session cache's entry is older than SESSION_CACHE_TTL_MS (200 ms here).
 */
const SESSION_CACHE_TTL_MS = 200;
const pastSessionCache = () => new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_TTL_MS + 50));
let checking: TestContext;
let steady: TestContext;
const urls = new Map<TestContext, string>();
const open: TestClient[] = [];

beforeAll(async () => {
  checking = await createTestApp({ SOCKET_SESSION_CHECK_MS: '200' });
  steady = await createTestApp({ SESSION_CACHE_TTL_MS: String(SESSION_CACHE_TTL_MS) }, { database: checking.database });
  for (const ctx of [checking, steady]) urls.set(ctx, await listenLocally(ctx.app));
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
afterAll(async () => {
  await steady.close();
  await checking.close();
});

const db = () => checking.database.db;

async function tab(ctx: TestContext, token: string) {
  const c = await connectClient(urls.get(ctx)!, token);
  open.push(c);
  return c;
}

async function secondSession(user: TestUser) {
  return createSession({ db: db(), userId: user.id, email: user.email! });
}

describe('the end of a session ends its sockets', () => {
  it("logout disconnects every socket of that session, not the same user's other session", async () => {
    const [user, other] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const otherSessionToken = await secondSession(user);
    const loggedOut = [await tab(steady, user.token), await tab(steady, user.token)];
    const [otherSession, otherUser] = [await tab(steady, otherSessionToken), await tab(steady, other.token)];
    const ends = loggedOut.map((c) => disconnection(c));

    const res = await steady.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user.token) });
    expect(res.statusCode).toBe(204);
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    await settle();
    await expectServed(otherSession);
    await expectServed(otherUser);
    // The ended session cannot come back.
    await expect(connectClient(urls.get(steady)!, user.token)).rejects.toThrow(MESSAGES.notSignedIn);
  });

  it('endUserSockets (a ban, an account deletion) disconnects every socket of the user, of every session', async () => {
    const [user, other] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const tabs = [await tab(steady, user.token), await tab(steady, await secondSession(user))];
    const bystander = await tab(steady, other.token);
    const ends = tabs.map((c) => disconnection(c));
    endUserSockets({ io: steady.app.io, userId: user.id });
    expect(await Promise.all(ends)).toEqual(['io server disconnect', 'io server disconnect']);
    await expectServed(bystander);
  });

  it('the periodic check disconnects a socket whose session expired, was deleted, or whose user was banned or deleted', async () => {
    const [expired, deleted, banned, gone, kept] = [
      await createUser({ db: db() }),
      await createUser({ db: db() }),
      await createUser({ db: db() }),
      await createUser({ db: db() }),
      await createUser({ db: db() }),
    ];
    const tabs = {
      expired: await tab(checking, expired.token),
      deleted: await tab(checking, deleted.token),
      banned: await tab(checking, banned.token),
      gone: await tab(checking, gone.token),
      kept: await tab(checking, kept.token),
    };
    const ends = Object.fromEntries(Object.entries(tabs).map(([name, c]) => [name, disconnection(c)]));
    // Behind the app's back, straight in the database.
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired.token)));
    await db()
      .delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(deleted.token)));
    await db()
      .insert(bans)
      .values({
        userId: banned.id,
        dateFrom: new Date(Date.now() - 1000),
        dateTo: new Date(Date.now() + 3_600_000),
        reason: 'griefing',
      });
    await db().delete(users).where(eq(users.id, gone.id));

    for (const name of ['expired', 'deleted', 'banned', 'gone']) {
      expect(await ends[name], name).toBe('io server disconnect');
    }
    await expectServed(tabs.kept);
  });

  it('before a write event the session is checked again: an ended one is refused and disconnected', async () => {
    const [user, friend] = [await createUser({ db: db() }), await createUser({ db: db() })];
    await befriend({ db: db(), a: user, b: friend });
    const created = await steady.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(user.token),
      payload: { receiverId: friend.id },
    });
    const conversation = created.json<Conversation>();
    const c = await tab(steady, user.token);
    const ended = disconnection(c);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    await pastSessionCache();

    // A read-only event does not look the session up (it stays cheap): it is still served.
    expect(await c.request(SOCKET_EVENTS.leaveScrimRoom, randomUUID())).toEqual({ ok: true, data: null });
    const sent = await c.request(SOCKET_EVENTS.sendMessage, { conversationId: conversation._id, text: 'still here?' });
    expect(sent).toEqual({ ok: false, error: MESSAGES.notSignedIn, code: 'UNAUTHORIZED' });
    expect(await ended).toBe('io server disconnect');
    const [written] = await db().select({ n: count() }).from(messages).where(eq(messages.senderId, user.id));
    expect(written!.n).toBe(0);
  });

  it('before joining a room too: a banned user is refused with the ban and disconnected', async () => {
    const user = await createUser({ db: db() });
    const c = await tab(steady, user.token);
    const ended = disconnection(c);
    await db()
      .insert(bans)
      .values({
        userId: user.id,
        dateFrom: new Date(Date.now() - 1000),
        dateTo: new Date(Date.now() + 3_600_000),
        reason: 'griefing',
      });
    await pastSessionCache();
    const joined = await c.request(SOCKET_EVENTS.joinScrimRoom, randomUUID());
    expect(joined).toMatchObject({ ok: false, code: 'BANNED' });
    expect((joined as { error: string }).error).toMatch(/^You are banned until .+\. Reason: griefing$/);
    expect(await ended).toBe('io server disconnect');
  });
});
