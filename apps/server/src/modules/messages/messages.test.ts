import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  SOCIAL_MESSAGES,
  type Conversation,
  type Message,
  type MessagesSeenPayload,
  type PostSeenResponse,
  type UnseenMessages,
} from '@scrim-gym/shared';
import { messageSeen, messages } from '../../db/schema/index.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { expectError } from '../../test/scrim-api.js';
import { addPlayers, createScrim } from '../../test/scrim-factories.js';
import {
  befriend,
  expectBanned,
  expectNoSession,
  expectStatus,
  expectValidation,
  useSocialApp,
} from '../../test/social.js';
import { clockPast, deliveredSoFar } from '../../test/waiting.js';
import { MESSAGE_BURST } from './messages.rate-limit.js';

const { app, call, client, db } = useSocialApp();
const NIL = '00000000-0000-4000-8000-000000000000';
const XSS = '<img src=x onerror=alert(1)>';

/** Two friends with a direct conversation (no message yet). */
async function pair() {
  const [a, b] = [await createUser({ db: db() }), await createUser({ db: db() })];
  await befriend({ db: db(), a, b });
  const conversation = expectStatus<Conversation>(
    await call('POST', '/api/conversations', a.token, { receiverId: b.id }),
    201,
  );
  return { a, b, conversationId: conversation._id };
}
const post = (from: TestUser, conversationId: string, text: string, extra: object = {}, token = from.token) =>
  call('POST', '/api/messages', token, { conversationId, text, ...extra });
const read = async (user: TestUser, conversationId: string, query = '') =>
  expectStatus<Message[]>(await call('GET', `/api/messages/${conversationId}${query}`, user.token), 200);
const unseen = async (user: TestUser) =>
  expectStatus<UnseenMessages>(await call('GET', '/api/messages/verifiedUser/unseen-messages', user.token), 200);
const messageCount = async (conversationId: string) =>
  (await db().select({ n: count() }).from(messages).where(eq(messages.conversationId, conversationId)))[0]!.n;

describe('every message endpoint: no session 401, banned 403 with the ban text', () => {
  it('refuses visitors and banned users, whatever the input', async () => {
    const { a, conversationId } = await pair();
    const banned = await createBannedUser({ db: db() });
    const paths: [string, string, object?][] = [
      ['GET', '/api/messages/verifiedUser/unseen-messages'],
      ['POST', '/api/messages', { conversationId, text: 'hi' }],
      ['POST', '/api/messages', { conversationId: 'nope', text: '' }],
      ['GET', `/api/messages/${conversationId}`],
      ['GET', '/api/messages/nope'],
      ['POST', `/api/messages/post-seen/${conversationId}`],
    ];
    for (const [method, path, body] of paths) {
      expectNoSession(await call(method as 'GET', path, undefined, body));
      expectBanned(await call(method as 'GET', path, banned.token, body));
    }
    expect(await messageCount(conversationId)).toBe(0);
    expect(await read(a, conversationId)).toEqual([]);
  });
});

