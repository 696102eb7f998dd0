import { eq, like } from 'drizzle-orm';
import { DISCORD_MESSAGES, type DiscordWebhook } from '@scrim-gym/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_SLOTS } from '../../test/scrim-factories.js';
import { auditLog, discordWebhooks, jobs, scrims } from '../../db/schema/index.js';
import { findJobs, jobStatus } from '../../jobs/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { createAdmin, createUser, type TestUser } from '../../test/factories.js';
import { startFakeDiscord, makeJobDue, type FakeDiscord } from '../../test/fake-discord.js';
import { editBody, scrimApi } from '../../test/scrim-api.js';
import { announcementKey } from './index.js';
import { SPOTS_LEFT_DELAY_MS } from './discord.service.js';

const TIMEOUT_MS = 500;
let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
let fake: FakeDiscord;
let admin: TestUser;
let players: TestUser[];
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://scrim-gym.test', DISCORD_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) });
  api = scrimApi(ctx.app);
  fake = await startFakeDiscord();
  admin = await createAdmin({ db: db() });
  players = await Promise.all(Array.from({ length: 10 }, () => createUser({ db: db() })));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(async () => {
  fake.requests.length = 0;
  const res = await api.call('PUT', '/api/admin/regions/NA/discord-webhook', {
    token: admin.token,
    payload: { url: fake.webhookUrl },
  });
  expect(res.statusCode, res.body).toBe(200);
});

const db = () => ctx.database.db;
const HOUR = 60 * 60_000;

