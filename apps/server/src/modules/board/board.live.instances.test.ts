import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@scrim-gym/shared';
import { boardApi, lineupOf, postBody, seriesFixtures } from '../../test/board-api.js';
import type { TestContext } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { sharedRedis, startTwoInstances, type Instances } from '../../test/instances.js';
import { callApi } from '../../test/social.js';
import { connectClient, refusedHandshake, type TestClient } from '../../test/socket-client.js';
import { teamApi } from '../../test/team-api.js';
import { deliveredSoFar } from '../../test/waiting.js';

/**
 * The board's live updates on two instances behind one Redis (the Socket.IO adapter): a change made through
 * instance A reaches the pages watching it on instance B, and only those. Skipped (loudly) without a Redis.
 */
const redis = await sharedRedis('the live board updates on two instances (board.live.instances.test.ts)', 'board-live');
const withRedis = redis !== null;

let instances: Instances | undefined;
let first: TestContext;
let second: TestContext;
let urlOfSecond: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  if (!redis) return;
  instances = await startTwoInstances({ redis });
  ({ first, second } = instances);
  urlOfSecond = await instances.url(second);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => instances?.close());

const db = () => instances!.db;
/** A client of a new user on instance B. */
async function onSecond() {
  const user = await createUser({ db: db() });
  const client = await connectClient(urlOfSecond, user.token);
  clients.push(client);
  return client;
}

describe.skipIf(!withRedis)('live board and series updates across instances', () => {
  it("a post created, asked for and taken down on A reaches the watchers of its region's board on B, not another region's", async () => {
    const board = boardApi(callApi(first.app));
    const teams = teamApi(callApi(first.app));
    const [na, euw] = [await onSecond(), await onSecond()];
    expect(await na.request(SOCKET_EVENTS.watchBoard, { regions: ['NA'] })).toEqual({ ok: true, data: null });
    expect(await euw.request(SOCKET_EVENTS.watchBoard, { regions: ['EUW', 'KR'] })).toEqual({ ok: true, data: null });

    const [captain, asker] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const team = await teams.createOk(captain);
    const post = await board.postOk(captain, postBody(team._id));
    expect(await na.next(SOCKET_EVENTS.boardChanged)).toEqual({ region: 'NA' });
    const other = await teams.createOk(asker);
    await board.askOk(post._id, asker, other._id);
    await expect.poll(() => na.all(SOCKET_EVENTS.boardChanged).length).toBe(2);
    expect((await board.removePost(post._id, captain)).statusCode).toBe(204);
    await expect.poll(() => na.all(SOCKET_EVENTS.boardChanged).length).toBe(3);

    // Both watchers on B get the adapter's broadcasts in order: once NA's arrived, EUW's socket has had its own.
    await deliveredSoFar({ io: second.app.io, client: euw });
    expect(euw.all(SOCKET_EVENTS.boardChanged)).toEqual([]);

    // Watching no region leaves the room: the next NA change reaches nobody here.
    expect(await na.request(SOCKET_EVENTS.watchBoard, { regions: [] })).toEqual({ ok: true, data: null });
    const seen = na.all(SOCKET_EVENTS.boardChanged).length;
    await board.postOk(captain, postBody(team._id));
    await deliveredSoFar({ io: second.app.io, client: na });
    expect(na.all(SOCKET_EVENTS.boardChanged)).toHaveLength(seen);
  });

  it("a lineup set and a cancel on A reach the series' watcher on B, not another series' watcher", async () => {
    const board = boardApi(callApi(first.app));
    const fixtures = seriesFixtures({ db: db(), board, teams: teamApi(callApi(first.app)) });
    const { poster, asker, series } = await fixtures.bookedSeries();
    const { series: otherSeries } = await fixtures.bookedSeries();
    const [watcher, elsewhere] = [await onSecond(), await onSecond()];
    expect(await watcher.request(SOCKET_EVENTS.watchSeries, { seriesId: series._id })).toEqual({
      ok: true,
      data: null,
    });
    expect(await elsewhere.request(SOCKET_EVENTS.watchSeries, { seriesId: otherSeries._id })).toMatchObject({
      ok: true,
    });

    await board.lineupOk(series._id, poster.captain, lineupOf(poster.id, poster.players));
    expect(await watcher.next(SOCKET_EVENTS.seriesChanged)).toEqual({ seriesId: series._id });

    const before = watcher.all(SOCKET_EVENTS.seriesChanged).length;
    expect((await board.cancel(series._id, asker.captain, { reason: 'Our jungler is ill' })).statusCode).toBe(200);
    await expect.poll(() => watcher.all(SOCKET_EVENTS.seriesChanged).length).toBeGreaterThan(before);
    expect(watcher.all(SOCKET_EVENTS.seriesChanged).every((p) => p.seriesId === series._id)).toBe(true);

    await deliveredSoFar({ io: second.app.io, client: elsewhere });
    expect(elsewhere.all(SOCKET_EVENTS.seriesChanged)).toEqual([]);
  });

  it('refuses a watch with a bad payload, and a socket without a session never connects', async () => {
    const client = await onSecond();
    for (const [event, payload] of [
      [SOCKET_EVENTS.watchBoard, { regions: ['Mars'] }],
      [SOCKET_EVENTS.watchBoard, 'NA'],
      [SOCKET_EVENTS.watchSeries, { seriesId: 'not-an-id' }],
      [SOCKET_EVENTS.watchSeries, { seriesId: { $ne: null } }],
    ] as const) {
      expect(await client.request(event, payload)).toMatchObject({ ok: false, code: 'VALIDATION' });
    }
    const [server] = await second.app.io.in(client.socket.id!).fetchSockets();
    expect([...server!.rooms].filter((room) => room.startsWith('board:') || room.startsWith('series:'))).toEqual([]);
    expect((await refusedHandshake(urlOfSecond, null)).data?.code).toBe('UNAUTHORIZED');
  });
});
