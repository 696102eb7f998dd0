import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';
import { bearer, createUser, type TestUser } from '../test/factories.js';
import { expectError } from '../test/scrim-api.js';
import { befriend } from '../test/social.js';
import { createUsers } from '../test/scrim-factories.js';
import { SIGN_IN_BURST } from '../modules/auth/auth.routes.js';
import { FRIEND_REQUEST_BURST } from '../modules/friends/index.js';
import { MESSAGE_BURST } from '../modules/messages/index.js';
import { installWriteJournal, type WriteJournal } from '../test/write-journal.js';

/**
 * The rate limits: sign-in (per IP), messages, friend requests and Riot look-ups (per user). Each
 * answers 429 `{error, code: 'RATE_LIMITED'}` with Retry-After once the burst is spent, writes nothing, and
 * leaves other clients alone. (The limiter itself, in memory and in Redis, is tested in lib/rate-limit.test.ts.)
 */
let ctx: TestContext;
let journal: WriteJournal;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  journal = await installWriteJournal(db());
});
afterAll(() => ctx?.close());

/**
 * Sends `count` calls at once, more than the burst allows: those over it (less the few tokens that refill
 * meanwhile) are refused with the 429 body and Retry-After, and only the accepted ones inserted into `table`.
 */
async function flood({
  count,
  burst,
  table,
  send,
}: {
  count: number;
  burst: number;
  table: string | null;
  send: (i: number) => Promise<LightMyRequestResponse>;
}) {
  const mark = await journal.mark();
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  const refused = answers.filter((res) => res.statusCode === 429);
  const accepted = answers.filter((res) => res.statusCode < 300);
  expect(accepted.length + refused.length, answers.map((r) => r.statusCode).join(' ')).toBe(count);
  expect(refused.length).toBeGreaterThanOrEqual(count - burst - 5);
  for (const res of refused) {
    expectError(res, 429, 'RATE_LIMITED', 'Too many requests, please slow down.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
  const inserts = (await journal.since(mark)).filter((w) => w.table === table && w.op === 'INSERT');
  expect(inserts).toHaveLength(table ? accepted.length : 0);
}

describe('rate limits', () => {
  it('sign-in: a burst per IP, other IPs unaffected', async () => {
    const signIn = (remoteAddress = '203.0.113.7') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/dev-login',
        remoteAddress,
        payload: { email: 'flood@test.dev' },
      });
    await flood({ count: SIGN_IN_BURST + 20, burst: SIGN_IN_BURST, table: 'sessions', send: () => signIn() });
    // The other ways in are guarded too (no provider is configured here: the allowed starts are 404s).
    const starts = await Promise.all(
      Array.from({ length: SIGN_IN_BURST + 20 }, () =>
        ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start', remoteAddress: '203.0.113.9' }),
      ),
    );
    expect(starts.filter((res) => res.statusCode === 429).length).toBeGreaterThanOrEqual(15);
    expect((await signIn('203.0.113.8')).statusCode).toBe(200);
  });

  it('messages: a burst per user', async () => {
    const [a, b] = await createUsers({ db: db(), count: 2 });
    await befriend({ db: db(), a: a!, b: b! });
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(a!.token),
      payload: { receiverId: b!.id },
    });
    const conversationId = (start.json() as { _id: string })._id;
    await flood({
      count: MESSAGE_BURST + 10,
      burst: MESSAGE_BURST,
      table: 'messages',
      send: (i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/messages',
          headers: bearer(a!.token),
          payload: { conversationId, text: `message ${i}` },
        }),
    });
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(b!.token),
      payload: { conversationId, text: 'my own budget' },
    });
    expect(reply.statusCode).toBe(201);
  });

  it('friend requests: a burst per sender', async () => {
    const sender = await createUser({ db: db() });
    const receivers: TestUser[] = await createUsers({ db: db(), count: FRIEND_REQUEST_BURST + 10 });
    await flood({
      count: receivers.length,
      burst: FRIEND_REQUEST_BURST,
      table: 'friend_requests',
      send: (i) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/friend-requests/send-friend-request/${receivers[i]!.id}/${sender.id}`,
          headers: bearer(sender.token),
        }),
    });
    const other = await createUser({ db: db() });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/friend-requests/send-friend-request/${receivers[0]!.id}/${other.id}`,
      headers: bearer(other.token),
    });
    expect(res.statusCode).toBe(201);
  });

  it('Riot look-ups: 20 a minute per user', async () => {
    const user = await createUser({ db: db() });
    await flood({
      count: 30,
      burst: 20,
      table: null,
      send: () =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/riot/summoner?gameName=Faker&tagLine=KR1&region=KR',
          headers: bearer(user.token),
        }),
    });
  });
});
