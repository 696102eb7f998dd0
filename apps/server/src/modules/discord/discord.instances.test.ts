import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, scrims } from '../../db/schema/index.js';
import { boardApi, lineupOf, postBody, seriesFixtures } from '../../test/board-api.js';
import { createAdmin, createUser, type TestUser } from '../../test/factories.js';
import { makeJobDue, startFakeDiscord, type FakeDiscord } from '../../test/fake-discord.js';
import { startTwoInstances, type Instances } from '../../test/instances.js';
import { scrimApi } from '../../test/scrim-api.js';
import { ALL_SLOTS } from '../../test/scrim-factories.js';
import { callApi, expectStatus } from '../../test/social.js';
import { teamApi } from '../../test/team-api.js';
import { scrimStartKey } from '../scrims/index.js';
import { announcementKey, DISCORD_ANNOUNCE_JOB, DISCORD_BOARD_JOB } from './index.js';

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

  it("the board's: each posted once (two accepts at once, runners on both instances, an end heard twice)", async () => {
    const { first, second, db } = instances;
    fake.requests.length = 0;
    const boards = [boardApi(callApi(first.app)), boardApi(callApi(second.app))] as const;
    const scrimApis = [scrimApi(first.app), scrimApi(second.app)] as const;
    const fixtures = seriesFixtures({ db, board: boards[0], teams: teamApi(callApi(first.app)) });
    const admin: TestUser = await createAdmin({ db });
    const set = await scrimApis[1].call('PUT', '/api/admin/regions/NA/discord-webhook', {
      token: admin.token,
      payload: { url: fake.webhookUrl },
    });
    expect(set.statusCode, set.body).toBe(200);
    const [poster, b, c] = await Promise.all([fixtures.newTeam(), fixtures.newTeam(), fixtures.newTeam()]);

    first.app.jobs.start();
    second.app.jobs.start();
    try {
      const post = await boards[1].postOk(poster.captain, postBody(poster.id, { announce: true, format: 'bo1' }));
      await expect.poll(() => fake.titles().length, { timeout: 15_000 }).toBe(1);
      const asks = [await boards[0].askOk(post._id, b.captain, b.id), await boards[1].askOk(post._id, c.captain, c.id)];
      // The poster's captain accepts both at once, one on each instance: one series.
      const accepted = await Promise.all(asks.map((ask, i) => boards[i]!.accept(ask._id, poster.captain)));
      expect(accepted.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const { series } = accepted.find((res) => res.statusCode === 200)!.json() as {
        series: { _id: string; games: { scrimId: string; blueTeamId: string }[] };
      };
      await expect.poll(() => fake.titles().length, { timeout: 15_000 }).toBe(2);
      const sides = (await boards[0].seriesOk(series._id, poster.captain)).teams;
      const asker = [b, c].find((team) => sides.some((side) => side.team?._id === team.id))!;
      await boards[0].lineupOk(series._id, poster.captain, lineupOf(poster.id, poster.players));
      await boards[1].lineupOk(series._id, asker.captain, lineupOf(asker.id, asker.players));

      // Game 1 starts: whichever runner takes its start job, it is live once.
      const game = series.games[0]!;
      await db
        .update(scrims)
        .set({ gameStartTime: new Date(Date.now() - 60_000) })
        .where(eq(scrims.id, game.scrimId));
      await makeJobDue(db, scrimStartKey(game.scrimId));
      await expect.poll(() => fake.titles().length, { timeout: 15_000 }).toBe(3);

      // The result's post is held in flight while both instances hear the series' end again: nothing more is posted.
      fake.answer({ status: 204, delayMs: 1_500 });
      const won = await scrimApis[1].setWinner(
        game.scrimId,
        game.blueTeamId === poster.id ? 'teamOne' : 'teamTwo',
        admin.token,
      );
      expectStatus(won, 200);
      await expect.poll(() => fake.titles().length, { timeout: 15_000 }).toBe(4);
      await Promise.all(
        [first, second].map((ctx) =>
          ctx.app.boardLifecycle.emit('seriesEnded', { seriesId: series._id, region: 'NA' }),
        ),
      );
      const open = () =>
        db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, DISCORD_BOARD_JOB), isNull(jobs.completedAt)));
      await expect.poll(async () => (await open()).length, { timeout: 15_000 }).toBe(0);
      expect(fake.titles().map((title) => title.split(':')[0])).toEqual([
        'Looking for a scrim',
        'Series booked',
        'Game 1 live',
        'Series result',
      ]);
      expect(fake.titles()[3]).toBe(`Series result: ${poster.tag} 1–0 ${asker.tag}`);
      const done = await db.select().from(jobs).where(eq(jobs.kind, DISCORD_BOARD_JOB));
      expect(done.map((job) => job.lastError)).toEqual([null, null, null, null]);
    } finally {
      await Promise.all([first.app.jobs.stop(), second.app.jobs.stop()]);
    }
  });
});
