import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_BANNED_EVENT, type UserBannedEvent } from '@scrim-gym/shared';
import { auditLog, bans, jobs, sessions } from '../../db/schema/index.js';
import { jobStatus } from '../../jobs/index.js';
import type { TestContext } from '../../test/app.js';
import { bearer, createAdmin, createUser, type TestUser } from '../../test/factories.js';
import { sharedRedis, startTwoInstances, type Instances } from '../../test/instances.js';
import { connectClient, type TestClient } from '../../test/socket-client.js';
import { banExpireKey, banStartKey } from './admin.schedule.js';
import { liftBanOnExpiry } from './admin.service.js';

/**
 * Two server instances on one database, as two processes behind a load balancer would run: the ban jobs run once
 * between them, and a ban signs the player out live wherever their socket is. On PostgreSQL each instance has its
 * own connection pool; on PGlite (one process by design) they share the handle. The cross-instance socket cases
 * need Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379; channels under a prefix of the run's own) and are
 * skipped without it.
 */
const HOUR = 60 * 60 * 1000;
const redis = await sharedRedis('the cross-instance ban test (admin.instances.test.ts)', 'admin-test');
const withRedis = redis !== null;

let instances: Instances;
let first: TestContext;
let second: TestContext;
const clients: TestClient[] = [];

beforeAll(async () => {
  instances = await startTwoInstances({ redis });
  ({ first, second } = instances);
});

afterAll(async () => {
  for (const client of clients) client.close();
  // Let the servers finish handling those disconnects (presence announcements go through Redis) before closing.
  await sleep(300);
  await instances.close();
});

