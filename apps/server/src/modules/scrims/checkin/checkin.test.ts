import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_MESSAGES,
  CHECK_IN_OPENS_MINUTES,
  SOCKET_EVENTS,
  WAITLIST_MESSAGES,
  type Scrim,
} from '@scrim-gym/shared';
import { scrimCheckIns, scrimParticipants, scrims, users } from '../../../db/schema/index.js';
import { findJobs } from '../../../jobs/index.js';
import { formatUtcTime } from '../../../lib/dates.js';
import { AUDIT_ACTIONS } from '../../audit/index.js';
import { addToWaitlist, alertTexts, auditRowsOf, commitmentsOf } from '../../../test/check-in-factories.js';
import { createAdmin, createBannedUser, createUser } from '../../../test/factories.js';
import { editBody, expectError, slotsOf } from '../../../test/scrim-api.js';
import {
  addCaster,
  addPlayers,
  createScrim,
  createUsers,
  fillScrim,
  type TestScrim,
} from '../../../test/scrim-factories.js';
import { expectBanned, expectNoSession, expectStatus, expectValidation, useSocialApp } from '../../../test/social.js';
import { closeCheckIn, promotionOrder } from './checkin.js';
import { backfillScrimCheckIns } from './checkin.jobs.js';
import { notifyCheckInOpen, remindCheckIn } from './check-in-notices.js';
import { CHECK_IN_JOBS, CHECK_IN_STEPS, checkInStepTime, scrimCheckInKey } from '../core/scrims.schedule.js';

const MINUTE = 60_000;

const t = useSocialApp();
const db = () => t.db();
const deps = () => ({ db: t.db(), io: t.app().io, notifier: t.app().notifier, listCache: t.app().scrimLists });
const checkIn = (scrimId: string, token?: string) => t.call('POST', `/api/scrims/${scrimId}/check-in`, token);

/** A full scrim (players[0] is its lobby host) starting in `minutes` minutes. */
async function fullScrimIn(minutes: number, overrides: Partial<TestScrim> = {}) {
  const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() + minutes * MINUTE), ...overrides });
  const { players } = await fillScrim({ db: db(), scrim });
  return { scrim, players };
}

const checkInRows = (scrimId: string) => db().select().from(scrimCheckIns).where(eq(scrimCheckIns.scrimId, scrimId));
const closesAt = (scrim: TestScrim) => checkInStepTime('close', scrim.gameStartTime).getTime();
const read = async (scrimId: string, token: string) =>
  expectStatus<Scrim>(await t.call('GET', `/api/scrims/${scrimId}`, token), 200);

