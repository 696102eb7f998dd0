import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index.js';
import { createUser } from '../../../test/factories.js';
import { createScrim } from '../../../test/scrim-factories.js';
import { useSocialApp } from '../../../test/social.js';
import { recordCommitments } from './reliability.js';

const HOUR = 3_600_000;
const t = useSocialApp();

async function userRow(id: string) {
  const [row] = await t.db().select().from(users).where(eq(users.id, id));
  return row!;
}

describe('recordCommitments', () => {
  it('scores the share kept of the last 20 commitments and escalates no-shows: warning, 24 h, 7 days', async () => {
    const db = t.db();
    const user = await createUser({ db });
    expect((await userRow(user.id)).reliabilityScore).toBeNull();

    const kept = await createScrim({ db });
    expect(
      await recordCommitments({ db, scrimId: kept.id, entries: [{ userId: user.id, outcome: 'checked_in' }] }),
    ).toEqual([]);
    expect((await userRow(user.id)).reliabilityScore).toBe(100);

    const first = await createScrim({ db });
    const [warning] = await recordCommitments({
      db,
      scrimId: first.id,
      entries: [{ userId: user.id, outcome: 'no_show' }],
    });
    expect(warning).toMatchObject({ userId: user.id, strikes: 1, cooldownUntil: null });
    expect((await userRow(user.id)).reliabilityScore).toBe(50);
    // The same no-show recorded again (a job run twice) is not a second strike.
    expect(
      await recordCommitments({ db, scrimId: first.id, entries: [{ userId: user.id, outcome: 'no_show' }] }),
    ).toEqual([]);

    const second = await createScrim({ db });
    const [day] = await recordCommitments({
      db,
      scrimId: second.id,
      entries: [{ userId: user.id, outcome: 'no_show' }],
    });
    expect(day!.strikes).toBe(2);
    expect(Math.abs(day!.cooldownUntil!.getTime() - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);

    const third = await createScrim({ db });
    const [week] = await recordCommitments({
      db,
      scrimId: third.id,
      entries: [{ userId: user.id, outcome: 'no_show' }],
    });
    expect(week!.strikes).toBe(3);
    expect(Math.abs(week!.cooldownUntil!.getTime() - (Date.now() + 7 * 24 * HOUR))).toBeLessThan(60_000);
    expect((await userRow(user.id)).reliabilityScore).toBe(25);
  });

  it('counts only the last 20 commitments', async () => {
    const db = t.db();
    const user = await createUser({ db });
    const old = await createScrim({ db });
    await recordCommitments({ db, scrimId: old.id, entries: [{ userId: user.id, outcome: 'late_leave' }] });
    for (let i = 0; i < 20; i++) {
      const scrim = await createScrim({ db });
      await recordCommitments({ db, scrimId: scrim.id, entries: [{ userId: user.id, outcome: 'played' }] });
    }
    expect((await userRow(user.id)).reliabilityScore).toBe(100);
  });
});
