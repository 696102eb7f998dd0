import {} from './support/journey.js';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { USER_BANNED_EVENT, type Scrim, type SystemStatus, type UserBannedEvent } from '@scrim-gym/shared';
import type { Database } from '../apps/server/src/db/client.js';
import { jobs, scrims } from '../apps/server/src/db/schema/index.js';
import { createAdmin, createUser, type TestUser } from '../apps/server/src/test/factories.js';
import { addPlayers, createScrim, fillScrim } from '../apps/server/src/test/scrim-factories.js';
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
 * Several instances: two real server processes (the built `dist/server.js`) on one PostgreSQL and one
 * Redis. What one instance does reaches the clients of the other: live scrim changes, bans, presence and
 * online counts, the hub's list cache, per-user rate limits; each scheduled job fires once; a SIGTERM drains
 * an instance while its clients move to the other. Needs PostgreSQL (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test) and Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379).
 */
const skipReason = await clusterSkipReason('the two-instance suite (e2e/instances.test.ts)');

const hubQuery = (at: Date) =>
  `/api/scrims?region=NA&startDate=${encodeURIComponent(new Date(at.getTime() - 12 * HOUR).toISOString())}` +
  `&endDate=${encodeURIComponent(new Date(at.getTime() + 12 * HOUR).toISOString())}`;
const slotBody = (team: 'teamOne' | 'teamTwo', role: string) => ({ playerData: { role, team: { name: team } } });
const playersOf = (scrim: Scrim) => [...scrim.teamOne, ...scrim.teamTwo].map((p) => p._user._id);