describe('POST /api/scrims/:id/check-in', () => {
  it('a player checks in inside the window: the scrim answers and is published with them confirmed', async () => {
    const { scrim, players } = await fullScrimIn(20);
    const watcher = await t.client((await createUser({ db: db() })).token);
    await watcher.request(SOCKET_EVENTS.joinScrimRoom, scrim.id);

    const body = expectStatus<Scrim>(await checkIn(scrim.id, players[3]!.token), 200);
    expect(body.checkIn).toEqual({
      opensAt: new Date(scrim.gameStartTime.getTime() - CHECK_IN_OPENS_MINUTES * MINUTE).toISOString(),
      closesAt: new Date(closesAt(scrim)).toISOString(),
      checkedIn: [players[3]!.id],
    });
    const live = await watcher.next<Scrim>(
      SOCKET_EVENTS.getScrimTransaction,
      (s) => s._id === scrim.id && (s.checkIn?.checkedIn.length ?? 0) > 0,
    );
    expect(live.checkIn!.checkedIn).toEqual([players[3]!.id]);

    // Checking in again is a harmless 200: same answer, one row.
    const again = expectStatus<Scrim>(await checkIn(scrim.id, players[3]!.token), 200);
    expect(again.checkIn!.checkedIn).toEqual([players[3]!.id]);
    expect(await checkInRows(scrim.id)).toHaveLength(1);
    await checkIn(scrim.id, players[7]!.token);
    expect((await read(scrim.id, players[0]!.token)).checkIn!.checkedIn).toEqual([players[3]!.id, players[7]!.id]);
    // A player who checked in and then left is no longer confirmed.
    expectStatus(
      await t.call('PATCH', `/api/scrims/${scrim.id}/remove-player/${players[7]!.id}`, players[7]!.token),
      200,
    );
    expect((await read(scrim.id, players[0]!.token)).checkIn!.checkedIn).toEqual([players[3]!.id]);
  });

  it('refuses no session, a non-player, an admin who is not a player, a caster and a banned user; nothing written', async () => {
    const { scrim } = await fullScrimIn(20, { isWithCasters: true, maxCastersAllowedCount: 2 });
    const caster = await addCaster({ db: db(), scrim });
    const outsider = await createUser({ db: db() });
    const admin = await createAdmin({ db: db() });
    const banned = await createBannedUser({ db: db() });
    expectNoSession(await checkIn(scrim.id));
    for (const user of [outsider, admin, caster]) {
      expectError(await checkIn(scrim.id, user.token), 403, 'NOT_A_PLAYER', CHECK_IN_MESSAGES.notAPlayer);
    }
    expectBanned(await checkIn(scrim.id, banned.token));
    expectValidation(await checkIn('not-a-scrim', outsider.token));
    expectError(await checkIn('00000000-0000-4000-8000-000000000000', outsider.token), 404, 'SCRIM_NOT_FOUND');
    expect(await checkInRows(scrim.id)).toHaveLength(0);
  });

  it('refuses outside the window, with check-in off, and on a cancelled, abandoned or finished scrim (409)', async () => {
    const early = await fullScrimIn(60);
    const opensAt = formatUtcTime(checkInStepTime('open', early.scrim.gameStartTime));
    expectError(
      await checkIn(early.scrim.id, early.players[0]!.token),
      409,
      'CHECK_IN_NOT_OPEN',
      CHECK_IN_MESSAGES.notOpenYet(opensAt),
    );
    const late = await fullScrimIn(3);
    expectError(
      await checkIn(late.scrim.id, late.players[0]!.token),
      409,
      'CHECK_IN_CLOSED',
      CHECK_IN_MESSAGES.closed(formatUtcTime(new Date(closesAt(late.scrim)))),
    );
    const off = await fullScrimIn(20, { checkInEnabled: false });
    expectError(await checkIn(off.scrim.id, off.players[0]!.token), 409, 'CHECK_IN_OFF', CHECK_IN_MESSAGES.checkInOff);
    expect((await read(off.scrim.id, off.players[0]!.token)).checkIn).toBeNull();
    const cancelled = await fullScrimIn(20, { cancelledAt: new Date(), cancelReason: 'No caster' });
    expectError(await checkIn(cancelled.scrim.id, cancelled.players[0]!.token), 409, 'SCRIM_CANCELLED');
    const abandoned = await fullScrimIn(20, { abandonedAt: new Date() });
    expectError(await checkIn(abandoned.scrim.id, abandoned.players[0]!.token), 409, 'SCRIM_ABANDONED');
    const finished = await fullScrimIn(20, { teamWon: 'teamOne' });
    expectError(await checkIn(finished.scrim.id, finished.players[0]!.token), 409, 'CHECK_IN_CLOSED');
    const closed = await fullScrimIn(20, { checkInClosedAt: new Date() });
    expectError(await checkIn(closed.scrim.id, closed.players[0]!.token), 409, 'CHECK_IN_CLOSED');
    for (const { scrim } of [early, late, off, cancelled, abandoned, finished, closed]) {
      expect(await checkInRows(scrim.id)).toHaveLength(0);
    }
  });
});

