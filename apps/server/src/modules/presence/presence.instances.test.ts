import { and, inArray, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message, Presence, ScrimChatUsers } from '@scrim-gym/shared';
import type { TestContext } from '../../test/app.js';
import { users } from '../../db/schema/index.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createScrim } from '../../test/scrim-factories.js';
import { befriend, callApi, connectClient, expectStatus, type TestClient } from '../../test/social.js';
import { deliveredSoFar, disconnectedOnServer, quietWindow } from '../../test/waiting.js';
import { findOnlineUserIds } from './presence.service.js';
import { ownRedis, startTwoInstances, type Instances } from '../../test/instances.js';

/**
 * Two server instances behind one Redis (the Socket.IO adapter) and one database, as two processes behind a
 * load balancer: presence counts the sockets of every instance, and chat reaches sockets wherever they are.
 * The file starts its own redis-server on a free port: the adapter's request channel is shared by every app on a
 * Redis, and adapter-wide queries (fetchSockets) count the subscribers, so other test runs on a shared Redis
 * would skew the answers. Skipped when redis-server cannot be started.
 */
const redis = await ownRedis('the two-instance presence tests (presence.instances.test.ts)');
const withRedis = redis !== null;

let instances: Instances | undefined;
let first: TestContext | undefined;
let second: TestContext | undefined;
const urls: string[] = [];
const clients: TestClient[] = [];

beforeAll(async () => {
  if (!redis) return;
  instances = await startTwoInstances({ redis });
  ({ first, second } = instances);
  urls.push(await instances.url(first), await instances.url(second));
});
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});
afterAll(async () => {
  try {
    if (!instances) return;
    // The last disconnects' presence checks (adapter requests to both instances) have run once each of those
    // users has a last-seen time: close the instances after them.
    await vi
      .waitFor(
        async () => {
          const rows = await db()
            .select({ id: users.id })
            .from(users)
            .where(and(inArray(users.id, [...socketUsers]), isNull(users.lastSeenAt)));
          expect(rows).toEqual([]);
        },
        { timeout: 10_000, interval: 20 },
      )
      .finally(() => instances!.close());
  } finally {
    redis?.stop();
  }
});

const db = () => instances!.db;
/** Users that had a socket in this file. */
const socketUsers = new Set<string>();
/** A client of `user` on instance 0 or 1. */
const on = async (instance: 0 | 1, user: TestUser) => {
  socketUsers.add(user.id);
  const c = await connectClient(urls[instance]!, user.token);
  clients.push(c);
  return c;
};
const onlineSeenFrom = async (ctx: TestContext, userId: string) =>
  (await findOnlineUserIds({ io: ctx.app.io, userIds: [userId] })).has(userId);

describe.skipIf(!withRedis)('two instances through the Redis adapter', () => {
  it('a user with tabs on both instances stays online until the last one closes; the friend on the other instance is told', async () => {
    const [a, b] = [await createUser({ db: db() }), await createUser({ db: db() })];
    await befriend({ db: db(), a, b });
    const tabOnFirst = await on(0, a);
    const tabOnSecond = await on(1, a);
    const friend = await on(1, b);
    const ack = await friend.request<Presence[]>('addUser');
    expect(ack).toMatchObject({ ok: true, data: [{ _id: a.id, isOnline: true }] });
    for (const ctx of [first!, second!]) expect(await onlineSeenFrom(ctx, a.id)).toBe(true);

    const secondTabId = tabOnSecond.socket.id!;
    tabOnSecond.close();
    await disconnectedOnServer({ io: second!.app.io, socketId: secondTabId });
    // When right, the offline check that the disconnect started (an adapter request to both instances) ends
    // without a trace: nothing to wait for but a window.
    await quietWindow(400);
    await deliveredSoFar({ io: second!.app.io, client: friend });
    expect(await onlineSeenFrom(first!, a.id)).toBe(true);
    expect(await onlineSeenFrom(second!, a.id)).toBe(true);
    expect(
      friend
        .all<Presence[]>('getUsers')
        .flat()
        .filter((p) => p._id === a.id && !p.isOnline),
    ).toEqual([]);

    tabOnFirst.close();
    const offline = await friend.next<Presence[]>(
      'getUsers',
      (l) => l.some((p) => p._id === a.id && !p.isOnline),
      0,
      5000,
    );
    expect(offline.find((p) => p._id === a.id)!.lastSeenAt).not.toBeNull();
    for (const ctx of [first!, second!]) expect(await onlineSeenFrom(ctx, a.id)).toBe(false);
  });

  it('a direct message sent through one instance reaches the receiver on the other', async () => {
    const [a, b] = [await createUser({ db: db() }), await createUser({ db: db() })];
    await befriend({ db: db(), a, b });
    const receiver = await on(1, b);
    const conversation = expectStatus<Conversation>(
      await callApi(first!.app)('POST', '/api/conversations', a.token, { receiverId: b.id, text: 'across' }),
      201,
    );
    expect((await receiver.next<Conversation>('getConversation', () => true, 0, 5000))._id).toBe(conversation._id);
    expect((await receiver.next<Message>('getMessage', () => true, 0, 5000)).text).toBe('across');
  });

  it("a scrim chat's readers are counted over both instances", async () => {
    const scrim = await createScrim({ db: db() });
    const [x, y] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const sx = await on(0, x);
    const sy = await on(1, y);
    expect((await sx.request('scrimChatOpen', { scrimId: scrim.id })).ok).toBe(true);
    expect((await sy.request('scrimChatOpen', { scrimId: scrim.id })).ok).toBe(true);
    const both = await sx.next<ScrimChatUsers>('getScrimusers', (p) => p.userIds.length === 2, 0, 5000);
    expect(both.userIds.sort()).toEqual([x.id, y.id].sort());
    expect((await sy.request('sendScrimMessage', { scrimId: scrim.id, text: 'hi from 2' })).ok).toBe(true);
    expect((await sx.next<{ message: Message }>('getScrimMessage', () => true, 0, 5000)).message.text).toBe(
      'hi from 2',
    );
  });
});
