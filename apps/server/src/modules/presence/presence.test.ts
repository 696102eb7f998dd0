import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Presence } from '@scrim-gym/shared';
import { users } from '../../db/schema/index.js';
import { createAdmin, createUser, type TestUser } from '../../test/factories.js';
import { addPlayers, createScrim } from '../../test/scrim-factories.js';
import { befriend, expectStatus, type TestClient, useSocialApp } from '../../test/social.js';
import { deliveredSoFar, disconnectedOnServer, quietWindow } from '../../test/waiting.js';
import { findOnlineUserIds } from './presence.service.js';

const { app, call, client, db } = useSocialApp();
const isOnline = async (user: TestUser) => (await findOnlineUserIds({ io: app().io, userIds: [user.id] })).has(user.id);
const presenceOf = (c: TestClient, user: TestUser) =>
  c
    .all<Presence[]>('getUsers')
    .flat()
    .filter((p) => p._id === user.id);
const lastSeenOf = async (user: TestUser) =>
  (await db().select({ at: users.lastSeenAt }).from(users).where(eq(users.id, user.id)))[0]!.at;
/** Events the server sent `c` so far have arrived. */
const delivered = (c: TestClient) => deliveredSoFar({ io: app().io, client: c });
const goingOnline = (user: TestUser) => (list: Presence[]) => list.some((p) => p._id === user.id && p.isOnline);
const goingOffline = (user: TestUser) => (list: Presence[]) =>
  list.some((p) => p._id === user.id && !p.isOnline && !!p.lastSeenAt);
/** A socket of a friend of `user`, following their presence (the positive side of an "others heard nothing"). */
async function friendWatching(user: TestUser) {
  const friend = await createUser({ db: db() });
  await befriend({ db: db(), a: user, b: friend });
  const socket = await client(friend.token);
  expect((await socket.request('addUser')).ok).toBe(true);
  return socket;
}