describe('POST /messages and GET /messages/:conversationId', () => {
  it('a member sends; both members read it, oldest first; the receiver gets it live', async () => {
    const { a, b, conversationId } = await pair();
    const live = await client(b.token);
    try {
      const first = expectStatus<Message>(await post(a, conversationId, 'hello'), 201);
      expect(first).toMatchObject({
        text: 'hello',
        _sender: { _id: a.id, name: a.name, rank: a.rank },
        _receiver: b.id,
        _conversation: conversationId,
        _seenBy: [],
      });
      expect(await live.next<Message>('getMessage')).toEqual(first);
      const second = expectStatus<Message>(
        await post(b, conversationId, 'hey', { receiverId: a.id, senderId: b.id }),
        201,
      );
      for (const user of [a, b]) {
        expect((await read(user, conversationId)).map((m) => m._id)).toEqual([first._id, second._id]);
      }
    } finally {
      live.close();
    }
  });

  it('stores and returns <img src=x onerror=alert(1)> verbatim, as text', async () => {
    const { a, b, conversationId } = await pair();
    const live = await client(b.token);
    try {
      const sent = expectStatus<Message>(await post(a, conversationId, XSS), 201);
      expect(sent.text).toBe(XSS);
      expect((await live.next<Message>('getMessage')).text).toBe(XSS);
      expect((await read(b, conversationId))[0]!.text).toBe(XSS);
      const [row] = await db().select().from(messages).where(eq(messages.id, sent._id));
      expect(row!.text).toBe(XSS);
      // JSON, never HTML.
      const res = await call('GET', `/api/messages/${conversationId}`, b.token);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    } finally {
      live.close();
    }
  });

  it('a third user cannot read or post in the conversation, admins included (403); nothing is written', async () => {
    const { a, b, conversationId } = await pair();
    expectStatus(await post(a, conversationId, 'between us'), 201);
    const [third] = [await createUser({ db: db() })];
    const admin = await createAdmin({ db: db() });
    const live = await client(third.token);
    try {
      for (const user of [third, admin]) {
        expectError(await call('GET', `/api/messages/${conversationId}`, user.token), 403, 'NOT_A_MEMBER');
        expectError(await post(user, conversationId, 'let me in'), 403, 'NOT_A_MEMBER');
        // Posting "as" a member does not help: the sender is the session user.
        expectError(await post(user, conversationId, 'as a', { senderId: a.id }), 403, 'NOT_YOURSELF');
        expectError(await call('POST', `/api/messages/post-seen/${conversationId}`, user.token), 403, 'NOT_A_MEMBER');
      }
      expect(await messageCount(conversationId)).toBe(1);
      await deliveredSoFar({ io: app().io, client: live });
      expect(live.all('getMessage')).toEqual([]);
      expect((await unseen(b)).total).toBe(1);
    } finally {
      live.close();
    }
  });

  it('refuses a wrong receiver (400), a forged sender (403), a missing conversation (404)', async () => {
    const { a, b, conversationId } = await pair();
    const other = await createUser({ db: db() });
    expectError(await post(a, conversationId, 'x', { receiverId: other.id }), 400, 'WRONG_RECEIVER');
    expectError(await post(a, conversationId, 'x', { senderId: b.id }), 403, 'NOT_YOURSELF');
    expectError(await post(a, NIL, 'x'), 404, 'CONVERSATION_NOT_FOUND');
    expectError(await call('GET', `/api/messages/${NIL}`, a.token), 404, 'CONVERSATION_NOT_FOUND');
    expect(await messageCount(conversationId)).toBe(0);
  });

  it('limits the text to 2000 characters and refuses blank text (400), writing nothing', async () => {
    const { a, conversationId } = await pair();
    const tooLong = await post(a, conversationId, 'x'.repeat(2001));
    expectError(tooLong, 400, 'VALIDATION', SOCIAL_MESSAGES.messageTooLong);
    expectError(await post(a, conversationId, ' \n\t '), 400, 'VALIDATION', SOCIAL_MESSAGES.messageEmpty);
    expectValidation(await call('POST', '/api/messages', a.token, { conversationId, text: 42 }));
    expectValidation(await call('POST', '/api/messages', a.token, { conversationId: 'nope', text: 'x' }));
    expect(await messageCount(conversationId)).toBe(0);
    const longest = expectStatus<Message>(await post(a, conversationId, 'é'.repeat(2000)), 201);
    expect(longest.text).toHaveLength(2000);
    // Whitespace is kept as typed (Shift+Enter newlines).
    expect(expectStatus<Message>(await post(a, conversationId, ' line 1\nline 2 '), 201).text).toBe(' line 1\nline 2 ');
  });

  it(`rate-limits each sender: a burst of ${MESSAGE_BURST}, then 429 with Retry-After`, async () => {
    const { a, b, conversationId } = await pair();
    for (let i = 0; i < MESSAGE_BURST; i++) expectStatus(await post(a, conversationId, `m${i}`), 201);
    const limited = await post(a, conversationId, 'one too many');
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await messageCount(conversationId)).toBe(MESSAGE_BURST);
    // Another user's budget is their own.
    expectStatus(await post(b, conversationId, 'my turn'), 201);
  });

  it('pages with before and limit', async () => {
    const { a, conversationId } = await pair();
    const sent: Message[] = [];
    for (const text of ['1', '2', '3', '4']) {
      sent.push(expectStatus<Message>(await post(a, conversationId, text), 201));
      await clockPast(sent.at(-1)!.createdAt); // each message a later timestamp than the one before
    }
    expect((await read(a, conversationId, '?limit=2')).map((m) => m.text)).toEqual(['3', '4']);
    const before = encodeURIComponent(sent[2]!.createdAt);
    expect((await read(a, conversationId, `?before=${before}&limit=10`)).map((m) => m.text)).toEqual(['1', '2']);
    expectValidation(await call('GET', `/api/messages/${conversationId}?limit=0`, a.token));
    expectValidation(await call('GET', `/api/messages/${conversationId}?before=yesterday`, a.token));
  });
});