describe('check-in notices', () => {
  it('opening tells every player once (stored scrim_alert, live), not the casters; check-in off tells nobody', async () => {
    const { scrim, players } = await fullScrimIn(20, { isWithCasters: true, maxCastersAllowedCount: 2 });
    const caster = await addCaster({ db: db(), scrim });
    const socket = await t.client(players[1]!.token);
    const text = CHECK_IN_MESSAGES.openNotification(scrim.title, formatUtcTime(new Date(closesAt(scrim))));

    expect(await notifyCheckInOpen({ deps: deps(), scrimId: scrim.id })).toHaveLength(10);
    expect(await notifyCheckInOpen({ deps: deps(), scrimId: scrim.id })).toHaveLength(0);
    const live = await socket.next<{ message: string; isScrimAlert: boolean }>(
      SOCKET_EVENTS.getNotification,
      (n) => n.message === text,
    );
    expect(live.isScrimAlert).toBe(true);
    for (const player of players)
      expect(await alertTexts({ db: db(), userId: player.id, scrimId: scrim.id })).toEqual([text]);
    expect(await alertTexts({ db: db(), userId: caster.id, scrimId: scrim.id })).toEqual([]);

    const off = await fullScrimIn(20, { checkInEnabled: false });
    expect(await notifyCheckInOpen({ deps: deps(), scrimId: off.scrim.id })).toEqual([]);
    // Not yet due (its start moved later: the job moved too), or too late to check in: nobody is told.
    const ahead = await fullScrimIn(60);
    expect(await notifyCheckInOpen({ deps: deps(), scrimId: ahead.scrim.id })).toEqual([]);
    const tooLate = await fullScrimIn(4);
    expect(await notifyCheckInOpen({ deps: deps(), scrimId: tooLate.scrim.id })).toEqual([]);
  });

  it('the reminder goes only to the players who have not checked in, once', async () => {
    const { scrim, players } = await fullScrimIn(12);
    for (const player of players.slice(0, 6)) expectStatus(await checkIn(scrim.id, player.token), 200);
    const text = CHECK_IN_MESSAGES.reminderNotification(scrim.title, formatUtcTime(new Date(closesAt(scrim))));

    const told = await remindCheckIn({ deps: deps(), scrimId: scrim.id });
    expect(told.map((s) => s.userId).sort()).toEqual(
      players
        .slice(6)
        .map((p) => p.id)
        .sort(),
    );
    expect(await remindCheckIn({ deps: deps(), scrimId: scrim.id })).toEqual([]);
    expect(await alertTexts({ db: db(), userId: players[0]!.id, scrimId: scrim.id })).toEqual([]);
    expect(await alertTexts({ db: db(), userId: players[9]!.id, scrimId: scrim.id })).toEqual([text]);
    // Not due yet 20 minutes before the start.
    const ahead = await fullScrimIn(20);
    expect(await remindCheckIn({ deps: deps(), scrimId: ahead.scrim.id })).toEqual([]);
  });
});

