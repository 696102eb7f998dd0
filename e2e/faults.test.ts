import {} from './support/journey.js';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Scrim, SystemStatus } from '@scrim-gym/shared';
import type { Database } from '../apps/server/src/db/client.js';
import { scrims } from '../apps/server/src/db/schema/index.js';
import { createAdmin, createUser, type TestUser } from '../apps/server/src/test/factories.js';
import { createScrim } from '../apps/server/src/test/scrim-factories.js';
import {
  api,
  clusterSkipReason,
  openSocket,
  sleep,
  startCluster,
  type Cluster,
  type Instance,
  type RecordingSocket,
} from './support/cluster.js';
import { HOUR } from './support/time.js';

/**
 * Faults: two real server processes under a steady load of writes while PostgreSQL goes away (reset,
 * then a partition), Redis goes away, and finally one instance is killed with SIGKILL. The instances reach
 * PostgreSQL and Redis through fault proxies (the real services keep running for everyone else). What must hold:
 * no request hangs or gets a 500, an outage answers 503 {error, code: 'DATABASE_UNAVAILABLE'} quickly, the
 * instances recover by themselves when the service is back, and every write that was acknowledged (2xx) is in
 * the database afterwards.
 */
const skipReason = await clusterSkipReason('the fault suite (e2e/faults.test.ts)');

/** How long PostgreSQL stays away in the reset test: long enough for the load to meet the outage many times. */
const OUTAGE_MS = 1_200;

interface Outcome {
  origin: string;
  startedAt: number;
  endedAt: number;
  status: number | null;
  code?: string;
  id?: string;
  error?: string;
}

/**
 * `concurrency` loops, each creating scrims (one INSERT transaction and a scheduled job each) in turn on
 * `origins`, until stopped. Every answer is recorded; a network failure (no answer) is recorded as status null.
 */
