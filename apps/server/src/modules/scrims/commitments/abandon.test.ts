import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LAST_STORABLE_TIME,
  SCRIM_ABANDON_AFTER_MS,
  SCRIM_MESSAGES,
  SOCIAL_MESSAGES,
  SOCKET_EVENTS,
  type Scrim,
} from '@scrim-gym/shared';
import { notifications, scrims } from '../../../db/schema/index.js';
import { findJobs } from '../../../jobs/index.js';
import { createAdmin, createBannedUser, createUser } from '../../../test/factories.js';
import { expectError, scrimApi } from '../../../test/scrim-api.js';
import {
  addCaster,
  addPlayers,
  createScrim,
  createUsers,
  fillScrim,
  setLobbyHost,
} from '../../../test/scrim-factories.js';
import { useSocialApp } from '../../../test/social.js';
import { abandonScrimIfNotFull, backfillScrimAbandons } from './abandon.js';
import { SCRIM_ABANDON_JOB, scheduleScrimStart, scrimAbandonKey } from '../core/scrims.schedule.js';
import { scrimDepsOf } from '../core/scrim-change.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const t = useSocialApp();
const api = () => scrimApi(t.app());
const deps = () => ({ ...scrimDepsOf(t.app()), ratingRules: { verifiedOnly: false } });

/** A scrim that started `minutesAgo` minutes ago with `players` players (and its start/abandon jobs). */
async function startedScrim({ minutesAgo, players }: { minutesAgo: number; players: number }) {
  const db = t.db();
  const scrim = await createScrim({
    db,
    gameStartTime: new Date(Date.now() - minutesAgo * MINUTE),
    isWithCasters: true,
  });
  const users = await createUsers({ db, count: players });
  await addPlayers({ db, scrim, users });
  await scheduleScrimStart({ db, scrimId: scrim.id, gameStartTime: scrim.gameStartTime, ifCompleted: 'keep' });
  return { scrim, users };
}

const abandonJob = async (scrimId: string) =>
  (await findJobs({ db: t.db(), kind: SCRIM_ABANDON_JOB })).find((j) => j.dedupeKey === scrimAbandonKey(scrimId));

/** The user's stored notifications that the scrim was abandoned (the start job's 'is starting now!' aside). */
const alertsOf = async (userId: string, scrimId: string) =>
  (
    await t
      .db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.relatedScrimId, scrimId)))
  ).filter((n) => n.message.includes('was abandoned'));

