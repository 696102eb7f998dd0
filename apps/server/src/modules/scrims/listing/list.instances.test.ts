import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import type { TestContext } from '../../../test/app.js';
import { createAdmin, createUser } from '../../../test/factories.js';
import { scrimApi } from '../../../test/scrim-api.js';
import { ALL_SLOTS, addPlayers, createScrim, createUsers } from '../../../test/scrim-factories.js';
import { sharedRedis, startTwoInstances, type Instances } from '../../../test/instances.js';

/**
 * Two instances on one database and one Redis: a change on A reaches B's cached list as that one scrim (its id
 * over the adapter; B reads it and patches its lists), not as a refill of every list. Delivery is asynchronous
 * (Redis pub/sub, then B's read of the scrim): A answers without waiting for B, so B shows the change within a
 * short bounded wait (a few ms here; the test allows 10 s, for a loaded machine), not on a request B happens to answer first. A join
 * that waited for every instance's acknowledgement would carry a Redis round trip and a read per instance.
 */
const redis = await sharedRedis('the cross-instance hub list test (listing/list.instances.test.ts)', 'list-test');
const withRedis = redis !== null;

let instances: Instances;
let first: TestContext;
let second: TestContext;

beforeAll(async () => {
  // A day expires only after the test: every load counted below is one a change caused, however slow the machine.
  instances = await startTwoInstances({ redis, env: { SCRIM_LIST_TTL_MS: '600000' } });
  ({ first, second } = instances);
});

afterAll(() => instances.close());

const db = () => instances.db;
const HOUR = 3600_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 5 ms for up to `ms`; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(5);
  }
  return performance.now() - started;
}

describe.skipIf(!withRedis)('the hub list on two instances', () => {
  it('a join, an edit and a deletion on A reach the list cached on B, without refilling B', async () => {
    const day = { from: new Date('2035-05-05T00:00:00Z'), to: new Date('2035-05-06T00:00:00Z') };
    const other = { from: new Date('2035-05-07T00:00:00Z'), to: new Date('2035-05-08T00:00:00Z') };
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(day.from.getTime() + 2 * HOUR) });
    await createScrim({ db: db(), gameStartTime: new Date(other.from.getTime() + 2 * HOUR) });
    const [viewer, joiner, admin] = await Promise.all([
      createUser({ db: db() }),
      createUser({ db: db() }),
      createAdmin({ db: db() }),
    ]);
    const onA = scrimApi(first.app);
    const onB = scrimApi(second.app);
    const listOnB = async (range = day) => {
      const res = await onB.call(
        'GET',
        `/api/scrims?region=NA&startDate=${range.from.toISOString()}&endDate=${range.to.toISOString()}`,
        { token: viewer.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return { scrims: res.json() as Scrim[], etag: res.headers.etag };
    };
    expect((await listOnB()).scrims.map((s) => s._id)).toEqual([scrim.id]);
    const otherBefore = await listOnB(other);
    const loads = second.app.scrimLists.loads;

    expect((await onA.join(scrim.id, joiner.id, ALL_SLOTS[0]!, joiner.token)).statusCode).toBe(200);
    const joinMs = await within(10_000, async () => (await listOnB()).scrims[0]!.teamOne.length === 1);

    const moved = await onA.call('PUT', `/api/scrims/${scrim.id}`, {
      token: admin.token,
      payload: {
        title: 'Moved on A',
        region: 'NA',
        gameStartTime: new Date(day.from.getTime() + 5 * HOUR).toISOString(),
        isPrivate: false,
        isWithCasters: false,
        maxCastersAllowedCount: 0,
        lobbyPassword: scrim.lobbyPassword,
        lobbyHost: 'keep',
        teamWon: null,
        useTournamentCode: false,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await within(10_000, async () => (await listOnB()).scrims[0]?.title === 'Moved on A');

    expect((await onA.call('DELETE', `/api/scrims/${scrim.id}`, { token: admin.token })).statusCode).toBe(200);
    await within(10_000, async () => (await listOnB()).scrims.length === 0);

    // B patched its list each time: no load, and the other day's bytes were never touched.
    expect(second.app.scrimLists.loads).toBe(loads);
    expect((await listOnB(other)).etag).toBe(otherBefore.etag);
    console.log(`[list instances] a join on A reached B's cached list in ${joinMs.toFixed(1)} ms`);
  });

  it("mine-secrets on B reads the current state: a leave on A takes the player's secrets away on B's next request", async () => {
    const day = { from: new Date('2035-06-05T00:00:00Z'), to: new Date('2035-06-06T00:00:00Z') };
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(day.from.getTime() + HOUR) });
    const players = await createUsers({ db: db(), count: 10 });
    await addPlayers({ db: db(), scrim, users: players });
    const query = `region=NA&startDate=${day.from.toISOString()}&endDate=${day.to.toISOString()}`;
    const secretsOnB = async (token: string) =>
      (await scrimApi(second.app).call('GET', `/api/scrims/mine-secrets?${query}`, { token })).json() as unknown[];
    expect(await secretsOnB(players[1]!.token)).toHaveLength(1);
    expect((await scrimApi(first.app).leave(scrim.id, players[1]!.id, players[1]!.token)).statusCode).toBe(200);
    // No wait: B reads the database, not its cache.
    expect(await secretsOnB(players[1]!.token)).toEqual([]);
    expect(await secretsOnB(players[2]!.token)).toEqual([]);
  });
});
