import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { hashToken } from '../../../lib/tokens.js';
import { regionRoom, scrimRoom, sessionRoom } from '../../../plugins/io.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { scrimApi } from '../../../test/scrim-api.js';
import { ALL_SLOTS, addPlayers, createScrim, createUsers } from '../../../test/scrim-factories.js';
import { connectClient, listenLocally, refusedHandshake, type TestClient } from '../../../test/socket-client.js';
import { joinedRoom } from '../../../test/waiting.js';
import { SCRIM_UPDATED_EVENT } from './scrims.events.js';

let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
let url: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
  url = await listenLocally(ctx.app);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

/** A socket authenticated with `auth: {token}`, collecting every scrim update it receives. */
async function watcher(token: string) {
  const client = await connectClient(url, token);
  clients.push(client);
  const updates: Scrim[] = [];
  client.socket.on(SCRIM_UPDATED_EVENT, (scrim) => updates.push(scrim));
  return { socket: client.socket, raw: client.raw, updates };
}

/** Waits until the server has put this socket in the room (the join events have no acknowledgement). */
/** Resolves with the next update of `scrimId` a watcher gets (or has got since `from`). */
async function nextUpdate(w: { updates: Scrim[] }, scrimId: string, from: number, timeoutMs = 10_000): Promise<Scrim> {
  const started = Date.now();
  for (;;) {
    const found = w.updates.slice(from).find((s) => s._id === scrimId);
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`no ${SCRIM_UPDATED_EVENT} for ${scrimId}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const idsOf = (scrim: Scrim) => [...scrim.teamOne, ...scrim.teamTwo].map((p) => p._user._id);
const hasLobby = (scrim: Scrim) => 'lobbyName' in scrim || 'lobbyPassword' in scrim;
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('live scrim updates', () => {
  it('a join reaches the scrim room and the region room; the lobby secrets only reach the entitled once full', async () => {
    const scrim = await createScrim({ db: db() });
    const eight = await createUsers({ db: db(), count: 8 });
    await addPlayers({ db: db(), scrim, users: eight });
    const playerA = eight[0]!;
    const [outsiderB, ninth, tenth] = await Promise.all([
      createUser({ db: db() }),
      createUser({ db: db() }),
      createUser({ db: db() }),
    ]);

    const a = await watcher(playerA.token);
    a.socket.emit('join_scrim_room', scrim.id);
    const b = await watcher(outsiderB.token);
    b.socket.emit('join_region_room', 'NA');
    await joinedRoom({ io: ctx.app.io, socketId: a.socket.id, room: scrimRoom(scrim.id) });
    await joinedRoom({ io: ctx.app.io, socketId: b.socket.id, room: regionRoom('NA') });

    // The 9th player joins: both see the new player, nobody gets the secrets yet.
    let fromA = a.updates.length;
    let fromB = b.updates.length;
    expect((await api.join(scrim.id, ninth.id, ALL_SLOTS[8]!, ninth.token)).statusCode).toBe(200);
    const seenByA = await nextUpdate(a, scrim.id, fromA);
    const seenByB = await nextUpdate(b, scrim.id, fromB);
    for (const seen of [seenByA, seenByB]) {
      expect(idsOf(seen)).toContain(ninth.id);
      expect(seen.teamTwo.find((p) => p._user._id === ninth.id)).toMatchObject({
        role: 'ADC',
        team: { name: 'teamTwo' },
      });
      expect(hasLobby(seen)).toBe(false);
    }

    // The 10th: the teams are full. The player gets the lobby name and password, the outsider does not.
    fromA = a.updates.length;
    fromB = b.updates.length;
    expect((await api.join(scrim.id, tenth.id, ALL_SLOTS[9]!, tenth.token)).statusCode).toBe(200);
    const fullForA = await nextUpdate(a, scrim.id, fromA);
    const fullForB = await nextUpdate(b, scrim.id, fromB);
    expect(idsOf(fullForA)).toHaveLength(10);
    expect(fullForA).toMatchObject({ lobbyName: scrim.lobbyName, lobbyPassword: scrim.lobbyPassword });
    expect(idsOf(fullForB)).toHaveLength(10);
    expect(hasLobby(fullForB)).toBe(false);
    expect(fullForB.lobbyHost).not.toBeNull();

    // One emission per change per socket: A (in the scrim room and, as a player, entitled) is not sent it twice.
    await settle();
    expect(a.updates.slice(fromA).filter((s) => s._id === scrim.id)).toHaveLength(1);
    // B never received a password, in any event.
    expect(b.updates.every((s) => !hasLobby(s))).toBe(true);
    expect(JSON.stringify(b.updates)).not.toContain(scrim.lobbyPassword);
  });

  it('a player who is not watching still gets the full scrim on their own socket; a private scrim stays out of the hub room', async () => {
    const scrim = await createScrim({ db: db(), isPrivate: true });
    const nine = await createUsers({ db: db(), count: 9 });
    await addPlayers({ db: db(), scrim, users: nine });
    const [outsider, last] = await Promise.all([createUser({ db: db() }), createUser({ db: db() })]);
    const member = await watcher(nine[3]!.token);
    const hub = await watcher(outsider.token);
    hub.socket.emit('join_region_room', 'NA');
    await joinedRoom({ io: ctx.app.io, socketId: hub.socket.id, room: regionRoom('NA') });

    expect((await api.join(scrim.id, last.id, ALL_SLOTS[9]!, last.token)).statusCode).toBe(200);
    const seen = await nextUpdate(member, scrim.id, 0);
    expect(seen.lobbyPassword).toBe(scrim.lobbyPassword);
    await settle();
    expect(hub.updates.filter((s) => s._id === scrim.id)).toEqual([]);
  });

  it('a socket that asks to watch a bad room id joins nothing', async () => {
    const user = await createUser({ db: db() });
    const w = await watcher(user.token);
    w.socket.emit('join_scrim_room', 'not-a-uuid');
    w.raw.emit('join_scrim_room', { $ne: null });
    w.raw.emit('join_region_room', 'Mars');
    await settle();
    const [server] = await ctx.app.io.in(w.socket.id!).fetchSockets();
    expect([...server!.rooms].sort()).toEqual(
      [w.socket.id, `user:${user.id}`, sessionRoom(hashToken(user.token))].sort(),
    );
  });
});

describe('socket handshake', () => {
  const refused = (token: string | undefined) => refusedHandshake(url, token ?? null);

  it('refuses a socket without a token, with a forged token, or of a banned user', async () => {
    expect((await refused(undefined)).data?.code).toBe('UNAUTHORIZED');
    expect((await refused('forged-token-that-was-never-issued')).data?.code).toBe('UNAUTHORIZED');
    const banned: TestUser = await createBannedUser({ db: db() });
    const err = await refused(banned.token);
    expect(err.data?.code).toBe('BANNED');
    expect(err.message).toMatch(/^You are banned until/);
  });

  it('accepts a valid token', async () => {
    const user = await createUser({ db: db() });
    const w = await watcher(user.token);
    expect(w.socket.connected).toBe(true);
  });

  it('takes the session from the cookie (what the browser sends) or an Authorization header too', async () => {
    const user = await createUser({ db: db() });
    for (const via of ['cookie', 'bearer'] as const) {
      const client = await connectClient(url, user.token, { via });
      clients.push(client);
      expect(client.socket.connected).toBe(true);
    }
    expect((await refusedHandshake(url, 'forged-token-that-was-never-issued', { via: 'cookie' })).data?.code).toBe(
      'UNAUTHORIZED',
    );
  });
});
