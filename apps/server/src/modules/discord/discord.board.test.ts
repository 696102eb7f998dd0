import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Series } from '@scrim-gym/shared';
import { jobs, riotTournaments, scrims } from '../../db/schema/index.js';
import { findJobs, jobStatus } from '../../jobs/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { boardApi, lineupOf, postBody, seriesFixtures } from '../../test/board-api.js';
import { createAdmin, type TestUser } from '../../test/factories.js';
import { makeJobDue, startFakeDiscord, type FakeDiscord } from '../../test/fake-discord.js';
import { scrimApi } from '../../test/scrim-api.js';
import { callApi, expectStatus } from '../../test/social.js';
import { teamApi } from '../../test/team-api.js';
import { getScrimAggregate, scrimStartKey } from '../scrims/index.js';
import { boardAnnouncementKey } from './index.js';

/**
 * The scrim board on the region's Discord channel: a post only when its poster asks, a booked series with its link,
 * each game going live, the series' result or its cancellation; each once, and never a code, a lobby name or a
 * password.
 */
let ctx: TestContext;
let board: ReturnType<typeof boardApi>;
let scrimsApi: ReturnType<typeof scrimApi>;
let fake: FakeDiscord;
let admin: TestUser;
const db = () => ctx.database.db;
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://scrim-gym.test' });
  board = boardApi(callApi(ctx.app));
  scrimsApi = scrimApi(ctx.app);
  fake = await startFakeDiscord();
  admin = await createAdmin({ db: db() });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(async () => {
  fake.requests.length = 0;
  await setWebhook(fake.webhookUrl);
});