async function waitUntil(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('presence of friends', () => {
  it('addUser answers the friends’ presence; a friend going online and offline is pushed, correct with several tabs', async () => {
    const [a, b] = [await createUser({ db: db() }), await createUser({ db: db() })];
    await befriend({ db: db(), a, b });
    const watcher = await client(b.token);
    const ack = await watcher.request<Presence[]>('addUser', a.id);
    expect(ack).toEqual({ ok: true, data: [{ _id: a.id, isOnline: false, lastSeenAt: null }] });
    expect(await watcher.next<Presence[]>('getUsers')).toEqual([{ _id: a.id, isOnline: false, lastSeenAt: null }]);

    const tab1 = await client(a.token);
    await watcher.next<Presence[]>('getUsers', (list) => list.some((p) => p._id === a.id && p.isOnline));
    const tab2 = await client(a.token);
    const tab1Id = tab1.socket.id!;
    tab1.close();
    await disconnectedOnServer({ io: app().io, socketId: tab1Id });
    // One tab closed, one still open: still online, and nobody was told otherwise. When right, the offline check
    // that the disconnect started ends without a trace: nothing to wait for but a window.
    await quietWindow(300);
    await delivered(watcher);
    expect(await isOnline(a)).toBe(true);
    expect(presenceOf(watcher, a).filter((p) => !p.isOnline && p.lastSeenAt)).toEqual([]);
    expect(await lastSeenOf(a)).toBeNull();

    tab2.close();
    const offline = await watcher.next<Presence[]>('getUsers', (list) =>
      list.some((p) => p._id === a.id && !p.isOnline && !!p.lastSeenAt),
    );
    const entry = offline.find((p) => p._id === a.id)!;
    expect(await isOnline(a)).toBe(false);
    await waitUntil(async () => (await lastSeenOf(a)) !== null, 'lastSeenAt');
    expect((await lastSeenOf(a))!.toISOString()).toBe(entry.lastSeenAt);

    // Never socket ids: an entry is exactly id, online flag and last seen.
    for (const list of watcher.all<Presence[]>('getUsers')) {
      for (const p of list) expect(Object.keys(p).sort()).toEqual(['_id', 'isOnline', 'lastSeenAt']);
    }
    expect(JSON.stringify(watcher.events)).not.toContain(tab2.socket.id ?? 'never');
  });

  it('strangers’ presence is never pushed; a new friendship starts the flow both ways', async () => {
    const [a, b] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const sb = await client(b.token);
    expect(await sb.request('addUser')).toEqual({ ok: true, data: [] });
    const friendOfA = await friendWatching(a);
    const sa = await client(a.token);
    await sa.request('addUser');
    // A's friend hears A come online: that announcement is over, and B heard nothing of it.
    await friendOfA.next<Presence[]>('getUsers', goingOnline(a));
    await delivered(sb);
    expect(presenceOf(sb, a)).toEqual([]);

    expectStatus(await call('POST', `/api/friend-requests/send-friend-request/${b.id}/${a.id}`, a.token), 201);
    await delivered(sb);
    expect(presenceOf(sb, a)).toEqual([]);
    expectStatus(
      await call('POST', `/api/friend-requests/accept-request/${b.id}`, b.token, { newFriendUserId: a.id }),
      200,
    );
    expect(await sb.next<Presence[]>('getUsers', (l) => l.some((p) => p._id === a.id && p.isOnline))).toBeTruthy();
    expect(await sa.next<Presence[]>('getUsers', (l) => l.some((p) => p._id === b.id && p.isOnline))).toBeTruthy();

    // After an unfriend (and no conversation), B stops following A.
    expectStatus(await call('POST', '/api/friends/unfriend-user', a.token, { friendUserId: b.id }), 200);
    const [from, friendFrom] = [sb.events.length, friendOfA.events.length];
    sa.close();
    // A's friend hears A go offline: that announcement is over, and B heard nothing of it.
    await friendOfA.next<Presence[]>('getUsers', goingOffline(a), friendFrom);
    expect(await isOnline(a)).toBe(false);
    await delivered(sb);
    expect(sb.events.slice(from).filter((e) => e.event === 'getUsers')).toEqual([]);
  });
});

describe('watchPresence (players a page shows)', () => {
  it('answers only for users the viewer may see: players of public scrims and of their own scrims; admins alike', async () => {
    const publicScrim = await createScrim({ db: db() });
    const privateScrim = await createScrim({ db: db(), isPrivate: true });
    const [viewer, publicPlayer, privatePlayer, nobody] = await Promise.all(
      [1, 2, 3, 4].map(() => createUser({ db: db() })),
    );
    await addPlayers({ db: db(), scrim: publicScrim, users: [publicPlayer!] });
    await addPlayers({ db: db(), scrim: privateScrim, users: [privatePlayer!] });
    const [sPublic, sPrivate] = [await client(publicPlayer!.token), await client(privatePlayer!.token)];
    const friendOfPrivate = await friendWatching(privatePlayer!);

    const sv = await client(viewer!.token);
    const ack = await sv.request<Presence[]>('watchPresence', {
      userIds: [publicPlayer!.id, privatePlayer!.id, nobody!.id],
    });
    expect(ack).toEqual({ ok: true, data: [{ _id: publicPlayer!.id, isOnline: true, lastSeenAt: null }] });

    // Changes follow the same rule.
    const [from, friendFrom] = [sv.events.length, friendOfPrivate.events.length];
    sPublic.close();
    sPrivate.close();
    await sv.next<Presence[]>('getUsers', (l) => l.some((p) => p._id === publicPlayer!.id && !p.isOnline), from);
    // The private player's friend hears them go offline: that announcement is over, and the viewer heard nothing.
    await friendOfPrivate.next<Presence[]>('getUsers', goingOffline(privatePlayer!), friendFrom);
    await delivered(sv);
    expect(presenceOf(sv, privatePlayer!)).toEqual([]);

    // A player of the private scrim sees its other players.
    await addPlayers({ db: db(), scrim: privateScrim, users: [viewer!], slots: [{ team: 'teamTwo', role: 'Top' }] });
    const again = await sv.request<Presence[]>('watchPresence', { userIds: [privatePlayer!.id] });
    expect(again).toMatchObject({ ok: true, data: [{ _id: privatePlayer!.id, isOnline: false }] });

    const admin = await createAdmin({ db: db() });
    const sa = await client(admin.token);
    expect(await sa.request('watchPresence', { userIds: [nobody!.id] })).toEqual({ ok: true, data: [] });
  });

  it('refuses bad payloads with an error ack and never crashes', async () => {
    const user = await createUser({ db: db() });
    const s = await client(user.token);
    for (const payload of [
      undefined,
      'x',
      { userIds: 'x' },
      { userIds: ['nope'] },
      { userIds: Array(201).fill(user.id) },
    ]) {
      expect(await s.request('watchPresence', payload)).toMatchObject({ ok: false, code: 'VALIDATION' });
    }
    expect(s.socket.connected).toBe(true);
  });
});
