import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, scrims } from '../../db/schema/index.js';
import { createAdmin, createUser, type TestUser } from '../../test/factories.js';
import { makeJobDue, startFakeDiscord, type FakeDiscord } from '../../test/fake-discord.js';
import { startTwoInstances, type Instances } from '../../test/instances.js';
import { scrimApi } from '../../test/scrim-api.js';
import { ALL_SLOTS } from '../../test/scrim-factories.js';
import { announcementKey, DISCORD_ANNOUNCE_JOB } from './index.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let instances: Instances;
let fake: FakeDiscord;
beforeAll(async () => {
  instances = await startTwoInstances();
  fake = await startFakeDiscord();
});
afterAll(async () => {
  await instances?.close();
  await fake?.close();
});

describe(`Discord announcements on two instances (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('each announcement is posted once, whichever instance acted and whichever runner took the job', async () => {
    const { first, second, db } = instances;
    const apis = [scrimApi(first.app), scrimApi(second.app)];
    const admin: TestUser = await createAdmin({ db });
    const players = await Promise.all(Array.from({ length: 10 }, () => createUser({ db })));
    const set = await apis[1]!.call('PUT', '/api/admin/regions/NA/discord-webhook', {
      token: admin.token,
      payload: { url: fake.webhookUrl },
    });
    expect(set.statusCode, set.body).toBe(200);

    first.app.jobs.start();
    second.app.jobs.start();
    try {
      const created = await apis[0]!.call('POST', '/api/scrims', {
        token: admin.token,
        payload: {
          title: 'Two instances',
          region: 'NA',
          gameStartTime: new Date(Date.now() + 60 * 60_000).toISOString(),
          useTournamentCode: false,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const scrimId = (created.json() as { _id: string })._id;
      // The new scrim's post comes first: nothing else is made due before it is out.
      await expect.poll(() => fake.titles().length, { timeout: 15_000 }).toBe(1);
      // Players join through both instances at once, two at a time.
      for (let i = 0; i < 10; i += 2) {
        const pair = [i, i + 1].map((p) =>
          apis[p % 2]!.join(scrimId, players[p]!.id, ALL_SLOTS[p]!, players[p]!.token),
        );
        for (const res of await Promise.all(pair)) expect(res.statusCode, res.body).toBe(200);
        if (i === 6) {
          // Eight in: "2 spots left" waits its minute; made due now, one of the runners posts it.
          await makeJobDue(db, announcementKey(scrimId, 'spots-left'));
          await expect.poll(() => fake.titles().length, { timeout: 15_000 }).toBe(2);
        }
      }
      // Two runners may take two due posts at once and finish them in any order: the result waits for the full.
      await expect.poll(() => fake.titles().length, { timeout: 15_000 }).toBe(3);
      await db
        .update(scrims)
        .set({ gameStartTime: new Date(Date.now() - 60_000) })
        .where(eq(scrims.id, scrimId));
      const won = await apis[1]!.setWinner(scrimId, 'teamTwo', admin.token);
      expect(won.statusCode, won.body).toBe(200);

      const open = () =>
        db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, DISCORD_ANNOUNCE_JOB), isNull(jobs.completedAt)));
      await expect.poll(async () => (await open()).length, { timeout: 15_000 }).toBe(0);
      await expect.poll(() => fake.titles().length, { timeout: 5_000 }).toBe(4);
      expect(fake.titles().map((title) => title.split(':')[0])).toEqual([
        'New scrim',
        '2 spots left',
        'Lobby full',
        'Result',
      ]);
      const done = await db.select().from(jobs).where(eq(jobs.kind, DISCORD_ANNOUNCE_JOB));
      expect(done.map((job) => job.lastError)).toEqual([null, null, null, null]);
    } finally {
      await Promise.all([first.app.jobs.stop(), second.app.jobs.stop()]);
    }
  });
});