describe('the check-in close', () => {
  /** A full scrim in its window where everyone but `absent` (indexes into ALL_SLOTS order) checked in. */
  async function windowWithAbsentees(absent: number[]) {
    const { scrim, players } = await fullScrimIn(20);
    for (const [i, player] of players.entries()) {
      if (!absent.includes(i)) expectStatus(await checkIn(scrim.id, player.token), 200);
    }
    return {
      scrim,
      players,
      absentees: absent.map((i) => players[i]!),
      present: players.filter((_, i) => !absent.includes(i)),
    };
  }

  it('drops exactly the absentees and fills their slots from the waitlist in its order (roles and any)', async () => {
    // Absent: teamOne Top (the lobby captain), teamOne Mid, teamTwo ADC.
    const { scrim, players, absentees, present } = await windowWithAbsentees([0, 2, 8]);
    const [w1, w2, w3, w4, w5] = await createUsers({ db: db(), count: 5 });
    await addToWaitlist({
      db: db(),
      scrim,
      entries: [
        { user: w1!, role: 'Mid' },
        { user: w2!, role: 'any' },
        { user: w3!, role: 'Top' },
        { user: w4!, role: 'any' },
        { user: w5!, role: 'Mid' },
      ],
    });
    const watcher = await t.client(present[0]!.token);
    await watcher.request(SOCKET_EVENTS.joinScrimRoom, scrim.id);
    const w1Socket = await t.client(w1!.token);

    const closed = await closeCheckIn({ deps: deps(), scrimId: scrim.id, now: closesAt(scrim) + 1000 });
    expect(closed!.dropped.sort()).toEqual(absentees.map((a) => a.id).sort());
    expect(closed!.promoted).toHaveLength(3);

    const after = await read(scrim.id, present[0]!.token);
    const slots = slotsOf(after);
    expect(slots['teamOne:Top']).toBe(w3!.id);
    expect(slots['teamOne:Mid']).toBe(w1!.id);
    expect(slots['teamTwo:ADC']).toBe(w2!.id);
    for (const player of present) expect(Object.values(slots)).toContain(player.id);
    expect(after.waitlist.map((w) => w._user._id)).toEqual([w4!.id, w5!.id]);
    expect(after.checkIn!.checkedIn.sort()).toEqual(present.map((p) => p.id).sort());
    // The captain did not come: one of the ten now present holds the lobby.
    expect(after.lobbyHost?._id).not.toBe(players[0]!.id);
    expect(Object.values(slots)).toContain(after.lobbyHost!._id);
    const live = await watcher.next<Scrim>(
      SOCKET_EVENTS.getScrimTransaction,
      (s) => s._id === scrim.id && slotsOf(s)['teamOne:Mid'] === w1!.id,
    );
    expect(slotsOf(live)['teamTwo:ADC']).toBe(w2!.id);

    // Who was told what: the dropped lose their slot and get their first no-show (a warning); the promoted are in.
    for (const absentee of absentees) {
      // Both are written in one transaction (the same created_at): compared as a set.
      expect((await alertTexts({ db: db(), userId: absentee.id, scrimId: scrim.id })).sort()).toEqual(
        [CHECK_IN_MESSAGES.droppedNotification(scrim.title), WAITLIST_MESSAGES.noShowWarning(scrim.title)].sort(),
      );
    }
    const promoted = CHECK_IN_MESSAGES.promotedNotification(scrim.title, 'Team One (Blue Side) Mid');
    expect(await alertTexts({ db: db(), userId: w1!.id, scrimId: scrim.id })).toEqual([promoted]);
    await w1Socket.next(SOCKET_EVENTS.getNotification, (n: { message: string }) => n.message === promoted);
    expect(await alertTexts({ db: db(), userId: w4!.id, scrimId: scrim.id })).toEqual([]);
    expect(await alertTexts({ db: db(), userId: present[0]!.id, scrimId: scrim.id })).toEqual([]);

    // Commitments: kept by those who checked in, broken by the absentees; each penalty audited.
    const commitments = await commitmentsOf({ db: db(), scrimId: scrim.id });
    expect(Object.keys(commitments)).toHaveLength(10);
    for (const p of present) expect(commitments[p.id]).toBe('checked_in');
    for (const a of absentees) expect(commitments[a.id]).toBe('no_show');
    const [absentRow] = await db().select().from(users).where(eq(users.id, absentees[0]!.id));
    expect(absentRow!.noShowStrikes).toBe(1);
    expect(absentRow!.reliabilityScore).toBe(0);
    const audit = await auditRowsOf({ db: db(), scrimId: scrim.id, action: AUDIT_ACTIONS.noShowPenalty });
    expect(audit.map((r) => r.targetUserId).sort()).toEqual(absentees.map((a) => a.id).sort());
    expect(audit.every((r) => r.actorId === null && r.details.strikes === 1)).toBe(true);
  });

  it('runs once: two closes at the same moment and a third later change the scrim once', async () => {
    const { scrim, absentees } = await windowWithAbsentees([4]);
    const [waiting] = await createUsers({ db: db(), count: 1 });
    await addToWaitlist({ db: db(), scrim, entries: [{ user: waiting!, role: 'Support' }] });
    const now = closesAt(scrim) + 1000;
    const runs = await Promise.all([
      closeCheckIn({ deps: deps(), scrimId: scrim.id, now }),
      closeCheckIn({ deps: deps(), scrimId: scrim.id, now }),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await closeCheckIn({ deps: deps(), scrimId: scrim.id, now: now + MINUTE })).toBeNull();
    expect(await alertTexts({ db: db(), userId: absentees[0]!.id, scrimId: scrim.id })).toHaveLength(2);
    const [row] = await db().select().from(users).where(eq(users.id, absentees[0]!.id));
    expect(row!.noShowStrikes).toBe(1);
    const [stored] = await db().select().from(scrims).where(eq(scrims.id, scrim.id));
    expect(stored!.checkInClosedAt!.getTime()).toBe(now);
  });

  it('an absentee with nobody waiting leaves the slot empty; a second no-show brings the 24-hour cooldown', async () => {
    const { scrim, absentees } = await windowWithAbsentees([9]);
    await db().update(users).set({ noShowStrikes: 1 }).where(eq(users.id, absentees[0]!.id));
    const closed = await closeCheckIn({ deps: deps(), scrimId: scrim.id, now: closesAt(scrim) + 1000 });
    expect(closed).toEqual({ dropped: [absentees[0]!.id], promoted: [] });
    const after = await read(scrim.id, absentees[0]!.token);
    expect(slotsOf(after)['teamTwo:Support']).toBeUndefined();
    const [row] = await db().select().from(users).where(eq(users.id, absentees[0]!.id));
    expect(row!.noShowStrikes).toBe(2);
    expect(row!.cooldownUntil!.getTime()).toBeGreaterThan(Date.now() + 23 * 60 * MINUTE);
    const texts = await alertTexts({ db: db(), userId: absentees[0]!.id, scrimId: scrim.id });
    expect(texts).toContainEqual(
      expect.stringMatching(
        /^You did not show up for .+: you cannot join scrims until \d\d\/\d\d\/\d{4} \d\d:\d\d UTC\.$/,
      ),
    );
  });

  it('drops nobody from a scrim that is not full, nor a player who joined after the close; records who checked in', async () => {
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() + 20 * MINUTE) });
    const nine = await createUsers({ db: db(), count: 9 });
    await addPlayers({ db: db(), scrim, users: nine });
    expectStatus(await checkIn(scrim.id, nine[0]!.token), 200);
    const closed = await closeCheckIn({ deps: deps(), scrimId: scrim.id, now: closesAt(scrim) + 1000 });
    expect(closed).toEqual({ dropped: [], promoted: [] });
    expect(await commitmentsOf({ db: db(), scrimId: scrim.id })).toEqual({ [nine[0]!.id]: 'checked_in' });
    expect(
      (await read(scrim.id, nine[0]!.token)).teamOne.length + (await read(scrim.id, nine[0]!.token)).teamTwo.length,
    ).toBe(9);

    // A close that runs late: the player who came in after the close time is not an absentee.
    const { scrim: full, players } = await windowWithAbsentees([]);
    await db()
      .update(scrimParticipants)
      .set({ joinedAt: new Date(closesAt(full) + 500) })
      .where(eq(scrimParticipants.userId, players[5]!.id));
    await db().delete(scrimCheckIns).where(eq(scrimCheckIns.userId, players[5]!.id));
    const late = await closeCheckIn({ deps: deps(), scrimId: full.id, now: closesAt(full) + MINUTE });
    expect(late).toEqual({ dropped: [], promoted: [] });
  });

  it('is a no-op with check-in off, on a cancelled scrim, and before its time (a start moved later)', async () => {
    const off = await windowWithAbsentees([1]);
    await db().update(scrims).set({ checkInEnabled: false }).where(eq(scrims.id, off.scrim.id));
    const cancelled = await windowWithAbsentees([1]);
    await db()
      .update(scrims)
      .set({ cancelledAt: new Date(), cancelReason: 'x' })
      .where(eq(scrims.id, cancelled.scrim.id));
    for (const { scrim } of [off, cancelled]) {
      expect(await closeCheckIn({ deps: deps(), scrimId: scrim.id, now: closesAt(scrim) + 1000 })).toBeNull();
    }
    const early = await windowWithAbsentees([1]);
    expect(await closeCheckIn({ deps: deps(), scrimId: early.scrim.id })).toBeNull();
    for (const { scrim } of [off, cancelled, early]) {
      const [row] = await db().select().from(scrims).where(eq(scrims.id, scrim.id));
      expect(row!.checkInClosedAt).toBeNull();
      expect(await commitmentsOf({ db: db(), scrimId: scrim.id })).toEqual({});
    }
  });
});

