import { describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type FriendshipChangedPayload } from '@scrim-gym/shared';
import { createAdmin, createBannedUser, createUser } from '../../test/factories.js';
import { friendApi } from '../../test/friend-api.js';
import { befriend, expectStatus, type TestClient, useSocialApp } from '../../test/social.js';
import { deliveredSoFar } from '../../test/waiting.js';

/**
 * `friendshipChanged`: after every change of a pair commits, each of the two users' tabs learns where it now stands
 * with the other; nobody else hears of it, and a refused call sends nothing.
 */
const { app, call, client, db } = useSocialApp();
const changes = (c: TestClient) => c.all<FriendshipChangedPayload>(SOCKET_EVENTS.friendshipChanged);
const delivered = (...clients: TestClient[]) =>
  Promise.all(clients.map((c) => deliveredSoFar({ io: app().io, client: c })));

const { send, accept, reject, cancel, unfriend } = friendApi(call);

/** Two users with a tab each, and a bystander and an admin listening too. */
async function pairWithTabs() {
  const [a, b, other] = await Promise.all([
    createUser({ db: db() }),
    createUser({ db: db() }),
    createUser({ db: db() }),
  ]);
  const admin = await createAdmin({ db: db() });
  const [tabA, tabB, tabOther, tabAdmin] = await Promise.all([a, b, other, admin].map((u) => client(u.token)));
  return { a, b, tabA: tabA!, tabB: tabB!, bystanders: [tabOther!, tabAdmin!] };
}

describe('friendshipChanged', () => {
  it('send, accept and unfriend: both users hear where they stand, nobody else', async () => {
    const { a, b, tabA, tabB, bystanders } = await pairWithTabs();

    expectStatus(await send(b, a), 201);
    await delivered(tabA, tabB);
    expect(changes(tabA)).toEqual([{ userId: b.id, status: 'sent' }]);
    expect(changes(tabB)).toEqual([{ userId: a.id, status: 'received' }]);

    expectStatus(await accept(b, a), 200);
    await delivered(tabA, tabB);
    expect(changes(tabA).at(-1)).toEqual({ userId: b.id, status: 'friends' });
    expect(changes(tabB).at(-1)).toEqual({ userId: a.id, status: 'friends' });

    expectStatus(await unfriend(b, a.token), 200);
    await delivered(tabA, tabB, ...bystanders);
    expect(changes(tabA).at(-1)).toEqual({ userId: b.id, status: 'none' });
    expect(changes(tabB).at(-1)).toEqual({ userId: a.id, status: 'none' });
    for (const tab of bystanders) expect(changes(tab)).toEqual([]);
  });

  it('sending back to someone who asked first makes both friends at once', async () => {
    const { a, b, tabA, tabB } = await pairWithTabs();
    expectStatus(await send(b, a), 201);
    expectStatus(await send(a, b), 201);
    await delivered(tabA, tabB);
    expect(changes(tabA).at(-1)).toEqual({ userId: b.id, status: 'friends' });
    expect(changes(tabB).at(-1)).toEqual({ userId: a.id, status: 'friends' });
  });

  it('cancel and reject bring both back to none', async () => {
    const { a, b, tabA, tabB } = await pairWithTabs();
    expectStatus(await send(b, a), 201);
    expectStatus(await cancel(b, a.token), 200);
    await delivered(tabA, tabB);
    expect(changes(tabA).at(-1)).toEqual({ userId: b.id, status: 'none' });
    expect(changes(tabB).at(-1)).toEqual({ userId: a.id, status: 'none' });

    expectStatus(await send(b, a), 201);
    expectStatus(await reject(b, a), 200);
    await delivered(tabA, tabB);
    expect(changes(tabA).at(-1)).toEqual({ userId: b.id, status: 'none' });
    expect(changes(tabB).at(-1)).toEqual({ userId: a.id, status: 'none' });
  });

  it('a refused call (no session, banned, wrong user, bad input, nothing to undo) sends nothing', async () => {
    const { a, b, tabA, tabB } = await pairWithTabs();
    const banned = await createBannedUser({ db: db() });
    expect((await send(b, a, '')).statusCode).toBe(401);
    expect((await send(b, banned, banned.token)).statusCode).toBe(403);
    // Someone else's id as the sender: 403, even for an admin.
    const admin = await createAdmin({ db: db() });
    expect((await send(b, a, admin.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/friend-requests/send-friend-request/not-an-id/${a.id}`, a.token)).statusCode).toBe(
      400,
    );
    expect((await cancel(b, a.token)).statusCode).toBe(404);
    expect((await unfriend(b, a.token)).statusCode).toBe(404);
    await befriend({ db: db(), a, b });
    expect((await accept(b, a)).statusCode).toBe(409);
    await delivered(tabA, tabB);
    expect(changes(tabA)).toEqual([]);
    expect(changes(tabB)).toEqual([]);
  });
});
