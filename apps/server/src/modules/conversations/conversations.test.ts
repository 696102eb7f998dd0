import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SOCIAL_MESSAGES, type Conversation, type Message, type Notification } from '@scrim-gym/shared';
import { conversations, messages, notifications } from '../../db/schema/index.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { expectError } from '../../test/scrim-api.js';
import { addCaster, addPlayers, createScrim } from '../../test/scrim-factories.js';
import {
  befriend,
  expectBanned,
  expectNoSession,
  expectStatus,
  expectValidation,
  useSocialApp,
} from '../../test/social.js';
import { directKeyOf } from './conversations.repository.js';

const { call, client, db } = useSocialApp();
const NIL = '00000000-0000-4000-8000-000000000000';

async function friends() {
  const [a, b] = [await createUser({ db: db() }), await createUser({ db: db() })];
  await befriend({ db: db(), a, b });
  return [a, b] as const;
}
const start = (from: TestUser, to: { id: string }, text?: string, token = from.token) =>
  call('POST', '/api/conversations', token, {
    senderId: from.id,
    receiverId: to.id,
    ...(text !== undefined && { text }),
  });
const tableCounts = async () => ({
  conversations: (await db().select({ n: count() }).from(conversations))[0]!.n,
  messages: (await db().select({ n: count() }).from(messages))[0]!.n,
  notifications: (await db().select({ n: count() }).from(notifications))[0]!.n,
});

