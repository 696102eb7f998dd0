import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrimParticipants, users } from '../../../db/schema/index.js';
import { findJobs, scheduleJob } from '../../../jobs/index.js';
import { addToWaitlist, alertTexts, commitmentsOf } from '../../../test/check-in-factories.js';
import { startTwoInstances, type Instances } from '../../../test/instances.js';
import { createScrim, createUsers, fillScrim } from '../../../test/scrim-factories.js';
import { closeCheckIn } from './checkin.js';
import { insertCheckIn } from './checkin.repository.js';
import { CHECK_IN_JOBS, checkInStepTime, scrimCheckInKey } from '../core/scrims.schedule.js';

/**
 * The check-in close on two instances of one database: it runs once per scrim whether two instances run its
 * handler at the same moment or both runners poll its job. On PostgreSQL (TEST_DATABASE_URL) each instance has
 * its own pool and the closes really race; on PGlite they interleave one query at a time.
 */
let instances: Instances;
beforeAll(async () => {
  instances = await startTwoInstances();
});
afterAll(() => instances.close());

const db = () => instances.db;
const depsOf = (ctx: Instances['first']) => ({
  db: ctx.database.db,
  io: ctx.app.io,
  notifier: ctx.app.notifier,
  listCache: ctx.app.scrimLists,
});

/** A full scrim whose check-in closed a minute ago (its players were in before), two absentees, two waiting. */
async function closedOneMinuteAgo() {
  const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() + 4 * 60_000) });
  const { players } = await fillScrim({ db: db(), scrim });
  await db()
    .update(scrimParticipants)
    .set({ joinedAt: new Date(Date.now() - 20 * 60_000) })
    .where(eq(scrimParticipants.scrimId, scrim.id));
  for (const player of players.slice(2)) await insertCheckIn({ db: db(), scrimId: scrim.id, userId: player.id });
  const waiting = await createUsers({ db: db(), count: 2 });
  await addToWaitlist({
    db: db(),
    scrim,
    entries: waiting.map((user) => ({ user, role: 'any' as const })),
  });
  return { scrim, players, absentees: players.slice(0, 2), waiting };
}

async function expectClosedOnce(scrimId: string, absentees: { id: string }[], waiting: { id: string }[]) {
  const commitments = await commitmentsOf({ db: db(), scrimId });
  expect(Object.values(commitments).filter((o) => o === 'no_show')).toHaveLength(2);
  for (const absentee of absentees) {
    expect(await alertTexts({ db: db(), userId: absentee.id, scrimId })).toHaveLength(2);
    const [row] = await db().select().from(users).where(eq(users.id, absentee.id));
    expect(row!.noShowStrikes).toBe(1);
  }
  for (const user of waiting) expect(await alertTexts({ db: db(), userId: user.id, scrimId })).toHaveLength(1);
  const seated = (await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrimId))).map(
    (s) => s.userId,
  );
  expect(seated).toHaveLength(10);
  for (const absentee of absentees) expect(seated).not.toContain(absentee.id);
  for (const user of waiting) expect(seated).toContain(user.id);
}

describe('the check-in close on two instances', () => {
  it('both instances closing the same scrim at once: one does it, the other finds it closed', async () => {
    const { scrim, absentees, waiting } = await closedOneMinuteAgo();
    const runs = await Promise.all([
      closeCheckIn({ deps: depsOf(instances.first), scrimId: scrim.id }),
      closeCheckIn({ deps: depsOf(instances.second), scrimId: scrim.id }),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(
      runs
        .find(Boolean)!
        .promoted.map((p) => p.userId)
        .sort(),
    ).toEqual(waiting.map((w) => w.id).sort());
    await expectClosedOnce(scrim.id, absentees, waiting);
  });

  it('its job polled by both runners (and run again after it completed) closes once', async () => {
    const { scrim, absentees, waiting } = await closedOneMinuteAgo();
    await scheduleJob({
      db: db(),
      kind: CHECK_IN_JOBS.close,
      runAt: checkInStepTime('close', scrim.gameStartTime),
      payload: { scrimId: scrim.id },
      dedupeKey: scrimCheckInKey('close', scrim.id),
    });
    await Promise.all([instances.first.app.jobs.runOnce(), instances.second.app.jobs.runOnce()]);
    const [job] = await findJobs({ db: db(), dedupeKey: scrimCheckInKey('close', scrim.id) });
    expect(job!.completedAt).not.toBeNull();
    expect(job!.lastError).toBeNull();
    // The job re-armed (a crash before its completion was recorded): its handler finds the scrim closed.
    await scheduleJob({
      db: db(),
      kind: CHECK_IN_JOBS.close,
      runAt: checkInStepTime('close', scrim.gameStartTime),
      payload: { scrimId: scrim.id },
      dedupeKey: scrimCheckInKey('close', scrim.id),
    });
    await instances.second.app.jobs.runOnce();
    await expectClosedOnce(scrim.id, absentees, waiting);
  });
});
