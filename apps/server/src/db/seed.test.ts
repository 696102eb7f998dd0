import { gt } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findJobs } from '../jobs/index.js';
import { SCRIM_START_JOB, scrimStartKey } from '../modules/tournaments/tournaments.schedule.js';
import { createTestDatabase } from '../test/database.js';
import { scrims, users } from './schema/index.js';
import { seedDemoCommunity } from './seed.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('seeds a demo community once, with start jobs for the upcoming scrims', async () => {
  const now = Date.now();
  expect(await seedDemoCommunity({ db: database.db, now })).toBe(true);
  expect(await seedDemoCommunity({ db: database.db, now })).toBe(false);

  expect((await database.db.select().from(users)).length).toBeGreaterThan(30);
  const upcoming = await database.db
    .select()
    .from(scrims)
    .where(gt(scrims.gameStartTime, new Date(now)));
  expect(upcoming.length).toBeGreaterThan(0);
  const startJobs = await findJobs({ db: database.db, kind: SCRIM_START_JOB });
  expect(startJobs.map((job) => job.dedupeKey).sort()).toEqual(upcoming.map((s) => scrimStartKey(s.id)).sort());
  for (const job of startJobs) {
    const scrim = upcoming.find((s) => scrimStartKey(s.id) === job.dedupeKey)!;
    expect(job.runAt.getTime()).toBe(scrim.gameStartTime.getTime());
  }
});
