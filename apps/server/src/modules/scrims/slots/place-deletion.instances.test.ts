import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrimParticipants, scrimWaitlist, users } from '../../../db/schema/index.js';
import { bearer, createUser, type TestUser } from '../../../test/factories.js';
import { startTwoInstances, type Instances } from '../../../test/instances.js';
import { scrimApi } from '../../../test/scrim-api.js';
import { ALL_SLOTS, createScrim, fillScrim, type TestScrim } from '../../../test/scrim-factories.js';

/**
 * A player deletes their account on one instance while, on the other, they take a place in a scrim themselves: a
 * slot, the cast, the waitlist. Whichever commits first, the deleted account holds no place afterwards. On
 * PostgreSQL each instance has its own pool and the transactions really overlap; on PGlite they interleave one
 * query at a time. The action starts a little later each round, so the deletion commits at different points of it.
 */
let instances: Instances;
beforeAll(async () => {
  instances = await startTwoInstances();
});
afterAll(() => instances.close());

const db = () => instances.db;
const ROUNDS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `act` runs on the second instance `round * 3` ms after the deletion starts on the first; answers both. */
async function raceWithDeletion(victim: TestUser, round: number, act: () => Promise<LightMyRequestResponse>) {
  const [deletion, action] = await Promise.all([
    instances.first.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(victim.token),
      payload: { confirmation: victim.name },
    }),
    sleep(round * 3).then(act),
  ]);
  expect(deletion.statusCode, deletion.body).toBe(200);
  // Before the deletion: the place is taken, then given back. After it: the session or the account is gone.
  expect([200, 401], action.body).toContain(action.statusCode);
  const [gone] = await db().select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, victim.id));
  expect(gone?.deletedAt).not.toBeNull();
  return action.statusCode;
}

/** Each round: a new scrim and a new victim, the action raced with the deletion, then the victim holds nothing. */
async function rounds(
  setup: () => Promise<TestScrim>,
  act: (scrim: TestScrim, victim: TestUser) => Promise<LightMyRequestResponse>,
) {
  const outcomes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const scrim = await setup();
    const victim = await createUser({ db: db() });
    outcomes.push(await raceWithDeletion(victim, round, () => act(scrim, victim)));
    const seated = await db()
      .select()
      .from(scrimParticipants)
      .where(and(eq(scrimParticipants.scrimId, scrim.id), eq(scrimParticipants.userId, victim.id)));
    expect(seated, `round ${round}`).toEqual([]);
    const waiting = await db()
      .select()
      .from(scrimWaitlist)
      .where(and(eq(scrimWaitlist.scrimId, scrim.id), eq(scrimWaitlist.userId, victim.id)));
    expect(waiting, `round ${round}`).toEqual([]);
  }
  return outcomes;
}

const second = () => scrimApi(instances.second.app);

describe(`an account deleted while it takes a place (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('joining a slot: never seated', async () => {
    const outcomes = await rounds(
      () => createScrim({ db: db() }),
      (scrim, victim) => second().join(scrim.id, victim.id, ALL_SLOTS[0]!, victim.token),
    );
    console.log(`slot join answers while the account was deleted: ${outcomes.join(' ')}`);
  }, 60_000);

  it('joining the cast: never casting', async () => {
    const outcomes = await rounds(
      () => createScrim({ db: db(), isWithCasters: true, maxCastersAllowedCount: 2 }),
      (scrim, victim) => second().joinCast(scrim.id, victim.id, victim.token),
    );
    console.log(`cast answers while the account was deleted: ${outcomes.join(' ')}`);
  }, 60_000);

  it('joining the waitlist of a full scrim: never waitlisted', async () => {
    const outcomes = await rounds(
      async () => {
        const scrim = await createScrim({ db: db() });
        await fillScrim({ db: db(), scrim });
        return scrim;
      },
      (scrim, victim) =>
        second().call('POST', `/api/scrims/${scrim.id}/waitlist`, { token: victim.token, payload: { role: 'any' } }),
    );
    console.log(`waitlist answers while the account was deleted: ${outcomes.join(' ')}`);
  }, 60_000);
});