describe.skipIf(Boolean(skipReason))('two server instances on one PostgreSQL and one Redis', () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  let db: Database;
  let statusReader: TestUser;
  const sockets: RecordingSocket[] = [];
  const figures: Record<string, number | string> = {};

  async function connect(instance: { url: string } | string, user: TestUser, reconnection = false) {
    const socket = await openSocket(typeof instance === 'string' ? instance : instance.url, user.token, {
      reconnection,
    });
    sockets.push(socket);
    return socket;
  }

  beforeAll(async () => {
    const started = performance.now();
    // Info logs: the shutdown test reads the instance's own account of it.
    // JSON logs: a request is logged when it arrives, which the drain test waits for.
    cluster = await startCluster({ name: 'instances', env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json' } });
    figures['two instances started (fresh database, migrations under the lock), ms'] = Math.round(
      performance.now() - started,
    );
    [a, b] = cluster.instances as [Instance, Instance];
    db = cluster.database.db;
    statusReader = await createAdmin({ db });
  }, 120_000);

  /** Sockets connected to the cluster, as A counts them (A outlives every test). */
  const connectedSockets = async () =>
    (await api<SystemStatus>(a.url, 'GET', '/api/admin/server-status', { token: statusReader.token })).body.services
      ?.websocket?.connections;

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    // The servers have seen those disconnects: the next test's counts start from zero.
    await expect.poll(connectedSockets, { timeout: 15_000, interval: 100 }).toBe(0);
  });

  afterAll(async () => {
    console.log(
      `[instances] figures:\n${Object.entries(figures)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}`,
    );
    await cluster?.close();
  });

  it('a client on A sees a slot join made through B, and the hub list on A shows it at once', async () => {
    const scrim = await createScrim({ db });
    const [watcher, player] = [await createUser({ db }), await createUser({ db })];
    const socket = await connect(a, watcher);
    socket.socket.emit('join_scrim_room', scrim.id);
    // Events of one socket are handled in order: once this is answered, the room is joined.
    await socket.socket.emitWithAck('watchPresence', { userIds: [] });

    const listBefore = await api<Scrim[]>(a.url, 'GET', hubQuery(scrim.gameStartTime), { token: watcher.token });
    expect(listBefore.status).toBe(200);
    expect(playersOf(listBefore.body.find((s) => s._id === scrim.id)!)).toEqual([]);

    const join = await api<Scrim>(b.url, 'PATCH', `/api/scrims/${scrim.id}/insert-player/${player.id}`, {
      token: player.token,
      body: slotBody('teamOne', 'Mid'),
    });
    expect(join.status, JSON.stringify(join.body)).toBe(200);
    const answeredAt = Date.now();
    const update = await socket.next<Scrim>('getScrimTransaction', (s) => s._id === scrim.id);
    figures['join on B → getScrimTransaction on A, ms after B answered'] = Date.now() - answeredAt;
    expect(playersOf(update)).toEqual([player.id]);
    // Not the version with lobby secrets: the watcher is not entitled.
    expect(update.lobbyPassword ?? null).toBeNull();

    // A's list cache was cleared by B's change (server-side emit through Redis), not by its 10 s TTL.
    const listAfter = await api<Scrim[]>(a.url, 'GET', hubQuery(scrim.gameStartTime), { token: watcher.token });
    expect(playersOf(listAfter.body.find((s) => s._id === scrim.id)!)).toEqual([player.id]);
  });

  it("a ban made through B disconnects the user's socket on A at once; their other users stay", async () => {
    const [admin, victim, bystander] = [await createAdmin({ db }), await createUser({ db }), await createUser({ db })];
    const victimSocket = await connect(a, victim);
    const bystanderSocket = await connect(a, bystander);
    const gone = new Promise<number>((resolve) => victimSocket.socket.once('disconnect', () => resolve(Date.now())));

    const ban = await api(b.url, 'POST', '/api/admin/banUser', {
      token: admin.token,
      body: {
        banUserId: victim.id,
        dateFrom: new Date(Date.now() - 60_000).toISOString(),
        dateTo: new Date(Date.now() + 24 * HOUR).toISOString(),
        reason: 'griefing',
      },
    });
    expect(ban.status, JSON.stringify(ban.body)).toBe(200);
    const answeredAt = Date.now();
    const disconnectedAt = await Promise.race([gone, sleep(2_000).then(() => null)]);
    expect(disconnectedAt, 'the socket on A was not disconnected within 2 s').not.toBeNull();
    figures['ban on B → socket on A disconnected, ms after B answered'] = Math.max(0, disconnectedAt! - answeredAt);
    expect(victimSocket.disconnects).toEqual(['io server disconnect']);
    expect(victimSocket.count(USER_BANNED_EVENT)).toBe(1);
    expect(
      (victimSocket.events.find((e) => e.event === USER_BANNED_EVENT)!.args[0] as UserBannedEvent).message,
    ).toEqual(expect.any(String));
    expect(bystanderSocket.socket.connected).toBe(true);
    // The ban ended the user's sessions: neither instance lets the old token back in.
    for (const instance of [a, b]) {
      await expect(connect(instance, victim)).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    }
  });

  it('each scrim start job fires once across both instances: one scrimStartNotification per player', async () => {
    const SCRIMS = 4;
    const admin = await createAdmin({ db });
    const startAt = new Date(Date.now() + 4_000);
    const perPlayer: Array<{ socket: RecordingSocket; scrimId: string; player: TestUser }> = [];
    const scrimIds: string[] = [];
    for (let i = 0; i < SCRIMS; i++) {
      // Created through the API (alternately on A and B), which schedules the start job.
      const created = await api<Scrim>(i % 2 ? a.url : b.url, 'POST', '/api/scrims', {
        token: admin.token,
        body: { title: `Start ${i}`, region: 'NA', gameStartTime: startAt.toISOString(), useTournamentCode: false },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { players } = await fillScrim({ db, scrim: { id: created.body._id, region: 'NA' } });
      scrimIds.push(created.body._id);
      // Half of each scrim's players on each instance.
      for (const [j, player] of players.entries()) {
        perPlayer.push({ socket: await connect(j % 2 ? a : b, player), scrimId: created.body._id, player });
      }
    }
    expect(Date.now()).toBeLessThan(startAt.getTime());

    // scrims/core/scrims.schedule's scrimStartKey.
    const startKeys = scrimIds.map((id) => `scrim-start:${id}`);
    const startJobs = () => db.select().from(jobs).where(inArray(jobs.dedupeKey, startKeys));
    expect(await startJobs()).toHaveLength(SCRIMS);
    await expect
      .poll(async () => (await startJobs()).every((job) => job.completedAt !== null), { timeout: 20_000 })
      .toBe(true);
    await Promise.all(
      perPlayer.map(({ socket, scrimId }) =>
        socket.next('scrimStartNotification', (n: { scrimId: string }) => n.scrimId === scrimId),
      ),
    );
    // One run per job (each claim counts an attempt): no instance ran one twice.
    const rows = await startJobs();
    expect(rows.map((job) => job.attempts)).toEqual(rows.map(() => 1));
    // And everything that run sent has arrived: each player asks the instance that ran their scrim's job for a
    // notification to themselves, which travels the same way (that instance's Redis publisher, then the
    // player's socket), so it comes after anything the job sent them.
    const byPid = new Map(cluster.instances.map((instance) => [String(instance.server.pid), instance]));
    const ranOn = (scrimId: string) =>
      byPid.get(rows.find((job) => job.dedupeKey === `scrim-start:${scrimId}`)!.claimedBy!.split(':')[1]!)!;
    await Promise.all(
      perPlayer.map(async ({ socket, scrimId, player }, i) => {
        const marker = `delivered ${i}`;
        const pushed = await api(ranOn(scrimId).url, 'POST', `/api/notifications/push-user-notification/${player.id}`, {
          token: player.token,
          body: { message: marker },
        });
        expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
        await socket.next('getNotification', (n: { message: string }) => n.message === marker);
      }),
    );
    for (const { socket, scrimId } of perPlayer) {
      expect(socket.count('scrimStartNotification', (n) => (n as { scrimId: string }).scrimId === scrimId)).toBe(1);
      expect(socket.count('scrimStartNotification')).toBe(1);
    }
    const latest = Math.max(
      ...perPlayer.map(({ socket }) => socket.events.find((e) => e.event === 'scrimStartNotification')!.at),
    );
    figures[`${SCRIMS * 10} players on two instances: last start notification, ms after the start time`] =
      latest - startAt.getTime();
    figures['start jobs run by (claimed_by)'] = [...new Set(rows.map((r) => r.claimedBy?.split(':')[1]))].join(', ');
  });

  it('presence and the online count seen from A include a user connected only to B', async () => {
    const [admin, viewer, target] = [await createAdmin({ db }), await createUser({ db }), await createUser({ db })];
    // A public scrim's players are visible to everyone (presence on scrim cards).
    await addPlayers({ db, scrim: await createScrim({ db }), users: [target] });
    const viewerSocket = await connect(a, viewer);
    const watch = () =>
      viewerSocket.socket.emitWithAck('watchPresence', { userIds: [target.id] }) as Promise<{
        ok: boolean;
        data: Array<{ _id: string; isOnline: boolean }>;
      }>;
    expect((await watch()).data).toEqual([expect.objectContaining({ _id: target.id, isOnline: false })]);

    const targetSocket = await connect(b, target);
    // B announces it to the presence room the viewer joined on A.
    await viewerSocket.next<Array<{ _id: string; isOnline: boolean }>>('getUsers', (list) =>
      list.some((p) => p._id === target.id && p.isOnline),
    );
    expect((await watch()).data).toEqual([expect.objectContaining({ _id: target.id, isOnline: true })]);

    const status = await api<SystemStatus>(a.url, 'GET', '/api/admin/server-status', { token: admin.token });
    expect(status.status).toBe(200);
    // Two sockets in the cluster, one on each instance: A counts both.
    expect(status.body.services.websocket).toEqual({ status: 'operational', connections: 2 });
    expect(status.body.services.redis).toEqual({ status: 'operational' });

    targetSocket.close();
    await viewerSocket.next<Array<{ _id: string; isOnline: boolean }>>('getUsers', (list) =>
      list.some((p) => p._id === target.id && !p.isOnline),
    );
  });

  it("per-user rate limits are shared: the user's 20 Riot look-ups a minute count on both instances", async () => {
    const [busy, other] = [await createUser({ db }), await createUser({ db })];
    const lookup = (instance: Instance, user: TestUser) =>
      api(instance.url, 'GET', '/api/riot/summoner?gameName=Scrim%20Tester&tagLine=NA1&region=NA', {
        token: user.token,
      });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => lookup(i % 2 ? a : b, busy)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    for (const instance of [a, b]) {
      const refused = await lookup(instance, busy);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    }
    expect((await lookup(a, other)).status).toBe(200);
  });

  it('SIGTERM drains an instance: its sockets reconnect to the other, a request in flight finishes, it exits 0', async () => {
    const [admin, ...users] = [
      await createAdmin({ db }),
      ...(await Promise.all([1, 2, 3, 4].map(() => createUser({ db })))),
    ];
    // Clients behind the load balancer (round-robin): some land on B.
    const clients: RecordingSocket[] = [];
    for (const user of users) clients.push(await connect(cluster.balancerUrl, user, true));

    // A write held in flight on B: its database stops answering for a moment. The query string only marks the
    // request in B's log, which says when B has it.
    b.postgres.pause();
    const inFlight = api<Scrim>(b.url, 'POST', '/api/scrims?drained-write', {
      token: admin.token,
      body: { title: 'Drained write', region: 'NA', gameStartTime: new Date(Date.now() + HOUR).toISOString() },
      timeoutMs: 15_000,
    });
    await expect
      .poll(() => b.server.output().includes('/api/scrims?drained-write'), { timeout: 10_000, interval: 50 })
      .toBe(true);
    const signalledAt = Date.now();
    b.server.kill('SIGTERM');
    // No new connections to B while it drains (the write still holds it open); A serves.
    await expect
      .poll(
        () =>
          fetch(`${b.url}/api/server-status`, { signal: AbortSignal.timeout(2_000) }).then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 10_000, interval: 50 },
      )
      .toBe('refused');
    expect((await api(a.url, 'GET', '/api/health/ready')).status).toBe(200);
    b.postgres.restore();

    const write = await inFlight;
    expect(write.status, JSON.stringify(write.body)).toBe(201);
    const [row] = await db
      .select()
      .from(scrims)
      .where(inArray(scrims.id, [write.body._id]));
    expect(row?.title).toBe('Drained write');

    const exit = await b.server.exited;
    figures['SIGTERM → exit, ms (a request held in flight until B refused new connections)'] = Date.now() - signalledAt;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(b.server.output()).toContain('job runner: stopped');
    expect(b.server.output()).toContain('shutdown: done');

    // Every client is connected again (all to A now); those that were on B saw a transport close, not a ban.
    await expect.poll(() => clients.every((c) => c.socket.connected), { timeout: 10_000 }).toBe(true);
    const moved = clients.filter((c) => c.disconnects.length > 0);
    expect(moved.length).toBeGreaterThan(0);
    for (const c of moved) expect(c.disconnects).toEqual(['transport close']);
  });
});