async function setWebhook(url: string | null) {
  const res = await scrimsApi.call('PUT', '/api/admin/regions/NA/discord-webhook', {
    token: admin.token,
    payload: { url },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const fixtures = () => seriesFixtures({ db: db(), board, teams: teamApi(callApi(ctx.app)) });
async function runDueJobs() {
  for (let round = 0; round < 10 && (await ctx.app.jobs.runOnce()) > 0; round++);
}
const embeds = () => fake.requests.map((r) => r.body.embeds[0]!);
const titles = () => fake.titles();

/** Game `number`'s scrim starts now: its start job runs (the game is live). */
async function startGame(s: Series, number: number) {
  const game = s.games.find((g) => g.number === number)!;
  await db()
    .update(scrims)
    .set({ gameStartTime: new Date(Date.now() - MINUTE) })
    .where(eq(scrims.id, game.scrimId));
  await makeJobDue(db(), scrimStartKey(game.scrimId));
  await runDueJobs();
}

/** A booked series of `format` with both lineups set. */
async function seriesWithLineups(format: 'bo1' | 'bo3' = 'bo1') {
  const booked = await fixtures().bookedSeries({ format });
  const { poster, asker } = booked;
  await board.lineupOk(booked.series._id, poster.captain, lineupOf(poster.id, poster.players));
  const s = await board.lineupOk(booked.series._id, asker.captain, lineupOf(asker.id, asker.players));
  return { ...booked, series: s };
}

describe('scrim posts', () => {
  it('a post is announced only when its poster asks, once, with the board link; markdown escaped, nobody pinged', async () => {
    const team = await fixtures().newTeam();
    await board.postOk(team.captain, postBody(team.id, { note: 'Quiet one' }));
    await runDueJobs();
    expect(fake.requests).toEqual([]);

    const post = await board.postOk(
      team.captain,
      postBody(team.id, { announce: true, fearless: true, rankMin: 'Gold 4', note: '**Chill** scrims @everyone' }),
    );
    await runDueJobs();
    await runDueJobs();
    expect(titles()).toEqual([`Looking for a scrim: ${team.name} [${team.tag}]`]);
    const [embed] = embeds();
    expect(embed).toMatchObject({ url: 'https://scrim-gym.test/board' });
    expect(embed!.description).toMatch(
      /^Bo3 \(fearless draft\), <t:\d+:F> \(<t:\d+:R>\)\. Ask for it on the Scrim Board\.$/,
    );
    expect(embed!.fields).toEqual([
      { name: 'Region', value: 'NA', inline: true },
      { name: 'Team rank', value: post.team.rank, inline: true },
      { name: 'Wanted ranks', value: 'Gold 4 – Challenger' },
      { name: 'Note', value: '\\*\\*Chill\\*\\* scrims @everyone' },
    ]);
    expect(fake.requests[0]!.body.allowed_mentions).toEqual({ parse: [] });
    const [job] = await findJobs({ db: db(), dedupeKey: boardAnnouncementKey({ announcement: 'post', id: post._id }) });
    expect(jobStatus(job!)).toBe('done');
  });

  it('a post taken down before its job ran is not posted; a region without a webhook schedules nothing', async () => {
    const team = await fixtures().newTeam();
    const post = await board.postOk(team.captain, postBody(team.id, { announce: true }));
    expect((await board.removePost(post._id, team.captain)).statusCode).toBe(204);
    await runDueJobs();
    expect(fake.requests).toEqual([]);

    await setWebhook(null);
    const other = await fixtures().newTeam();
    const quiet = await board.postOk(other.captain, postBody(other.id, { announce: true }));
    await runDueJobs();
    expect(fake.requests).toEqual([]);
    expect(
      await db()
        .select()
        .from(jobs)
        .where(like(jobs.dedupeKey, `discord:post:${quiet._id}`)),
    ).toEqual([]);
  });
});

describe('series', () => {
  it('booked, each game live and the result, each once, with the series link; never a code or lobby secrets', async () => {
    const { poster, asker, series } = await seriesWithLineups('bo1');
    const [blue, red] = series.teams.map((side) => side.team!.tag);
    await runDueJobs();
    expect(titles()).toEqual([`Series booked: ${blue} vs ${red}`]);
    expect(embeds()[0]!.url).toBe(`https://scrim-gym.test/series/${series._id}`);
    expect(embeds()[0]!.description).toMatch(new RegExp(`^${blue} vs ${red}, Bo1, <t:\\d+:F> \\(<t:\\d+:R>\\)$`));

    // Game 1 has a tournament code and a lobby: its players see them, Discord never does.
    const game = series.games[0]!;
    const code = `NA-SECRETCODE-${series._id.slice(0, 8)}`;
    await db().insert(riotTournaments).values({ scrimId: game.scrimId, tournamentCode: code, setupCompleted: true });
    const [lobby] = await db()
      .select({ name: scrims.lobbyName, password: scrims.lobbyPassword })
      .from(scrims)
      .where(eq(scrims.id, game.scrimId));
    await startGame(series, 1);
    expect((await board.seriesOk(series._id, poster.captain)).games[0]!.tournamentCode).toBe(code);
    expect(titles()).toEqual([`Series booked: ${blue} vs ${red}`, `Game 1 live: ${blue} vs ${red}`]);
    expect(embeds()[1]!.description).toBe(
      `Game 1 has started (series ${blue} 0–0 ${red}). The players find the lobby on the series page.`,
    );
    // The start job again (a retry) posts nothing more.
    const aggregate = await getScrimAggregate({ db: db(), id: game.scrimId });
    await ctx.app.scrimLifecycle.emit('started', { aggregate: aggregate! });
    await runDueJobs();
    expect(titles()).toHaveLength(2);

    const winner = game.blueTeamId === asker.id ? 'teamOne' : 'teamTwo';
    expectStatus(await scrimsApi.setWinner(game.scrimId, winner, admin.token), 200);
    await runDueJobs();
    expect(titles()).toEqual([
      `Series booked: ${blue} vs ${red}`,
      `Game 1 live: ${blue} vs ${red}`,
      `Series result: ${asker.tag} 1–0 ${poster.tag}`,
    ]);
    expect(embeds()[2]!.description).toBe(`${asker.name} won the Bo1 1–0.`);
    for (const request of fake.requests) {
      expect(request.raw).not.toContain(code);
      expect(request.raw).not.toContain(lobby!.password);
      expect(request.raw).not.toContain(lobby!.name);
    }
  });

  it('a cancelled series is announced as cancelled, with the reason, once', async () => {
    const { poster, series } = await seriesWithLineups('bo3');
    await runDueJobs();
    const reason = 'Our **jungler** is sick';
    expectStatus(await board.cancel(series._id, poster.captain, { reason }), 200);
    await runDueJobs();
    const [blue, red] = series.teams.map((side) => side.team!.tag);
    expect(titles()).toEqual([`Series booked: ${blue} vs ${red}`, `Series cancelled: ${blue} vs ${red}`]);
    expect(embeds()[1]!.fields).toContainEqual({ name: 'Reason', value: 'Our \\*\\*jungler\\*\\* is sick' });
  });

  it('a series the channel was not told of is not followed there', async () => {
    await setWebhook(null);
    const { poster, series } = await seriesWithLineups('bo1');
    await runDueJobs();
    await setWebhook(fake.webhookUrl);
    await startGame(series, 1);
    expectStatus(await board.cancel(series._id, poster.captain, { reason: 'Gone' }), 200);
    await runDueJobs();
    expect(fake.requests).toEqual([]);
  });
});