/** A scrim created through the API by the admin (public unless told), in NA, starting in a day. */
async function newScrim(overrides: object = {}) {
  const res = await api.call('POST', '/api/scrims', {
    token: admin.token,
    payload: {
      title: `Friday **scrim** @everyone ${Math.random().toString(36).slice(2, 6)}`,
      region: 'NA',
      gameStartTime: new Date(Date.now() + 24 * HOUR).toISOString(),
      isPrivate: false,
      lobbyName: 'SecretLobbyName',
      lobbyPassword: 'pw-Secret9',
      useTournamentCode: false,
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}

/** players[i] joins slot i, for i in `indexes`, each through the API (each join is a scrim action). */
async function join(scrimId: string, indexes: number[]) {
  for (const i of indexes) {
    const res = await api.join(scrimId, players[i]!.id, ALL_SLOTS[i]!, players[i]!.token);
    expect(res.statusCode, res.body).toBe(200);
  }
}
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** Runs the due jobs until none is left (the announcements due now; failed ones wait for their retry). */
async function runDueJobs() {
  for (let round = 0; round < 10 && (await ctx.app.jobs.runOnce()) > 0; round++);
}
const postsFor = (scrimId: string) => fake.requests.filter((r) => r.body.embeds[0]?.url.endsWith(`/scrims/${scrimId}`));
const titlesFor = (scrimId: string) => postsFor(scrimId).map((r) => r.body.embeds[0]!.title);
const jobOf = async (scrimId: string, announcement: Parameters<typeof announcementKey>[1]) =>
  (await findJobs({ db: db(), dedupeKey: announcementKey(scrimId, announcement) }))[0];

describe('what is posted', () => {
  it('a new public scrim is posted once, as an embed with its link; a private scrim never', async () => {
    const scrimId = await newScrim();
    await runDueJobs();
    await runDueJobs();
    const [post, ...more] = postsFor(scrimId);
    expect(more).toEqual([]);
    expect(post!.method).toBe('POST');
    expect(post!.path).toBe(new URL(fake.webhookUrl).pathname);
    expect(post!.headers['content-type']).toBe('application/json');
    const [embed] = post!.body.embeds;
    expect(embed).toMatchObject({
      url: `https://scrim-gym.test/scrims/${scrimId}`,
      color: expect.any(Number),
      fields: expect.arrayContaining([
        { name: 'Region', value: 'NA', inline: true },
        { name: 'Players', value: '0/10', inline: true },
      ]),
    });
    // Markdown is escaped and nobody is pinged.
    expect(embed!.title).toMatch(/^New scrim: Friday \\\*\\\*scrim\\\*\\\* @everyone /);
    expect(embed!.description).toMatch(/^Starts <t:\d+:F> \(<t:\d+:R>\)/);
    expect(Date.parse((embed as unknown as { timestamp: string }).timestamp)).toBeGreaterThan(Date.now() - HOUR);
    expect(post!.body.allowed_mentions).toEqual({ parse: [] });

    const secret = await newScrim({ isPrivate: true });
    await join(secret, range(0, 10));
    await runDueJobs();
    expect(postsFor(secret)).toEqual([]);
    expect(
      await db()
        .select()
        .from(jobs)
        .where(like(jobs.dedupeKey, `discord:${secret}:%`)),
    ).toEqual([]);
  });

  it('"2 spots left" once at 8 players, also when 8 → 7 → 8; lobby full once at 10, without its secrets', async () => {
    const scrimId = await newScrim();
    await join(scrimId, range(0, 7));
    await runDueJobs();
    expect(titlesFor(scrimId)).toHaveLength(1); // created only

    await join(scrimId, [7]);
    await runDueJobs();
    // "Spots left" waits a minute, in case the lobby fills meanwhile.
    expect(titlesFor(scrimId)).toHaveLength(1);
    const waiting = await jobOf(scrimId, 'spots-left');
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now() + SPOTS_LEFT_DELAY_MS - 5_000);
    await makeJobDue(db(), announcementKey(scrimId, 'spots-left'));
    await runDueJobs();
    expect(titlesFor(scrimId)[1]).toMatch(/^2 spots left: /);
    expect(postsFor(scrimId)[1]!.body.embeds[0]!.fields).toContainEqual({
      name: 'Open roles',
      value: 'Team Two (Red Side): ADC, Support',
    });

    expect((await api.leave(scrimId, players[7]!.id, players[7]!.token)).statusCode).toBe(200);
    await runDueJobs();
    await join(scrimId, [7]);
    await runDueJobs();
    await join(scrimId, [8]);
    await runDueJobs();
    expect(titlesFor(scrimId)).toHaveLength(2);

    await join(scrimId, [9]);
    await runDueJobs();
    const titles = titlesFor(scrimId);
    expect(titles).toHaveLength(3);
    expect(titles[2]).toMatch(/^Lobby full: /);
    const full = postsFor(scrimId)[2]!;
    expect(full.body.embeds[0]!.fields.map((f) => f.name)).toEqual([
      'Region',
      'Players',
      'Team One (Blue Side)',
      'Team Two (Red Side)',
    ]);
    expect(full.raw).not.toContain('SecretLobbyName');
    expect(full.raw).not.toContain('pw-Secret9');
    // Leaving and joining again after it filled posts nothing more.
    expect((await api.leave(scrimId, players[9]!.id, players[9]!.token)).statusCode).toBe(200);
    await join(scrimId, [9]);
    await runDueJobs();
    expect(titlesFor(scrimId)).toHaveLength(3);
  });

  it('a lobby that fills within the minute gets "Lobby full" only, never "2 spots left"', async () => {
    const scrimId = await newScrim();
    await join(scrimId, range(0, 8));
    await runDueJobs();
    await join(scrimId, range(8, 10));
    await runDueJobs();
    await makeJobDue(db(), announcementKey(scrimId, 'spots-left'));
    await runDueJobs();
    const titles = titlesFor(scrimId);
    expect(titles).toHaveLength(2);
    expect(titles[1]).toMatch(/^Lobby full: /);
    expect(titles.some((title) => /spots? left/.test(title))).toBe(false);
  });

  it('an announced scrim that is cancelled is announced as cancelled, with the reason; a private one never', async () => {
    const scrimId = await newScrim();
    await runDueJobs();
    const cancel = await api.call('POST', `/api/scrims/${scrimId}/cancel`, {
      token: admin.token,
      payload: { reason: 'Not enough **players**' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runDueJobs();
    const [created, cancelled, ...more] = postsFor(scrimId);
    expect(created!.body.embeds[0]!.title).toMatch(/^New scrim: /);
    expect(more).toEqual([]);
    expect(cancelled!.body.embeds[0]!.title).toMatch(/^Cancelled: Friday /);
    expect(cancelled!.body.embeds[0]!.description).toMatch(
      /^The scrim planned for <t:\d+:F> .* will not take place\.$/,
    );
    expect(cancelled!.body.embeds[0]!.fields).toContainEqual({
      name: 'Reason',
      value: 'Not enough \\*\\*players\\*\\*',
    });

    const secret = await newScrim({ isPrivate: true });
    const res = await api.call('POST', `/api/scrims/${secret}/cancel`, {
      token: admin.token,
      payload: { reason: 'x' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runDueJobs();
    expect(postsFor(secret)).toEqual([]);
  });

  it('a confirmed result posts the winner once; a pending report posts nothing; another winner posts a correction', async () => {
    const scrimId = await newScrim();
    await join(scrimId, range(0, 10));
    await db()
      .update(scrims)
      .set({ gameStartTime: new Date(Date.now() - HOUR) })
      .where(eq(scrims.id, scrimId));
    await runDueJobs();
    const before = titlesFor(scrimId).length;

    // The lobby captain's report is pending until confirmed: nothing yet.
    const [row] = await db().select().from(scrims).where(eq(scrims.id, scrimId));
    const captain = players.find((p) => p.id === row!.lobbyHostId)!;
    expect((await api.setWinner(scrimId, 'teamOne', captain.token)).statusCode).toBe(200);
    await runDueJobs();
    expect(titlesFor(scrimId)).toHaveLength(before);

    // An admin's winner is confirmed at once.
    expect((await api.setWinner(scrimId, 'teamOne', admin.token)).statusCode).toBe(200);
    await runDueJobs();
    await runDueJobs();
    const result = postsFor(scrimId).slice(before);
    expect(result).toHaveLength(1);
    expect(result[0]!.body.embeds[0]).toMatchObject({
      title: expect.stringMatching(/^Result: /),
      description: 'Team One (Blue Side) won.',
    });

    // The admin changes the winner in the edit form: a correction, once.
    const [current] = await db().select().from(scrims).where(eq(scrims.id, scrimId));
    const edit = await api.call('PUT', `/api/scrims/${scrimId}`, {
      token: admin.token,
      payload: editBody(current!, { teamWon: 'teamTwo', lobbyHost: 'keep' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await runDueJobs();
    expect(titlesFor(scrimId).slice(before)).toHaveLength(2);
    expect(postsFor(scrimId).at(-1)!.body.embeds[0]).toMatchObject({
      title: expect.stringMatching(/^Result corrected: /),
      description: 'Team Two (Red Side) won.',
    });
    // Any later change of the scrim (an image, a save) posts nothing more.
    await api.call('PUT', `/api/scrims/${scrimId}`, {
      token: admin.token,
      payload: editBody(current!, { teamWon: 'teamTwo', lobbyHost: 'keep' }),
    });
    await runDueJobs();
    expect(titlesFor(scrimId).slice(before)).toHaveLength(2);
  });

  it("schedules nothing for a region without a webhook, and drops a deleted scrim's posts not sent yet", async () => {
    const euw = await newScrim({ region: 'EUW' });
    expect(
      await db()
        .select()
        .from(jobs)
        .where(like(jobs.dedupeKey, `discord:${euw}:%`)),
    ).toEqual([]);

    const scrimId = await newScrim();
    expect(jobStatus((await jobOf(scrimId, 'created'))!)).toBe('pending');
    expect((await api.call('DELETE', `/api/scrims/${scrimId}`, { token: admin.token })).statusCode).toBe(200);
    expect(await jobOf(scrimId, 'created')).toBeUndefined();
    await runDueJobs();
    expect(postsFor(scrimId)).toEqual([]);
  });
});

describe("an admin's test message and each webhook's last delivery", () => {
  const test = (region: string, token = admin.token) =>
    api.call('POST', `/api/admin/regions/${region}/discord-webhook/test`, { token });
  const lastDeliveryOf = async (region: string) => {
    const res = await api.call('GET', '/api/admin/regions/discord-webhooks', { token: admin.token });
    return (res.json() as DiscordWebhook[]).find((w) => w.region === region)!.lastDelivery;
  };

  it('posts a test message that names no scrim, and answers the delivery', async () => {
    const res = await test('NA');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ region: 'NA', lastDelivery: { ok: true, status: 'delivered' } });
    const [post] = fake.requests;
    expect(post!.body.embeds[0]!.title).toBe(DISCORD_MESSAGES.testTitle);
    expect(post!.body.embeds[0]!.url).toBe('https://scrim-gym.test/');
    expect(post!.body.allowed_mentions).toEqual({ parse: [] });
    expect(await lastDeliveryOf('NA')).toMatchObject({ ok: true, status: 'delivered' });
  });

  it('says in words why a delivery failed; a deleted webhook is removed; a region without one is 404', async () => {
    fake.answer({ status: 500 });
    const failed = await test('NA');
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({
      lastDelivery: { ok: false, status: 'Discord could not be reached (Discord answered 500)' },
    });

    // A post's outcome is the webhook's last delivery too.
    const scrimId = await newScrim();
    await runDueJobs();
    expect(postsFor(scrimId)).toHaveLength(1);
    expect(await lastDeliveryOf('NA')).toMatchObject({ ok: true, status: 'delivered' });

    fake.answer({ status: 404 });
    const gone = await test('NA');
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NO_WEBHOOK' });
    expect(gone.json<{ error: string }>().error).toMatch(/deleted in Discord \(404\)/);
    expect(await db().select().from(discordWebhooks).where(eq(discordWebhooks.region, 'NA'))).toEqual([]);

    const none = await test('EUW');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NO_WEBHOOK', error: DISCORD_MESSAGES.noWebhook });
  });

  it('refuses a visitor (401), a player (403) and an unknown region (400), sending nothing', async () => {
    expect((await api.call('POST', '/api/admin/regions/NA/discord-webhook/test', {})).statusCode).toBe(401);
    expect((await test('NA', players[0]!.token)).statusCode).toBe(403);
    expect((await test('Narnia')).statusCode).toBe(400);
    expect(fake.requests).toEqual([]);
  });
});

describe('when Discord fails', () => {
  it('a 500 is retried with backoff, then the post goes out once', async () => {
    fake.answer({ status: 500 });
    const scrimId = await newScrim();
    const before = Date.now();
    await runDueJobs();
    const failed = (await jobOf(scrimId, 'created'))!;
    expect(failed).toMatchObject({
      attempts: 1,
      completedAt: null,
      lastError: 'Error: The created post failed: Discord answered 500',
    });
    // The runner's backoff: 5 s at least before the first retry.
    expect(failed.runAt.getTime()).toBeGreaterThanOrEqual(before + 5_000);
    expect(failed.lastError).not.toContain('fake-token');
    await runDueJobs();
    expect(postsFor(scrimId)).toHaveLength(1);

    await makeJobDue(db(), announcementKey(scrimId, 'created'));
    await runDueJobs();
    expect(postsFor(scrimId)).toHaveLength(2);
    expect(jobStatus((await jobOf(scrimId, 'created'))!)).toBe('done');
  });

  it('a change of the scrim during the backoff neither skips it nor resets the attempts', async () => {
    const scrimId = await newScrim();
    await runDueJobs();
    fake.answer({ status: 503 });
    await join(scrimId, range(0, 8));
    await makeJobDue(db(), announcementKey(scrimId, 'spots-left'));
    await runDueJobs();
    const failed = (await jobOf(scrimId, 'spots-left'))!;
    expect(failed).toMatchObject({ attempts: 1, completedAt: null });
    await join(scrimId, [8]);
    expect(await jobOf(scrimId, 'spots-left')).toMatchObject({
      attempts: 1,
      runAt: failed.runAt,
      lastError: failed.lastError,
    });
    await makeJobDue(db(), announcementKey(scrimId, 'spots-left'));
    await runDueJobs();
    // The refused try, then the retry, which tells what is true when it runs.
    expect(titlesFor(scrimId).slice(1)).toEqual([
      expect.stringMatching(/^2 spots left: /),
      expect.stringMatching(/^1 spot left: /),
    ]);
  });

  it("a 429 waits Discord's retry_after (body), or the Retry-After header, instead of the backoff", async () => {
    fake.answer({ status: 429, retryAfter: 2.5 }, { status: 429, retryAfterHeader: '7' });
    const scrimId = await newScrim();
    const key = announcementKey(scrimId, 'created');

    let before = Date.now();
    await runDueJobs();
    let job = (await jobOf(scrimId, 'created'))!;
    expect(job.lastError).toMatch(/^RetryLaterError: Discord rate limit \(429\)/);
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(before + 2_500);
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 2_500);

    await makeJobDue(db(), key);
    before = Date.now();
    await runDueJobs();
    job = (await jobOf(scrimId, 'created'))!;
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(before + 7_000);
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 7_000);

    await makeJobDue(db(), key);
    await runDueJobs();
    expect(postsFor(scrimId)).toHaveLength(3);
    expect(jobStatus((await jobOf(scrimId, 'created'))!)).toBe('done');
  });

  it('a 404 (webhook deleted in Discord) gives up at once and removes the region’s webhook, audited', async () => {
    fake.answer({ status: 404 });
    const scrimId = await newScrim();
    await runDueJobs();
    const dead = (await jobOf(scrimId, 'created'))!;
    expect(jobStatus(dead)).toBe('dead');
    expect(dead.lastError).toBe('PermanentJobError: The NA webhook answered 404 (deleted in Discord): removed');
    expect(await db().select().from(discordWebhooks)).toEqual([]);
    const [gone] = await db().select().from(auditLog).where(eq(auditLog.action, 'discord.webhook-gone'));
    expect(gone).toMatchObject({ actorId: null, details: { region: 'NA', status: 404 } });
    expect(JSON.stringify(gone)).not.toContain('fake-token');

    // No retry, and the next scrims of the region schedule nothing until an admin sets a webhook again.
    await makeJobDue(db(), announcementKey(scrimId, 'created'));
    await runDueJobs();
    const next = await newScrim();
    await runDueJobs();
    expect(postsFor(scrimId)).toHaveLength(1);
    expect(await jobOf(next, 'created')).toBeUndefined();
  });

  it('the scrim actions stay fast while the webhook hangs; the post times out and is retried later', async () => {
    fake.answer({ hang: true });
    ctx.app.jobs.start();
    try {
      let started = Date.now();
      const scrimId = await newScrim();
      expect(Date.now() - started).toBeLessThan(2_000);
      await expect.poll(() => fake.requests.length).toBe(1); // the post is in flight, and hangs
      started = Date.now();
      await join(scrimId, range(0, 3));
      expect(Date.now() - started).toBeLessThan(3_000);
      await expect
        .poll(async () => (await jobOf(scrimId, 'created'))!.lastError, { timeout: 10_000 })
        .toBe(`Error: The created post failed: no answer within ${TIMEOUT_MS} ms`);
      expect((await jobOf(scrimId, 'created'))!.completedAt).toBeNull();
    } finally {
      await ctx.app.jobs.stop();
    }
  });
});