describe('check-in jobs', () => {
  const jobsOf = async (scrimId: string) =>
    Object.fromEntries(
      await Promise.all(
        CHECK_IN_STEPS.map(async (step) => {
          const [job] = await findJobs({ db: db(), dedupeKey: scrimCheckInKey(step, scrimId) });
          return [step, job ?? null] as const;
        }),
      ),
    );

  it('are scheduled at create, moved by an edit of the start (which reopens check-in), cancelled on delete', async () => {
    const admin = await createAdmin({ db: db() });
    const start = new Date(Date.now() + 2 * 60 * MINUTE);
    const created = await t.call('POST', '/api/scrims', admin.token, {
      title: 'Check-in jobs',
      region: 'NA',
      gameStartTime: start.toISOString(),
      checkInEnabled: true,
    });
    const scrim = expectStatus<Scrim>(created, 201);
    let jobs = await jobsOf(scrim._id);
    for (const step of CHECK_IN_STEPS) {
      expect(jobs[step]!.kind).toBe(CHECK_IN_JOBS[step]);
      expect(jobs[step]!.runAt.getTime()).toBe(checkInStepTime(step, start).getTime());
    }
    expect(scrim.checkIn).not.toBeNull();

    const [row] = await db().select().from(scrims).where(eq(scrims.id, scrim._id));
    await db().update(scrims).set({ checkInClosedAt: new Date() }).where(eq(scrims.id, scrim._id));
    const later = new Date(start.getTime() + 60 * MINUTE);
    const edited = await t.call(
      'PUT',
      `/api/scrims/${scrim._id}`,
      admin.token,
      editBody(row!, { gameStartTime: later.toISOString() }),
    );
    expectStatus(edited, 200);
    jobs = await jobsOf(scrim._id);
    for (const step of CHECK_IN_STEPS) expect(jobs[step]!.runAt.getTime()).toBe(checkInStepTime(step, later).getTime());
    const [reopened] = await db().select().from(scrims).where(eq(scrims.id, scrim._id));
    expect(reopened!.checkInClosedAt).toBeNull();

    // Turned off in the edit form: the JSON says so and the steps do nothing when they come.
    const offBody = editBody(reopened!, { checkInEnabled: false });
    expect(
      expectStatus<Scrim>(await t.call('PUT', `/api/scrims/${scrim._id}`, admin.token, offBody), 200).checkIn,
    ).toBeNull();
    expect(
      await closeCheckIn({ deps: deps(), scrimId: scrim._id, now: checkInStepTime('close', later).getTime() }),
    ).toBeNull();

    expectStatus(await t.call('DELETE', `/api/scrims/${scrim._id}`, admin.token), 200);
    jobs = await jobsOf(scrim._id);
    for (const step of CHECK_IN_STEPS) expect(jobs[step]).toBeNull();
  });

  it('a scrim made after its close gets none; one inside its window gets the notice at once and the close', async () => {
    const admin = await createAdmin({ db: db() });
    const create = async (minutes: number) =>
      expectStatus<Scrim>(
        await t.call('POST', '/api/scrims', admin.token, {
          title: `In ${minutes}`,
          region: 'NA',
          gameStartTime: new Date(Date.now() + minutes * MINUTE).toISOString(),
        }),
        201,
      );
    const tooLate = await create(3);
    expect(Object.values(await jobsOf(tooLate._id)).every((j) => j === null)).toBe(true);
    const inWindow = await create(10);
    const jobs = await jobsOf(inWindow._id);
    expect(jobs.open!.runAt.getTime()).toBeLessThan(Date.now());
    expect(jobs.remind).toBeNull();
    expect(jobs.close!.runAt.getTime()).toBe(
      new Date(inWindow.gameStartTime).getTime() - CHECK_IN_CLOSES_MINUTES * MINUTE,
    );
  });

  it('backfill: scrims from before check-in get the steps still ahead, once', async () => {
    const ahead = await createScrim({ db: db(), gameStartTime: new Date(Date.now() + 3 * 60 * MINUTE) });
    const soon = await createScrim({ db: db(), gameStartTime: new Date(Date.now() + 10 * MINUTE) });
    const past = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 10 * MINUTE) });
    await backfillScrimCheckIns({ db: db() });
    expect(Object.values(await jobsOf(ahead.id)).every((j) => j !== null)).toBe(true);
    const soonJobs = await jobsOf(soon.id);
    expect([soonJobs.open !== null, soonJobs.remind !== null, soonJobs.close !== null]).toEqual([true, false, true]);
    expect(Object.values(await jobsOf(past.id)).every((j) => j === null)).toBe(true);
    expect(await backfillScrimCheckIns({ db: db() })).toBe(0);
  });
});

describe('the order freed slots are offered in', () => {
  it('slots of roles nobody named first, so an early "any" does not take a named role from whoever named it', () => {
    const freed = [
      { team: 'teamOne', role: 'Top' },
      { team: 'teamOne', role: 'Mid' },
      { team: 'teamTwo', role: 'ADC' },
    ] as const;
    const order = promotionOrder([...freed], [{ role: 'Mid' }, { role: 'any' }, { role: 'Top' }, { role: 'Mid' }]);
    expect(order.map((s) => `${s.team}:${s.role}`)).toEqual(['teamTwo:ADC', 'teamOne:Top', 'teamOne:Mid']);
  });
});
