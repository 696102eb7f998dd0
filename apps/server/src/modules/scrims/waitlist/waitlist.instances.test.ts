import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitlistRole } from '@scrim-gym/shared';
import { notifications, scrimParticipants, scrimWaitlist } from '../../../db/schema/index.js';
import type { TestContext } from '../../../test/app.js';
import type { TestUser } from '../../../test/factories.js';
import { startTwoInstances, type Instances } from '../../../test/instances.js';
import { playerData, scrimApi } from '../../../test/scrim-api.js';
import { ALL_SLOTS, createScrim, createUsers, fillScrim, type Slot } from '../../../test/scrim-factories.js';

/**
 * Two players leaving one full scrim at the same moment, each on another instance of one database: each freed
 * slot goes to the waitlist exactly once, in waitlist order, and a waitlist entry is used once. On PostgreSQL
 * (TEST_DATABASE_URL) each instance has its own pool and the statements really run at once; on PGlite they
 * interleave one query at a time.
 */
let instances: Instances;
beforeAll(async () => {
  instances = await startTwoInstances();
});
afterAll(() => instances.close());

const db = () => instances.db;
const ROUNDS = 4;
const api = (ctx: TestContext) => scrimApi(ctx.app);

/** A full scrim whose waitlist holds new users with these roles, in this order. */
async function fullWithWaitlist(roles: WaitlistRole[]) {
  const scrim = await createScrim({ db: db() });
  const { players } = await fillScrim({ db: db(), scrim });
  const waiting = await createUsers({ db: db(), count: roles.length });
  const base = Date.now() - 60_000;
  if (roles.length > 0) {
    await db()
      .insert(scrimWaitlist)
      .values(
        waiting.map((u, i) => ({ scrimId: scrim.id, userId: u.id, role: roles[i]!, createdAt: new Date(base + i) })),
      );
  }
  return { scrim, players, waiting };
}

/** players[i] leaves on the first instance, players[j] on the second, at once. */
async function leaveAtOnce(scrimId: string, a: TestUser, b: TestUser) {
  const [one, two] = await Promise.all([
    api(instances.first).leave(scrimId, a.id, a.token),
    api(instances.second).leave(scrimId, b.id, b.token),
  ]);
  expect(one.statusCode, one.body).toBe(200);
  expect(two.statusCode, two.body).toBe(200);
}

async function slotsAndWaitlist(scrimId: string) {
  const players = await db()
    .select()
    .from(scrimParticipants)
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.kind, 'player')));
  const waitlist = await db()
    .select({ userId: scrimWaitlist.userId })
    .from(scrimWaitlist)
    .where(eq(scrimWaitlist.scrimId, scrimId))
    .orderBy(asc(scrimWaitlist.createdAt));
  const notified = await db()
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.relatedScrimId, scrimId));
  const at = (slot: Slot) => players.find((p) => p.team === slot.team && p.role === slot.role)?.userId ?? null;
  return { players, at, waitlist: waitlist.map((w) => w.userId), notified: notified.map((n) => n.userId).sort() };
}

// teamOne's Top (players[0]) and teamTwo's Mid (players[7]).
const TOP = ALL_SLOTS[0]!;
const MID = ALL_SLOTS[7]!;

describe(`two leaves at once on two instances (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('one waitlisted player takes exactly one of the two slots, once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { scrim, players, waiting } = await fullWithWaitlist(['any']);
      await leaveAtOnce(scrim.id, players[0]!, players[7]!);
      const after = await slotsAndWaitlist(scrim.id);
      expect(after.players).toHaveLength(9);
      expect([after.at(TOP), after.at(MID)].filter((id) => id === waiting[0]!.id)).toHaveLength(1);
      expect([after.at(TOP), after.at(MID)]).toContain(null);
      expect(after.waitlist).toEqual([]);
      expect(after.notified).toEqual([waiting[0]!.id]);
    }
  });

  it('two waitlisted players take one slot each, each once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { scrim, players, waiting } = await fullWithWaitlist(['any', 'any']);
      await leaveAtOnce(scrim.id, players[0]!, players[7]!);
      const after = await slotsAndWaitlist(scrim.id);
      expect(after.players).toHaveLength(10);
      expect([after.at(TOP), after.at(MID)].sort()).toEqual(waiting.map((u) => u.id).sort());
      expect(after.waitlist).toEqual([]);
      expect(after.notified).toEqual(waiting.map((u) => u.id).sort());
    }
  });

  it('first come first served by role: a Mid entry before an any entry gets Mid, whichever leave lands first', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { scrim, players, waiting } = await fullWithWaitlist(['Mid', 'any', 'any']);
      const [mid, any, last] = waiting;
      await leaveAtOnce(scrim.id, players[0]!, players[7]!);
      const after = await slotsAndWaitlist(scrim.id);
      expect(after.at(MID)).toBe(mid!.id);
      expect(after.at(TOP)).toBe(any!.id);
      expect(after.waitlist).toEqual([last!.id]);
    }
  });

  it('a leave racing the waitlisted player leaving the waitlist: promoted or gone, never both', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { scrim, players, waiting } = await fullWithWaitlist(['any']);
      const [left, unwaited] = await Promise.all([
        api(instances.first).leave(scrim.id, players[0]!.id, players[0]!.token),
        api(instances.second).call('DELETE', `/api/scrims/${scrim.id}/waitlist`, { token: waiting[0]!.token }),
      ]);
      expect(left.statusCode).toBe(200);
      const after = await slotsAndWaitlist(scrim.id);
      expect(after.waitlist).toEqual([]);
      if (unwaited.statusCode === 200) expect(after.at(TOP)).toBeNull();
      else {
        expect(unwaited.json().code).toBe('NOT_WAITLISTED');
        expect(after.at(TOP)).toBe(waiting[0]!.id);
      }
    }
  });

  it('a leave racing a join of the same slot: one player in it, the waitlist used at most once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { scrim, players, waiting } = await fullWithWaitlist(['any']);
      const [joiner] = await createUsers({ db: db(), count: 1 });
      const [, joined] = await Promise.all([
        api(instances.first).leave(scrim.id, players[0]!.id, players[0]!.token),
        api(instances.second).call('PATCH', `/api/scrims/${scrim.id}/insert-player/${joiner!.id}`, {
          token: joiner!.token,
          payload: playerData(TOP),
        }),
      ]);
      const after = await slotsAndWaitlist(scrim.id);
      // The leave commits first: the waitlisted player takes the slot at once, and the join finds it taken.
      expect(joined.statusCode).toBe(409);
      expect(after.at(TOP)).toBe(waiting[0]!.id);
      expect(after.players).toHaveLength(10);
    }
  });
});
