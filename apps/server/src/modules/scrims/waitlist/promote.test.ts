import { and, eq, sql } from 'drizzle-orm';
import type { Role, TeamName, WaitlistRole } from '@scrim-gym/shared';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { scrimParticipants, scrimSignups, scrimWaitlist, scrims, users } from '../../../db/schema/index.js';
import { createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { ALL_SLOTS, createScrim, createUsers, fillScrim } from '../../../test/scrim-factories.js';
import { useSocialApp } from '../../../test/social.js';
import { promoteWaitlist } from './waitlist.repository.js';

const t = useSocialApp();

/** Waitlist entries in this order (one millisecond apart). */
async function wait(db: Database, scrimId: string, entries: [TestUser, WaitlistRole][]) {
  const base = Date.now() - 60_000;
  await db
    .insert(scrimWaitlist)
    .values(entries.map(([user, role], i) => ({ scrimId, userId: user.id, role, createdAt: new Date(base + i) })));
}

/** The function as callers use it: in a transaction holding the scrim's row lock. */
function promote(scrimId: string, team: TeamName | null, role: Role | null) {
  return t.db().transaction(async (tx) => {
    await tx.execute(sql`select 1 from scrims where id = ${scrimId}::uuid for update`);
    return promoteWaitlist({ db: tx, scrimId, team, role });
  });
}

async function waitlistOf(scrimId: string) {
  const rows = await t.db().select().from(scrimWaitlist).where(eq(scrimWaitlist.scrimId, scrimId));
  return rows.map((r) => r.userId).sort();
}

async function playerIn(scrimId: string, team: TeamName, role: Role) {
  const [row] = await t
    .db()
    .select()
    .from(scrimParticipants)
    .where(
      and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.team, team), eq(scrimParticipants.role, role)),
    );
  return row?.userId ?? null;
}

describe('scrim_promote_waitlist', () => {
  it('gives a free slot to the first entry of that role or any, first come first served, once', async () => {
    const db = t.db();
    const scrim = await createScrim({ db });
    const [mid, any, top, later] = await createUsers({ db, count: 4 });
    await wait(db, scrim.id, [
      [mid!, 'Mid'],
      [any!, 'any'],
      [top!, 'Top'],
      [later!, 'any'],
    ]);

    expect(await promote(scrim.id, 'teamOne', 'Top')).toBe(any!.id);
    expect(await playerIn(scrim.id, 'teamOne', 'Top')).toBe(any!.id);
    // Taken now: nobody else gets it, nothing is used up.
    expect(await promote(scrim.id, 'teamOne', 'Top')).toBeNull();
    expect(await waitlistOf(scrim.id)).toEqual([mid!.id, top!.id, later!.id].sort());

    expect(await promote(scrim.id, 'teamTwo', 'Top')).toBe(top!.id);
    expect(await promote(scrim.id, 'teamOne', 'ADC')).toBe(later!.id);
    expect(await promote(scrim.id, 'teamOne', 'Support')).toBeNull();
    expect(await waitlistOf(scrim.id)).toEqual([mid!.id]);
  });

  it('passes over banned users, users in a cooldown and users already in the scrim, who keep their place', async () => {
    const db = t.db();
    const scrim = await createScrim({ db });
    const banned = await createBannedUser({ db });
    const cooling = await createUser({ db, cooldownUntil: new Date(Date.now() + 3_600_000) });
    const cooled = await createUser({ db, cooldownUntil: new Date(Date.now() - 1000) });
    await wait(db, scrim.id, [
      [banned, 'any'],
      [cooling, 'any'],
      [cooled, 'Jungle'],
    ]);
    expect(await promote(scrim.id, 'teamTwo', 'Jungle')).toBe(cooled.id);
    expect(await promote(scrim.id, 'teamTwo', 'Mid')).toBeNull();
    expect(await waitlistOf(scrim.id)).toEqual([banned.id, cooling.id].sort());
  });

  it('promotes nobody into a cancelled, abandoned or finished scrim', async () => {
    const db = t.db();
    const user = await createUser({ db });
    for (const over of [
      { cancelledAt: new Date(), cancelReason: 'rain' },
      { abandonedAt: new Date() },
      { teamWon: 'teamOne' as const },
    ]) {
      const scrim = await createScrim({ db, ...over });
      await wait(db, scrim.id, [[user, 'any']]);
      expect(await promote(scrim.id, 'teamOne', 'Top')).toBeNull();
      expect(await waitlistOf(scrim.id)).toEqual([user.id]);
    }
  });

  it('in a balanced scrim with teams: the seat and a sign-up; without teams: a sign-up, up to ten', async () => {
    const db = t.db();
    const scrim = await createScrim({ db, mode: 'balanced', balancedAt: new Date() });
    const { players } = await fillScrim({ db, scrim });
    const [leaver, ...stay] = players;
    await db.insert(scrimSignups).values(
      stay.map((p) => ({
        scrimId: scrim.id,
        userId: p.id,
        primaryRole: 'Fill' as const,
        secondaryRole: 'Fill' as const,
      })),
    );
    await db.delete(scrimParticipants).where(eq(scrimParticipants.userId, leaver!.id));
    const [waiting, next] = await createUsers({ db, count: 2 });
    await db.update(users).set({ secondaryRole: 'Mid' }).where(eq(users.id, waiting!.id));
    await wait(db, scrim.id, [
      [waiting!, 'any'],
      [next!, 'any'],
    ]);
    const { team, role } = ALL_SLOTS[0]!;
    expect(await promote(scrim.id, team, role)).toBe(waiting!.id);
    expect(await playerIn(scrim.id, team, role)).toBe(waiting!.id);
    const [signup] = await db.select().from(scrimSignups).where(eq(scrimSignups.userId, waiting!.id));
    expect(signup).toMatchObject({ primaryRole: role, secondaryRole: 'Mid' });
    const [row] = await db.select().from(scrims).where(eq(scrims.id, scrim.id));
    expect(row!.balancedAt).toBeNull();
    // Ten sign-ups: no room for a sign-up.
    expect(await promote(scrim.id, null, null)).toBeNull();

    // The teams undone (a sign-up withdrew): the next entry signs up.
    await db.delete(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id));
    await db.delete(scrimSignups).where(eq(scrimSignups.userId, stay[0]!.id));
    expect(await promote(scrim.id, 'teamOne', 'Mid')).toBe(next!.id);
    expect(await db.select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrim.id))).toEqual([]);
    expect(await waitlistOf(scrim.id)).toEqual([]);
  });

  it('a slot scrim needs a seat', async () => {
    const db = t.db();
    const scrim = await createScrim({ db });
    const user = await createUser({ db });
    await wait(db, scrim.id, [[user, 'any']]);
    expect(await promote(scrim.id, null, null)).toBeNull();
    expect(await waitlistOf(scrim.id)).toEqual([user.id]);
  });
});