const db = () => instances.db;
/** The expiry job's dependencies on one instance: its own pool and session forgetter. */
const expiryDeps = ({ app, database }: TestContext) => ({ db: database.db, sessionForgetter: app.sessionForgetter });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A connected socket of `user` on an instance, recording the ban event and how it was disconnected. */
async function connectAs(ctx: TestContext, user: TestUser) {
  const client = await connectClient(await instances.url(ctx), user.token);
  clients.push(client);
  const { socket } = client;
  const seen: { banned: UserBannedEvent | null; disconnectReason: string | null } = {
    banned: null,
    disconnectReason: null,
  };
  socket.on(USER_BANNED_EVENT, (event) => {
    // The event must arrive while the socket is still connected, before the server's disconnect.
    if (seen.disconnectReason === null) seen.banned = event;
  });
  socket.on('disconnect', (reason) => {
    seen.disconnectReason = reason;
  });
  return { socket, seen };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000, state?: () => unknown) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${state ? `: ${JSON.stringify(state())}` : ''}`);
    }
    await sleep(10);
  }
}

function banViaApi(ctx: TestContext, admin: TestUser, target: TestUser, dates: { dateFrom: Date; dateTo: Date }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/banUser',
    headers: bearer(admin.token),
    payload: {
      banUserId: target.id,
      dateFrom: dates.dateFrom.toISOString(),
      dateTo: dates.dateTo.toISOString(),
      reason: 'match fixing',
    },
  });
}

describe('a ban signs the player out live', () => {
  it('on the same instance: the ban event, then a server disconnect; other users stay; the old token cannot reconnect', async () => {
    const [admin, player, bystander] = await Promise.all([
      createAdmin({ db: db() }),
      createUser({ db: db() }),
      createUser({ db: db() }),
    ]);
    const tabs = [await connectAs(first, player), await connectAs(first, player)];
    const other = await connectAs(first, bystander);
    const res = await banViaApi(first, admin, player, {
      dateFrom: new Date(Date.now() - 1000),
      dateTo: new Date(Date.now() + HOUR),
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const tab of tabs) {
      await until(() => tab.seen.disconnectReason !== null, 'the banned tab to be disconnected');
      expect(tab.seen.disconnectReason).toBe('io server disconnect');
      expect(tab.seen.banned?.message).toMatch(/^You are banned until \d\d\/\d\d\/\d{4}\. Reason: match fixing$/);
    }
    await sleep(100);
    expect(other.socket.connected).toBe(true);
    await expect(connectAs(first, player)).rejects.toThrow();
  });

  it.skipIf(!withRedis)(
    'across instances through the Redis adapter: banned on one, disconnected on the other',
    async () => {
      const [admin, player] = await Promise.all([createAdmin({ db: db() }), createUser({ db: db() })]);
      const tab = await connectAs(second, player);
      const res = await banViaApi(first, admin, player, {
        dateFrom: new Date(Date.now() - 1000),
        dateTo: new Date(Date.now() + HOUR),
      });
      expect(res.statusCode, res.body).toBe(200);
      await until(
        () => tab.seen.disconnectReason !== null,
        'the tab on the other instance to be disconnected',
        10_000,
        () => ({ ...tab.seen, connected: tab.socket.connected }),
      );
      expect(tab.seen.disconnectReason).toBe('io server disconnect');
      expect(tab.seen.banned?.reason).toBe('match fixing');
    },
  );

  it('a ban that starts later signs out at its dateFrom (the ban.start job)', async () => {
    const [admin, player] = await Promise.all([createAdmin({ db: db() }), createUser({ db: db() })]);
    const res = await banViaApi(first, admin, player, {
      dateFrom: new Date(Date.now() + HOUR),
      dateTo: new Date(Date.now() + 2 * HOUR),
    });
    expect(res.statusCode, res.body).toBe(200);
    const banId = res.json()._id as string;
    // The job runs on the first instance; with Redis the socket is on the other one.
    const tab = await connectAs(withRedis ? second : first, player);
    expect(await second.app.jobs.runOnce()).toBe(0);
    // Time passes: the ban and its start job become due.
    await db()
      .update(bans)
      .set({ dateFrom: new Date(Date.now() - 1000) })
      .where(eq(bans.id, banId));
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.dedupeKey, banStartKey(banId)));
    await first.app.jobs.runOnce();
    await until(
      () => tab.seen.disconnectReason !== null,
      'the socket to be disconnected at the start',
      10_000,
      () => ({ ...tab.seen, connected: tab.socket.connected }),
    );
    expect(tab.seen.banned?.reason).toBe('match fixing');
    const remaining = await db().select().from(sessions).where(eq(sessions.userId, player.id));
    expect(remaining).toEqual([]);
  });
});

describe('ban expiry', () => {
  it('both instances running their job runners: the ban is lifted on time, exactly once', async () => {
    const [admin, player] = await Promise.all([createAdmin({ db: db() }), createUser({ db: db() })]);
    // Far enough ahead that a slow machine still finds the ban active after the call.
    const dateTo = new Date(Date.now() + 4000);
    const res = await banViaApi(first, admin, player, { dateFrom: new Date(Date.now() - 1000), dateTo });
    expect(res.statusCode, res.body).toBe(200);
    const banId = res.json()._id as string;
    first.app.jobs.start();
    second.app.jobs.start();
    try {
      const ban = async () => (await db().select().from(bans).where(eq(bans.id, banId)))[0]!;
      expect((await ban()).isActive).toBe(true);
      await until(async () => !(await ban()).isActive, 'the ban to be lifted', 20_000);
      const lifted = await ban();
      // On time: not before dateTo, and within a few of the runners' 1 s polls after it on a loaded machine.
      expect(lifted.liftedAt!.getTime()).toBeGreaterThanOrEqual(dateTo.getTime());
      expect(lifted.liftedAt!.getTime() - dateTo.getTime()).toBeLessThan(5000);
      expect(lifted.liftedBy).toBeNull();
      await until(async () => {
        const [job] = await db()
          .select()
          .from(jobs)
          .where(eq(jobs.dedupeKey, banExpireKey(banId)));
        return job ? jobStatus(job) === 'done' : false;
      }, 'the job to be done');
    } finally {
      await Promise.all([first.app.jobs.stop(), second.app.jobs.stop()]);
    }
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, banExpireKey(banId)));
    expect(job).toMatchObject({ attempts: 1, lastError: null });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, player.id), eq(auditLog.action, 'ban.expire')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, details: { banId } });
    // The player may sign in again.
    const signIn = await second.app.inject({
      method: 'POST',
      url: '/api/auth/dev-login',
      payload: { email: player.email },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('twenty concurrent expiry runs of one ban from both instances: one lift, one audit row', async () => {
    const player = await createUser({ db: db() });
    const [row] = await db()
      .insert(bans)
      .values({
        userId: player.id,
        dateFrom: new Date(Date.now() - 2 * HOUR),
        dateTo: new Date(Date.now() - HOUR),
        reason: 'race',
      })
      .returning();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => liftBanOnExpiry({ ...expiryDeps(i % 2 ? second : first), banId: row!.id })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, player.id), eq(auditLog.action, 'ban.expire')));
    expect(audit).toHaveLength(1);
  });

  it('a ban still in force is not lifted early, and one lifted by hand stays lifted', async () => {
    const [admin, player] = await Promise.all([createAdmin({ db: db() }), createUser({ db: db() })]);
    const res = await banViaApi(first, admin, player, {
      dateFrom: new Date(Date.now() - 1000),
      dateTo: new Date(Date.now() + HOUR),
    });
    const banId = res.json()._id as string;
    expect(await liftBanOnExpiry({ ...expiryDeps(first), banId })).toBeNull();
    const unban = await first.app.inject({
      method: 'POST',
      url: '/api/admin/unbanUser',
      headers: bearer(admin.token),
      payload: { bannedUserId: player.id },
    });
    expect(unban.statusCode, unban.body).toBe(200);
    expect(await liftBanOnExpiry({ ...expiryDeps(first), banId })).toBeNull();
    const [ban] = await db().select().from(bans).where(eq(bans.id, banId));
    expect(ban).toMatchObject({ isActive: false, liftedBy: admin.id });
  });
});