describe('a scrim still not full 30 minutes after its start', () => {
  it('closes as abandoned by its job: previous in the JSON, players and casters told live and in the bell', async () => {
    const { scrim, users } = await startedScrim({ minutesAgo: 31, players: 6 });
    const caster = await addCaster({ db: t.db(), scrim });
    const job = await abandonJob(scrim.id);
    expect(job?.runAt.getTime()).toBe(scrim.gameStartTime.getTime() + SCRIM_ABANDON_AFTER_MS);

    const player = await t.client(users[0]!.token);
    const casterSocket = await t.client(caster.token);
    const watcher = await createUser({ db: t.db() });
    const outsider = await t.client(watcher.token);
    await outsider.request(SOCKET_EVENTS.joinScrimRoom, scrim.id);

    await t.app().jobs.runOnce();

    const stored = await t.db().select().from(scrims).where(eq(scrims.id, scrim.id));
    expect(stored[0]!.abandonedAt).not.toBeNull();
    const message = SOCIAL_MESSAGES.scrimAbandonedNotification(scrim.title);
    for (const socket of [player, casterSocket]) {
      const notification = await socket.next<{ message: string }>(
        SOCKET_EVENTS.getNotification,
        (n) => n.message === message,
      );
      expect(notification.message).toBe(message);
    }
    for (const user of [users[0]!, users[5]!, caster]) {
      expect((await alertsOf(user.id, scrim.id)).map((n) => n.message)).toContain(message);
    }
    // Watchers of the scrim see it close live; the outsider gets no notification.
    const live = await outsider.next<Scrim>(SOCKET_EVENTS.getScrimTransaction, (s) => s._id === scrim.id);
    expect(live.abandonedAt).not.toBeNull();
    expect(outsider.all(SOCKET_EVENTS.getNotification)).toEqual([]);
    expect(
      player.all<{ message: string }>(SOCKET_EVENTS.getNotification).filter((n) => n.message === message),
    ).toHaveLength(1);
    expect((await alertsOf(watcher.id, scrim.id)).length).toBe(0);

    const read = await api().read(scrim.id, users[0]!.token);
    expect(read.abandonedAt).toBe(stored[0]!.abandonedAt!.toISOString());
  });

  it('is closed exactly once: a second run, or two at the same moment, tell nobody twice', async () => {
    const { scrim, users } = await startedScrim({ minutesAgo: 45, players: 3 });
    const results = await Promise.all([
      abandonScrimIfNotFull({ deps: deps(), scrimId: scrim.id }),
      abandonScrimIfNotFull({ deps: deps(), scrimId: scrim.id }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await abandonScrimIfNotFull({ deps: deps(), scrimId: scrim.id })).toBe(false);
    await t.app().jobs.runOnce();
    expect(await alertsOf(users[0]!.id, scrim.id)).toHaveLength(1);
  });

  it('leaves a full scrim, a scrim with a winner, one not yet 30 minutes in, and a deleted scrim alone', async () => {
    const db = t.db();
    const full = await createScrim({ db, gameStartTime: new Date(Date.now() - 40 * MINUTE) });
    await fillScrim({ db, scrim: full });
    const won = await createScrim({ db, gameStartTime: new Date(Date.now() - 40 * MINUTE), teamWon: 'teamOne' });
    const early = await startedScrim({ minutesAgo: 10, players: 4 });
    for (const scrimId of [full.id, won.id, early.scrim.id, '00000000-0000-4000-8000-000000000000']) {
      expect(await abandonScrimIfNotFull({ deps: deps(), scrimId })).toBe(false);
    }
    const rows = await db.select().from(scrims).where(eq(scrims.id, full.id));
    expect(rows[0]!.abandonedAt).toBeNull();
  });

  it('a start in the last half hour of year 9999 is created, its check capped to the last storable instant', async () => {
    const admin = await createAdmin({ db: t.db() });
    const gameStartTime = '9999-12-31T23:59:59.999Z';
    const res = await api().call('POST', '/api/scrims', {
      token: admin.token,
      payload: { title: 'Far future', region: 'NA', gameStartTime },
    });
    expect(res.statusCode, res.body).toBe(201);
    const job = await abandonJob(res.json()._id);
    expect(job?.runAt.toISOString()).toBe(new Date(LAST_STORABLE_TIME).toISOString());
  });

  it('refuses joining, casting and a winner on an abandoned scrim with 409 and a clear message, and writes nothing', async () => {
    const { scrim, users } = await startedScrim({ minutesAgo: 35, players: 9 });
    await abandonScrimIfNotFull({ deps: deps(), scrimId: scrim.id });
    const admin = await createAdmin({ db: t.db() });
    const newcomer = await createUser({ db: t.db() });

    const join = await api().join(scrim.id, newcomer.id, { team: 'teamTwo', role: 'Support' }, newcomer.token);
    const body = expectError(join, 409, 'SCRIM_ABANDONED', SCRIM_MESSAGES.abandoned);
    expect(body.scrim?.teamTwo).toHaveLength(4);
    expectError(await api().joinCast(scrim.id, newcomer.id, newcomer.token), 409, 'SCRIM_ABANDONED');
    expectError(await api().setWinner(scrim.id, 'teamOne', admin.token), 409);
    await setLobbyHost({ db: t.db(), scrim, userId: users[0]!.id });
    expectError(await api().setWinner(scrim.id, 'teamOne', users[0]!.token), 409);
    expectError(
      await api().assign(scrim.id, { userId: newcomer.id, teamName: 'teamTwo', role: 'Support' }, admin.token),
      409,
      'SCRIM_ABANDONED',
    );
    const after = await api().read(scrim.id, admin.token);
    expect(after.teamWon).toBeNull();
    expect(after.teamOne.length + after.teamTwo.length).toBe(9);

    // Without a session or banned: refused before anything else.
    expectError(await api().join(scrim.id, newcomer.id, { team: 'teamTwo', role: 'Support' }), 401);
    const banned = await createBannedUser({ db: t.db() });
    expectError(await api().join(scrim.id, banned.id, { team: 'teamTwo', role: 'Support' }, banned.token), 403);
  });

  it('an admin edit to a new start time reopens it and moves its check; a winner in the edit form stays refused', async () => {
    const { scrim } = await startedScrim({ minutesAgo: 50, players: 2 });
    await abandonScrimIfNotFull({ deps: deps(), scrimId: scrim.id });
    const admin = await createAdmin({ db: t.db() });
    const current = await api().read(scrim.id, admin.token);
    const form = {
      title: current.title,
      region: current.region,
      gameStartTime: current.gameStartTime,
      isPrivate: false,
      isWithCasters: true,
      maxCastersAllowedCount: 2,
      lobbyPassword: 'secret12',
      teamWon: 'teamOne',
      useTournamentCode: false,
    };
    expectError(await api().call('PUT', `/api/scrims/${scrim.id}`, { token: admin.token, payload: form }), 409);

    const later = new Date(Date.now() + 2 * HOUR);
    const edit = { ...form, teamWon: null, gameStartTime: later.toISOString() };
    const res = await api().call('PUT', `/api/scrims/${scrim.id}`, { token: admin.token, payload: edit });
    expect(res.statusCode, res.body).toBe(200);
    expect((await api().read(scrim.id, admin.token)).abandonedAt).toBeNull();
    const job = await abandonJob(scrim.id);
    expect(job?.completedAt).toBeNull();
    expect(job?.runAt.getTime()).toBe(later.getTime() + SCRIM_ABANDON_AFTER_MS);

    expect((await api().call('DELETE', `/api/scrims/${scrim.id}`, { token: admin.token })).statusCode).toBe(200);
    expect(await abandonJob(scrim.id)).toBeUndefined();
  });

  it("the admin dashboard's Recent Activity shows it abandoned, no longer active", async () => {
    const { scrim } = await startedScrim({ minutesAgo: 40, players: 1 });
    const admin = await createAdmin({ db: t.db() });
    const statusOf = async () => {
      const res = await t.call('GET', '/api/admin/recent-activities', admin.token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { _id: string; status: string }[]).find((a) => a._id === `scrim:${scrim.id}`)?.status;
    };
    expect(await statusOf()).toBe('active');
    await abandonScrimIfNotFull({ deps: deps(), scrimId: scrim.id });
    expect(await statusOf()).toBe('abandoned');
  });

  it('a game result that arrives for an abandoned scrim is ignored', async () => {
    const { reconcileResult } = await import('../results/reconcile.js');
    const { scrim } = await startedScrim({ minutesAgo: 40, players: 5 });
    await abandonScrimIfNotFull({ deps: deps(), scrimId: scrim.id });
    const items = [{ kind: 'callback', verdict: 'winner', team: 'teamOne', gameId: 1 }] as const;
    const { changed } = await reconcileResult({ deps: deps(), scrimId: scrim.id, items: [...items] });
    expect(changed).toBe(false);
  });
});

describe('backfill at deploy', () => {
  it('closes long-past scrims silently, schedules a check for recent ones, and changes nothing the second time', async () => {
    const db = t.db();
    // As before the rule: scrims without an abandon job.
    const old = await createScrim({ db, gameStartTime: new Date(Date.now() - 5 * HOUR) });
    const oldPlayers = await createUsers({ db, count: 4 });
    await addPlayers({ db, scrim: old, users: oldPlayers });
    const recent = await createScrim({ db, gameStartTime: new Date(Date.now() - 40 * MINUTE) });
    const recentPlayers = await createUsers({ db, count: 4 });
    await addPlayers({ db, scrim: recent, users: recentPlayers });
    const upcoming = await createScrim({ db, gameStartTime: new Date(Date.now() + HOUR) });
    const oldFull = await createScrim({ db, gameStartTime: new Date(Date.now() - 6 * HOUR) });
    await fillScrim({ db, scrim: oldFull });

    const first = await backfillScrimAbandons({ db });
    expect(first.closed).toBeGreaterThanOrEqual(1);
    const [oldRow] = await db.select().from(scrims).where(eq(scrims.id, old.id));
    expect(oldRow!.abandonedAt!.getTime()).toBe(old.gameStartTime.getTime() + SCRIM_ABANDON_AFTER_MS);
    expect(await alertsOf(oldPlayers[0]!.id, old.id)).toHaveLength(0);
    const [oldFullRow] = await db.select().from(scrims).where(eq(scrims.id, oldFull.id));
    expect(oldFullRow!.abandonedAt).toBeNull();
    expect((await abandonJob(upcoming.id))?.runAt.getTime()).toBe(
      upcoming.gameStartTime.getTime() + SCRIM_ABANDON_AFTER_MS,
    );
    expect(await abandonJob(recent.id)).toBeDefined();

    const second = await backfillScrimAbandons({ db });
    expect(second).toEqual({ closed: 0, scheduled: 0 });

    await t.app().jobs.runOnce();
    const [recentRow] = await db.select().from(scrims).where(eq(scrims.id, recent.id));
    expect(recentRow!.abandonedAt).not.toBeNull();
    expect(await alertsOf(recentPlayers[0]!.id, recent.id)).toHaveLength(1);
    const [upcomingRow] = await db.select().from(scrims).where(eq(scrims.id, upcoming.id));
    expect(upcomingRow!.abandonedAt).toBeNull();
  });
});