describe('every conversation endpoint: no session 401, banned 403 with the ban text', () => {
  it('refuses visitors and banned users, whatever the input', async () => {
    const banned = await createBannedUser({ db: db() });
    const other = await createUser({ db: db() });
    await befriend({ db: db(), a: banned, b: other });
    const scrim = await createScrim({ db: db() });
    const before = await tableCounts();
    const paths: [string, string, object?][] = [
      ['GET', '/api/conversations/user'],
      ['GET', `/api/conversations/find/${banned.id}/${other.id}`],
      ['GET', `/api/conversations/scrim/${scrim.id}`],
      ['GET', '/api/conversations/scrim/nope'],
      ['POST', '/api/conversations', { senderId: banned.id, receiverId: other.id, text: 'hi' }],
      ['POST', '/api/conversations', { receiverId: 'nope' }],
    ];
    for (const [method, path, body] of paths) {
      expectNoSession(await call(method as 'GET', path, undefined, body));
      expectBanned(await call(method as 'GET', path, banned.token, body));
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe('POST /conversations', () => {
  it('starts a conversation with a friend and its first message; the receiver is told live', async () => {
    const [a, b] = await friends();
    const liveB = await client(b.token);
    try {
      const res = await start(a, b, 'gl hf');
      const conversation = expectStatus<Conversation>(res, 201);
      expect(conversation).toMatchObject({ kind: 'direct', scrim: null, unseenCount: 0 });
      expect(conversation.members.map((m) => m._id).sort()).toEqual([a.id, b.id].sort());
      expect(conversation.lastMessageAt).not.toBeNull();

      const pushed = await liveB.next<Conversation>('getConversation');
      expect(pushed).toMatchObject({ _id: conversation._id, unseenCount: 1 });
      const message = await liveB.next<Message>('getMessage');
      expect(message).toMatchObject({ text: 'gl hf', _sender: { _id: a.id, name: a.name }, _receiver: b.id });
      const notification = await liveB.next<Notification>('getNotification');
      expect(notification).toMatchObject({
        kind: 'conversation_start',
        isConversationStart: true,
        conversation: conversation._id,
        message: SOCIAL_MESSAGES.conversationStartNotification(a.name),
        _relatedUser: { _id: a.id },
      });
      const [row] = await db().select().from(conversations).where(eq(conversations.id, conversation._id));
      expect(row!.directKey).toBe(directKeyOf(a.id, b.id));
      expect(row!.directKey!.split(':')).toEqual([a.id, b.id].sort());
    } finally {
      liveB.close();
    }
  });

  it('a second start (either side) returns the same conversation with 200, and no second notification', async () => {
    const [a, b] = await friends();
    const first = expectStatus<Conversation>(await start(a, b, 'one'), 201);
    const again = expectStatus<Conversation>(await start(b, a, 'two'), 200);
    expect(again._id).toBe(first._id);
    expect(expectStatus<Conversation>(await start(a, b), 200)._id).toBe(first._id);
    const rows = await db().select().from(notifications).where(eq(notifications.conversationId, first._id));
    expect(rows).toHaveLength(1);
  });

  it('two concurrent starts share one conversation', async () => {
    const [a, b] = await friends();
    const results = await Promise.all([start(a, b, 'x'), start(b, a, 'y'), start(a, b)]);
    const ids = new Set(results.map((r) => (r.json() as Conversation)._id));
    expect(ids.size).toBe(1);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
  });

  it('refuses a forged sender (403), yourself (400), an unknown user (404), a non-friend (403), bad text (400)', async () => {
    const [a, b] = await friends();
    const [mallory, stranger] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const admin = await createAdmin({ db: db() });
    const before = await tableCounts();
    expectError(await start(a, b, 'hi', mallory.token), 403, 'NOT_YOURSELF');
    expectError(await start(a, b, 'hi', admin.token), 403, 'NOT_YOURSELF');
    expectError(await start(a, a, 'hi'), 400, 'SELF_CONVERSATION');
    expectError(await start(a, { id: NIL }, 'hi'), 404, 'USER_NOT_FOUND');
    expectError(await start(a, stranger, 'hi'), 403, 'NOT_FRIENDS', SOCIAL_MESSAGES.onlyFriendsConversation);
    expectError(await start(admin, stranger, 'hi'), 403, 'NOT_FRIENDS');
    expectValidation(await start(a, b, '   '));
    expectValidation(await start(a, b, 'x'.repeat(2001)));
    expectValidation(await call('POST', '/api/conversations', a.token, { receiverId: 'nope' }));
    expect(await tableCounts()).toEqual(before);
  });
});

describe('GET /conversations/user and /conversations/find/:a/:b', () => {
  it('lists only your own conversations, latest activity first, with unseen counts', async () => {
    const [a, b] = await friends();
    const c = await createUser({ db: db() });
    await befriend({ db: db(), a, b: c });
    const withB = expectStatus<Conversation>(await start(a, b, 'to b'), 201);
    const withC = expectStatus<Conversation>(await start(c, a, 'to a'), 201);
    const mine = expectStatus<Conversation[]>(await call('GET', '/api/conversations/user', a.token), 200);
    expect(mine.map((x) => [x._id, x.unseenCount])).toEqual([
      [withC._id, 1],
      [withB._id, 0],
    ]);
    const outsider = await createUser({ db: db() });
    expect(expectStatus<Conversation[]>(await call('GET', '/api/conversations/user', outsider.token), 200)).toEqual([]);
  });

  it('find answers members, null without a conversation, and 403 to a third user', async () => {
    const [a, b] = await friends();
    const [third, lonely] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const admin = await createAdmin({ db: db() });
    const conversation = expectStatus<Conversation>(await start(a, b, 'hi'), 201);
    const found = expectStatus<{ conversation: Conversation }>(
      await call('GET', `/api/conversations/find/${b.id}/${a.id}`, a.token),
      200,
    );
    expect(found.conversation._id).toBe(conversation._id);
    expect(
      expectStatus<{ conversation: null }>(
        await call('GET', `/api/conversations/find/${a.id}/${lonely.id}`, a.token),
        200,
      ),
    ).toEqual({ conversation: null });
    for (const token of [third.token, admin.token]) {
      expectError(await call('GET', `/api/conversations/find/${a.id}/${b.id}`, token), 403, 'NOT_A_MEMBER');
    }
    expectValidation(await call('GET', `/api/conversations/find/${a.id}/nope`, a.token));
  });
});

describe('GET /conversations/scrim/:scrimId (the scrim chat rule)', () => {
  it("a private scrim's chat: its players, casters and admins only", async () => {
    const scrim = await createScrim({ db: db(), isPrivate: true, isWithCasters: true, maxCastersAllowedCount: 2 });
    const [player, caster, outsider] = [
      await createUser({ db: db() }),
      await createUser({ db: db() }),
      await createUser({ db: db() }),
    ];
    const admin = await createAdmin({ db: db() });
    await addPlayers({ db: db(), scrim, users: [player] });
    await addCaster({ db: db(), scrim, user: caster });
    const ids = new Set<string>();
    for (const user of [player, caster, admin]) {
      const conversation = expectStatus<Conversation>(
        await call('GET', `/api/conversations/scrim/${scrim.id}`, user.token),
        200,
      );
      expect(conversation).toMatchObject({ kind: 'scrim', members: [], scrim: { _id: scrim.id, title: scrim.title } });
      ids.add(conversation._id);
    }
    expect(ids.size).toBe(1);
    expectError(
      await call('GET', `/api/conversations/scrim/${scrim.id}`, outsider.token),
      403,
      'SCRIM_CHAT_FORBIDDEN',
      SOCIAL_MESSAGES.scrimChatForbidden,
    );
  });

  it("a public scrim's chat is open to every signed-in user; it is created once, on first use", async () => {
    const scrim = await createScrim({ db: db() });
    const outsider = await createUser({ db: db() });
    const before = (
      await db().select({ n: count() }).from(conversations).where(eq(conversations.scrimId, scrim.id))
    )[0]!.n;
    expect(before).toBe(0);
    const results = await Promise.all(
      [1, 2, 3].map(() => call('GET', `/api/conversations/scrim/${scrim.id}`, outsider.token)),
    );
    expect(new Set(results.map((r) => expectStatus<Conversation>(r, 200)._id)).size).toBe(1);
    expectError(await call('GET', `/api/conversations/scrim/${NIL}`, outsider.token), 404, 'SCRIM_NOT_FOUND');
    expectValidation(await call('GET', '/api/conversations/scrim/nope', outsider.token));
  });

  it('a direct conversation is invisible to a third user even with its id (no scrim chat rule applies)', async () => {
    const [a, b] = await friends();
    const third = await createUser({ db: db() });
    const conversation = expectStatus<Conversation>(await start(a, b, 'secret'), 201);
    expectError(await call('GET', `/api/messages/${conversation._id}`, third.token), 403, 'NOT_A_MEMBER');
  });
});
