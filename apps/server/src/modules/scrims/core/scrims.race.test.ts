import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIM_MESSAGES, type Scrim } from '@scrim-gym/shared';
import { scrimParticipants, scrims } from '../../../db/schema/index.js';
import { uniqueViolation } from '../../../lib/errors.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin } from '../../../test/factories.js';
import { playerIds, scrimApi } from '../../../test/scrim-api.js';
import { ALL_SLOTS, createScrim, createUsers } from '../../../test/scrim-factories.js';

/**
 * Simultaneous requests against one scrim. Meaningful on PostgreSQL (TEST_DATABASE_URL: a pool of connections,
 * real concurrent transactions); on PGlite the same assertions hold with the queries interleaved one at a time.
 */
let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

describe(`concurrent joins (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('200 users for the same slot at once: exactly one wins, 199 get 409, one row in the slot', async () => {
    const scrim = await createScrim({ db: db() });
    const users = await createUsers({ db: db(), count: 200 });
    const target = { team: 'teamTwo', role: 'Mid' } as const;

    const responses = await Promise.all(users.map((u) => api.join(scrim.id, u.id, target, u.token)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);

    const winner = users[statuses.indexOf(200)]!;
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      const body = res.json() as { error: string; code: string; scrim: Scrim };
      expect(body.code).toBe('SPOT_TAKEN');
      expect(body.error).toBe(
        SCRIM_MESSAGES.spotTaken(
          'Team One (Blue Side): Top, Jungle, Mid, ADC, Support; Team Two (Red Side): Top, Jungle, ADC, Support',
        ),
      );
      expect(body.scrim.teamTwo).toEqual([
        expect.objectContaining({ _user: expect.objectContaining({ _id: winner.id }), role: 'Mid' }),
      ]);
    }

    const rows = await db()
      .select()
      .from(scrimParticipants)
      .where(and(eq(scrimParticipants.scrimId, scrim.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: winner.id, kind: 'player', team: 'teamTwo', role: 'Mid' });
  });

  it('10 users joining the 10 slots at once: 10 players, exactly one host among them', async () => {
    for (let round = 0; round < 3; round++) {
      const admin = await createAdmin({ db: db() });
      const scrim = await createScrim({ db: db() });
      const users = await createUsers({ db: db(), count: 10 });
      const responses = await Promise.all(users.map((u, i) => api.join(scrim.id, u.id, ALL_SLOTS[i]!, u.token)));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));

      const final = await api.read(scrim.id, admin.token);
      expect(new Set(playerIds(final))).toEqual(new Set(users.map((u) => u.id)));
      expect(users.map((u) => u.id)).toContain(final.lobbyHost?._id);
      // Every answer after the last join saw the same host; none named another one.
      const hosts = new Set(responses.map((r) => (r.json() as Scrim).lobbyHost?._id).filter(Boolean));
      expect([...hosts]).toEqual([final.lobbyHost!._id]);
      const [row] = await db().select({ host: scrims.lobbyHostId }).from(scrims).where(eq(scrims.id, scrim.id));
      expect(row!.host).toBe(final.lobbyHost!._id);
    }
  });

  it('one user racing into several slots and the cast at once ends up in exactly one place', async () => {
    const scrim = await createScrim({ db: db(), isWithCasters: true, maxCastersAllowedCount: 2 });
    const [user] = await createUsers({ db: db(), count: 1 });
    const responses = await Promise.all([
      ...ALL_SLOTS.map((s) => api.join(scrim.id, user!.id, s, user!.token)),
      api.joinCast(scrim.id, user!.id, user!.token),
    ]);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const rows = await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id));
    expect(rows).toHaveLength(1);
  });

  it('the database alone keeps a slot single: 50 direct concurrent inserts, one row', async () => {
    const scrim = await createScrim({ db: db() });
    const users = await createUsers({ db: db(), count: 50 });
    const results = await Promise.allSettled(
      users.map((u) =>
        db()
          .insert(scrimParticipants)
          .values({ scrimId: scrim.id, userId: u.id, kind: 'player', team: 'teamOne', role: 'Top' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(uniqueViolation(r.reason)).toBe('scrim_participants_slot_uq');
    expect(await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id))).toHaveLength(1);
  });

  it('concurrent cast joins never exceed the maximum', async () => {
    const scrim = await createScrim({ db: db(), isWithCasters: true, maxCastersAllowedCount: 2 });
    const users = await createUsers({ db: db(), count: 30 });
    const responses = await Promise.all(users.map((u) => api.joinCast(scrim.id, u.id, u.token)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(responses.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'CAST_FULL')).toBe(true);
    const rows = await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id));
    expect(rows).toHaveLength(2);
  });
});