function startWriteLoad({
  origins,
  token,
  concurrency = 4,
}: {
  origins: string[];
  token: string;
  concurrency?: number;
}) {
  const outcomes: Outcome[] = [];
  let running = true;
  let n = 0;
  async function loop(worker: number) {
    while (running) {
      const origin = origins[(n++ + worker) % origins.length]!;
      const startedAt = Date.now();
      try {
        const res = await api<Scrim & { code?: string }>(origin, 'POST', '/api/scrims', {
          token,
          body: {
            title: `Load ${n}`,
            region: 'NA',
            gameStartTime: new Date(Date.now() + HOUR).toISOString(),
            useTournamentCode: false,
          },
          timeoutMs: 10_000,
          // Each write is routed by the balancer on its own, as behind an HTTP load balancer (see api()).
          freshConnection: true,
        });
        outcomes.push({
          origin,
          startedAt,
          endedAt: Date.now(),
          status: res.status,
          code: res.body?.code,
          id: res.status < 300 ? res.body._id : undefined,
        });
      } catch (error) {
        outcomes.push({ origin, startedAt, endedAt: Date.now(), status: null, error: String(error) });
        await sleep(20); // a breath before the next try, so a failing connection is not retried in a tight loop
      }
    }
  }
  const loops = Array.from({ length: concurrency }, (_, i) => loop(i));
  return {
    outcomes,
    /** Acknowledged writes (201) on `origin` that started after `since`. */
    acknowledged: (origin: string, since = 0) =>
      outcomes.filter((o) => o.origin === origin && o.startedAt > since && o.status === 201).length,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/** Every acknowledged write is a row: the ids of the 2xx answers, looked up in the database. */
async function expectAcknowledgedWritesStored(db: Database, outcomes: Outcome[]) {
  const ids = outcomes.filter((o) => o.status !== null && o.status < 300).map((o) => o.id!);
  expect(ids.length).toBeGreaterThan(0);
  const rows = await db.select({ id: scrims.id }).from(scrims).where(inArray(scrims.id, ids));
  expect(rows.length).toBe(ids.length);
  return ids.length;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(Boolean(skipReason))('faults under load: PostgreSQL, Redis, a killed instance', () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  let db: Database;
  let admin: TestUser;
  const sockets: RecordingSocket[] = [];
  const figures: Record<string, number | string> = {};

  beforeAll(async () => {
    cluster = await startCluster({ name: 'faults' });
    [a, b] = cluster.instances as [Instance, Instance];
    db = cluster.database.db;
    admin = await createAdmin({ db });
  }, 120_000);

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const instance of cluster.instances) {
      instance.postgres.restore();
      instance.redis.restore();
    }
  });

  afterAll(async () => {
    console.log(
      `[faults] figures:\n${Object.entries(figures)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}`,
    );
    await cluster?.close();
  });

  async function connect(origin: string, user: TestUser, reconnection = false) {
    const socket = await openSocket(origin, user.token, { reconnection });
    sockets.push(socket);
    return socket;
  }

  it('PostgreSQL reset under load: fast 503 DATABASE_UNAVAILABLE, not ready, then recovery without a restart', async () => {
    const pids = [a.server.pid, b.server.pid];
    const user = await createUser({ db });
    const load = startWriteLoad({ origins: [a.url, b.url], token: admin.token });
    // Under load: both instances acknowledge writes before the outage.
    await expect
      .poll(() => [a.url, b.url].every((o) => load.acknowledged(o) >= 3), { timeout: 15_000, interval: 50 })
      .toBe(true);

    const cutAt = Date.now();
    for (const instance of [a, b]) instance.postgres.cut();
    await sleep(OUTAGE_MS);
    for (const instance of [a, b]) {
      const ready = await api(instance.url, 'GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ ok: false, code: 'DATABASE_UNAVAILABLE', redis: 'ok' });
      expect(ready.ms).toBeLessThan(2_500);
      // Liveness stays up: the load balancer should not restart a healthy process for its database.
      expect((await api(instance.url, 'GET', '/api/server-status')).status).toBe(200);
    }
    // A new socket is refused with the same code (the handshake reads the session).
    await expect(connect(a.url, user)).rejects.toMatchObject({ data: { code: 'DATABASE_UNAVAILABLE' } });

    const restoredAt = Date.now();
    for (const instance of [a, b]) instance.postgres.restore();
    await expect
      .poll(
        () =>
          [a.url, b.url].every((o) =>
            load.outcomes.some((x) => x.origin === o && x.startedAt > restoredAt && x.status === 201),
          ),
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true);
    const recoveredAt = Math.max(
      ...[a.url, b.url].map(
        (o) => load.outcomes.find((x) => x.origin === o && x.startedAt > restoredAt && x.status === 201)!.endedAt,
      ),
    );
    // Not one lucky write: the load flows again on both.
    await expect
      .poll(() => [a.url, b.url].every((o) => load.acknowledged(o, restoredAt) >= 3), { timeout: 15_000, interval: 50 })
      .toBe(true);
    const outcomes = await load.stop();

    const during = outcomes.filter((o) => o.startedAt > cutAt + 50 && o.endedAt < restoredAt);
    expect(during.length).toBeGreaterThan(10);
    for (const o of during)
      expect({ status: o.status, code: o.code }).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    const slowest = Math.max(...during.map((o) => o.endedAt - o.startedAt));
    expect(slowest).toBeLessThan(1_000);
    expect(outcomes.filter((o) => o.status === null || (o.status >= 500 && o.status !== 503))).toEqual([]);
    for (const instance of [a, b]) expect((await api(instance.url, 'GET', '/api/health/ready')).status).toBe(200);
    expect([a.server.pid, b.server.pid]).toEqual(pids);
    expect(pids.every(isAlive)).toBe(true);
    const stored = await expectAcknowledgedWritesStored(db, outcomes);

    figures['PG reset: answers during the outage'] =
      `${during.length}, all 503 DATABASE_UNAVAILABLE, slowest ${slowest} ms`;
    figures['PG reset: first 201 on both instances, ms after restore'] = recoveredAt - restoredAt;
    figures['PG reset: acknowledged writes, all stored'] = stored;
  });

  it('PostgreSQL partition on one instance: 503 within its timeouts instead of hanging; the other serves; recovery', async () => {
    a.postgres.pause();
    const write = api(a.url, 'POST', '/api/scrims', {
      token: admin.token,
      body: { title: 'Partitioned', region: 'NA', gameStartTime: new Date(Date.now() + HOUR).toISOString() },
    });
    const ready = await api(a.url, 'GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(3_000);
    // B has its own way to the database.
    const other = await api(b.url, 'GET', '/api/health/ready');
    expect(other.status).toBe(200);
    const refused = await write;
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    // DATABASE_QUERY_TIMEOUT_MS (3 s) or DATABASE_CONNECT_TIMEOUT_MS (1.5 s), with room for a busy machine.
    expect(refused.ms).toBeLessThan(5_000);
    figures['PG partition: 503 after, ms'] = refused.ms;
    figures['PG partition: readiness 503 after, ms'] = ready.ms;

    const restoredAt = Date.now();
    a.postgres.restore();
    await expect
      .poll(async () => (await api(a.url, 'GET', '/api/health/ready')).status, { timeout: 15_000, interval: 100 })
      .toBe(200);
    // Many writes at once: every pooled connection works again (none was lost to the partition).
    const after = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api<Scrim>(a.url, 'POST', '/api/scrims', {
          token: admin.token,
          body: { title: `After ${i}`, region: 'NA', gameStartTime: new Date(Date.now() + HOUR).toISOString() },
        }),
      ),
    );
    expect(after.map((r) => r.status)).toEqual(after.map(() => 201));
    figures['PG partition: ready again, ms after restore'] = Date.now() - restoredAt;
  });

  it('Redis cut: both instances keep serving HTTP and their own sockets, say so, and link up again after', async () => {
    const scrim = await createScrim({ db });
    const [watcherA, watcherB, player, later] = [
      await createUser({ db }),
      await createUser({ db }),
      await createUser({ db }),
      await createUser({ db }),
    ];
    const onA = await connect(a.url, watcherA);
    const onB = await connect(b.url, watcherB);
    for (const s of [onA, onB]) {
      s.socket.emit('join_scrim_room', scrim.id);
      await s.socket.emitWithAck('watchPresence', { userIds: [] });
    }

    for (const instance of [a, b]) instance.redis.cut();
    for (const instance of [a, b]) {
      await expect
        .poll(async () => (await api(instance.url, 'GET', '/api/health/ready')).body, { timeout: 5_000, interval: 100 })
        .toMatchObject({ ok: true, redis: 'degraded' });
    }
    const status = await api<SystemStatus>(a.url, 'GET', '/api/admin/server-status', { token: admin.token });
    expect(status.status).toBe(200);
    expect(status.body.services.redis).toEqual({ status: 'error' });
    // Only its own socket, and it says the count is partial.
    expect(status.body.services.websocket).toEqual({ status: 'warning', connections: 1 });

    // A write on A reaches A's own socket at once; rate limits fall back to this instance's memory.
    const join = await api<Scrim>(a.url, 'PATCH', `/api/scrims/${scrim.id}/insert-player/${player.id}`, {
      token: player.token,
      body: { playerData: { role: 'Top', team: { name: 'teamOne' } } },
    });
    expect(join.status).toBe(200);
    await onA.next<Scrim>('getScrimTransaction', (s) => s._id === scrim.id);
    const lookup = await api(a.url, 'GET', '/api/riot/summoner?gameName=Scrim%20Tester&tagLine=NA1&region=NA', {
      token: player.token,
    });
    expect(lookup.status).toBe(200);
    // New clients can still connect and be served.
    const newcomer = await connect(b.url, later);
    expect(newcomer.socket.connected).toBe(true);

    const restoredAt = Date.now();
    for (const instance of [a, b]) instance.redis.restore();
    for (const instance of [a, b]) {
      await expect
        .poll(async () => (await api(instance.url, 'GET', '/api/health/ready')).body, {
          timeout: 10_000,
          interval: 100,
        })
        .toMatchObject({ ok: true, redis: 'ok' });
    }
    figures['Redis cut: both instances linked again, ms after restore'] = Date.now() - restoredAt;
    // Across instances again: a change on B reaches the socket on A.
    const leave = await api(b.url, 'PATCH', `/api/scrims/${scrim.id}/remove-player/${player.id}`, {
      token: player.token,
    });
    expect(leave.status).toBe(200);
    await onA.next<Scrim>('getScrimTransaction', (s) => s._id === scrim.id && s.teamOne.length === 0);
    const after = await api<SystemStatus>(a.url, 'GET', '/api/admin/server-status', { token: admin.token });
    expect(after.body.services.websocket).toEqual({ status: 'operational', connections: 3 });
  });

  it('kill -9 of one instance under load: clients reconnect to the other, every acknowledged write is stored', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser({ db })));
    const scrim = await createScrim({ db });
    // Clients behind the load balancer, websocket only; each rejoins its scrim room on every (re)connection.
    // The clients in the room: those whose join was acknowledged on their current connection.
    const clients: RecordingSocket[] = [];
    const inRoom = new Set<RecordingSocket>();
    for (const user of users) {
      const client = await connect(cluster.balancerUrl, user, true);
      const join = async () => {
        const ack = (await client.socket
          .timeout(10_000)
          .emitWithAck('join_scrim_room', scrim.id)
          .catch(() => null)) as { ok: boolean } | null;
        if (ack?.ok && client.socket.connected) inRoom.add(client);
      };
      client.socket.on('disconnect', () => inRoom.delete(client));
      client.socket.io.on('reconnect', () => void join());
      await join();
      clients.push(client);
    }
    expect(inRoom.size).toBe(clients.length);
    const load = startWriteLoad({ origins: [cluster.balancerUrl], token: admin.token, concurrency: 6 });
    // Under load: writes are being acknowledged when A dies.
    await expect
      .poll(() => load.acknowledged(cluster.balancerUrl), { timeout: 15_000, interval: 50 })
      .toBeGreaterThanOrEqual(10);
    const killedAt = Date.now();
    a.server.kill('SIGKILL');
    expect(await a.server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // A SIGKILL lands when the kernel gets to it: on a busy machine, writes sent a moment after `kill` may still
    // reach A and die with it. "After" counts from the moment A is known dead.
    const diedAt = Date.now();
    // The load goes on through the balancer: wait for writes started well after the death to be acknowledged.
    await expect
      .poll(() => load.acknowledged(cluster.balancerUrl, diedAt + 100), { timeout: 15_000, interval: 50 })
      .toBeGreaterThanOrEqual(10);
    const outcomes = await load.stop();

    // Clients that were on A lost their connection and came back through the balancer (to B), in their room.
    await expect.poll(() => clients.every((c) => c.socket.connected && inRoom.has(c)), { timeout: 10_000 }).toBe(true);
    const moved = clients.filter((c) => c.disconnects.length > 0);
    expect(moved.length).toBeGreaterThan(0);
    for (const c of moved) expect(c.disconnects).toEqual(['transport close']);
    // All of them hear a change again.
    const join = await api(b.url, 'PATCH', `/api/scrims/${scrim.id}/insert-player/${users[0]!.id}`, {
      token: users[0]!.token,
      body: { playerData: { role: 'Mid', team: { name: 'teamTwo' } } },
    });
    expect(join.status).toBe(200);
    await Promise.all(clients.map((c) => c.next<Scrim>('getScrimTransaction', (s) => s._id === scrim.id)));

    const before = outcomes.filter((o) => o.endedAt < killedAt);
    const after = outcomes.filter((o) => o.startedAt > diedAt + 100);
    expect(before.every((o) => o.status === 201)).toBe(true);
    // The balancer stops sending to the dead instance at once: writes go on.
    expect(after.length).toBeGreaterThan(5);
    expect(after.filter((o) => o.status !== 201)).toEqual([]);
    const lost = outcomes.filter((o) => o.status === null);
    expect(outcomes.filter((o) => o.status !== null && o.status !== 201)).toEqual([]);
    const stored = await expectAcknowledgedWritesStored(db, outcomes);
    figures['kill -9: acknowledged writes, all stored'] = stored;
    figures['kill -9: writes without an answer (in flight on the killed instance)'] = lost.length;
    figures['kill -9: clients that moved to the surviving instance'] = `${moved.length} of ${clients.length}`;
  });
});