describe('unseen counts and post-seen', () => {
  it('counts what the receiver has not seen; post-seen clears it on every tab of both and marks _seenBy', async () => {
    const { a, b, conversationId } = await pair();
    for (const text of ['1', '2', '3']) expectStatus(await post(a, conversationId, text), 201);
    expectStatus(await post(b, conversationId, 'reply'), 201);
    expect(await unseen(b)).toEqual({ total: 3, conversations: [{ conversationId, count: 3 }], scrimChats: [] });
    expect(await unseen(a)).toEqual({ total: 1, conversations: [{ conversationId, count: 1 }], scrimChats: [] });

    const [liveA, liveB] = [await client(a.token), await client(b.token)];
    try {
      const seen = expectStatus<PostSeenResponse>(
        await call('POST', `/api/messages/post-seen/${conversationId}`, b.token),
        200,
      );
      expect(seen).toEqual({ conversationId, markedSeen: 3 });
      for (const live of [liveA, liveB]) {
        expect(await live.next<MessagesSeenPayload>('getMessagesSeen')).toMatchObject({ conversationId, userId: b.id });
      }
      expect((await unseen(b)).total).toBe(0);
      expect((await unseen(a)).total).toBe(1);
      const list = await read(a, conversationId);
      expect(list.map((m) => m._seenBy)).toEqual([[b.id], [b.id], [b.id], []]);
      // Again: nothing new, no event.
      const from = liveA.events.length;
      expect(
        expectStatus<PostSeenResponse>(await call('POST', `/api/messages/post-seen/${conversationId}`, b.token), 200)
          .markedSeen,
      ).toBe(0);
      await deliveredSoFar({ io: app().io, client: liveA });
      expect(liveA.events.slice(from).filter((e) => e.event === 'getMessagesSeen')).toEqual([]);
      const conversations = expectStatus<Conversation[]>(await call('GET', '/api/conversations/user', b.token), 200);
      expect(conversations[0]!.unseenCount).toBe(0);
    } finally {
      liveA.close();
      liveB.close();
    }
    expect((await db().select({ n: count() }).from(messageSeen).where(eq(messageSeen.userId, a.id)))[0]!.n).toBe(0);
  });
});

describe('scrim chat messages over HTTP', () => {
  async function scrimChat(isPrivate: boolean) {
    const scrim = await createScrim({ db: db(), isPrivate });
    const [p1, p2, outsider] = [
      await createUser({ db: db() }),
      await createUser({ db: db() }),
      await createUser({ db: db() }),
    ];
    await addPlayers({ db: db(), scrim, users: [p1, p2] });
    const conversation = expectStatus<Conversation>(
      await call('GET', `/api/conversations/scrim/${scrim.id}`, p1.token),
      200,
    );
    return { scrim, p1, p2, outsider, conversationId: conversation._id };
  }

  it("private: players write and read, an outsider cannot; players' unread counts per scrim chat", async () => {
    const { scrim, p1, p2, outsider, conversationId } = await scrimChat(true);
    const sent = expectStatus<Message>(await post(p1, conversationId, 'ready?'), 201);
    expect(sent._receiver).toBeNull();
    expectError(await post(outsider, conversationId, 'hi'), 403, 'SCRIM_CHAT_FORBIDDEN');
    expectError(await call('GET', `/api/messages/${conversationId}`, outsider.token), 403, 'SCRIM_CHAT_FORBIDDEN');
    expectError(await post(p1, conversationId, 'x', { receiverId: p2.id }), 400, 'WRONG_RECEIVER');
    expect(await unseen(p2)).toEqual({
      total: 1,
      conversations: [],
      scrimChats: [{ scrimId: scrim.id, conversationId, count: 1 }],
    });
    expect((await unseen(p1)).total).toBe(0);
    expect((await read(p2, conversationId)).map((m) => m.text)).toEqual(['ready?']);
    expectStatus(await call('POST', `/api/messages/post-seen/${conversationId}`, p2.token), 200);
    expect((await unseen(p2)).total).toBe(0);
    const admin = await createAdmin({ db: db() });
    expectStatus(await post(admin, conversationId, 'admin here'), 201);
    expect((await read(admin, conversationId)).map((m) => m._seenBy)).toEqual([[], []]);
  });

  it('public: any signed-in user viewing it may read and write', async () => {
    const { outsider, conversationId } = await scrimChat(false);
    expectStatus(await post(outsider, conversationId, 'can I cast?'), 201);
    expect((await read(outsider, conversationId)).map((m) => m.text)).toEqual(['can I cast?']);
  });
});
