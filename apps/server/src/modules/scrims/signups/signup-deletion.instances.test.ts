import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrimParticipants, scrimSignups, scrims, users } from '../../../db/schema/index.js';
import { bearer } from '../../../test/factories.js';
import { startTwoInstances, type Instances } from '../../../test/instances.js';
import { createScrim, createUsers } from '../../../test/scrim-factories.js';

/**
 * A player deletes their account on one instance while their sign-up to a balanced scrim (the tenth, which makes
 * the teams) runs on the other. Whichever commits first, the deleted account is never signed up nor seated, and
 * the scrim is left whole: the nine others signed up, no teams half made. On PostgreSQL each instance has its own
 * pool and the transactions really overlap; on PGlite they interleave one query at a time. The sign-up starts a
 * little later each round, so the deletion commits at different points of it.
 */
let instances: Instances;
beforeAll(async () => {
  instances = await startTwoInstances();
});
afterAll(() => instances.close());

const db = () => instances.db;
const ROUNDS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`an account deleted while it signs up (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is never signed up nor seated, and the balanced scrim keeps its nine', async () => {
    const outcomes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const scrim = await createScrim({ db: db(), mode: 'balanced' });
      const [victim, ...nine] = await createUsers({ db: db(), count: 10 });
      await db()
        .insert(scrimSignups)
        .values(
          nine.map((u) => ({
            scrimId: scrim.id,
            userId: u.id,
            primaryRole: 'Fill' as const,
            secondaryRole: 'Fill' as const,
          })),
        );

      const [deletion, signup] = await Promise.all([
        instances.first.app.inject({
          method: 'DELETE',
          url: '/api/users/me',
          headers: bearer(victim!.token),
          payload: { confirmation: victim!.name },
        }),
        sleep(round * 3).then(() =>
          instances.second.app.inject({
            method: 'POST',
            url: `/api/scrims/${scrim.id}/signup`,
            headers: bearer(victim!.token),
            payload: { primaryRole: 'Mid', secondaryRole: 'Top' },
          }),
        ),
      ]);
      expect(deletion.statusCode, deletion.body).toBe(200);
      expect([200, 401, 403], signup.body).toContain(signup.statusCode);
      outcomes.push(signup.statusCode);

      const [gone] = await db().select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, victim!.id));
      expect(gone?.deletedAt).not.toBeNull();
      const signedUp = await db().select().from(scrimSignups).where(eq(scrimSignups.scrimId, scrim.id));
      expect(signedUp.map((s) => s.userId).sort(), `round ${round}`).toEqual(nine.map((u) => u.id).sort());
      const seated = await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id));
      expect(seated, `round ${round}`).toEqual([]);
      const [row] = await db().select().from(scrims).where(eq(scrims.id, scrim.id));
      expect(row?.balancedAt, `round ${round}`).toBeNull();
    }
    console.log(`sign-up answers while the account was deleted: ${outcomes.join(' ')}`);
  }, 60_000);
});
