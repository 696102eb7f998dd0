import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DISCORD_MESSAGES, REGIONS, type DiscordWebhook } from '@scrim-gym/shared';
import { auditLog, discordWebhooks } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { expectError, scrimApi } from '../../test/scrim-api.js';

let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
let admin: TestUser;
let player: TestUser;
let banned: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
  admin = await createAdmin({ db: db() });
  player = await createUser({ db: db() });
  banned = (await createBannedUser({ db: db() })) as TestUser;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await db().delete(discordWebhooks);
  await db().delete(auditLog).where(like(auditLog.action, 'discord.%'));
});

const db = () => ctx.database.db;
const TOKEN = 'aB3_-cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ5aB6cD7eF8gH9iJ0kL1mN2oP3qR4s';
const DISCORD_URL = `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`;

/** As the admin by default; `null`: without a session. */
const put = (region: string, payload: unknown, token: string | null = admin.token) =>
  api.call('PUT', `/api/admin/regions/${region}/discord-webhook`, {
    token: token ?? undefined,
    payload: payload as object,
  });
const list = (token: string | null = admin.token) =>
  api.call('GET', '/api/admin/regions/discord-webhooks', { token: token ?? undefined });
const stored = () => db().select().from(discordWebhooks);
const audits = () => db().select().from(auditLog).where(like(auditLog.action, 'discord.%')).orderBy(auditLog.createdAt);

describe('who may see and set the webhooks', () => {
  it('refuses a visitor (401), a player and a banned user (403), and writes nothing', async () => {
    expectError(await list(null), 401);
    expectError(await put('NA', { url: DISCORD_URL }, null), 401);
    for (const user of [player, banned]) {
      expectError(await list(user.token), 403);
      expectError(await put('NA', { url: DISCORD_URL }, user.token), 403);
    }
    expect(await stored()).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  it('lists every region for an admin, with none set', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(
      REGIONS.map((region) => ({ region, maskedUrl: null, updatedAt: null, lastDelivery: null })),
    );
  });
});

describe('PUT /api/admin/regions/:region/discord-webhook', () => {
  it('stores the URL, answers and lists it masked, and audits it masked: the token never leaves the server', async () => {
    const res = await put('EUW', { url: `  ${DISCORD_URL} ` });
    expect(res.statusCode, res.body).toBe(200);
    const masked = `https://discord.com/api/webhooks/123456789012345678/••••${TOKEN.slice(-4)}`;
    expect(res.json()).toMatchObject({ region: 'EUW', maskedUrl: masked });
    expect(res.body).not.toContain(TOKEN);

    expect(await stored()).toMatchObject([{ region: 'EUW', url: DISCORD_URL, updatedBy: admin.id }]);
    const listed = await list();
    expect(listed.body).not.toContain(TOKEN);
    expect((listed.json() as DiscordWebhook[]).find((w) => w.region === 'EUW')).toMatchObject({ maskedUrl: masked });

    const [audit] = await audits();
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: 'discord.webhook-set',
      details: { region: 'EUW', url: masked, previous: null },
    });
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
    const activity = await api.call('GET', '/api/admin/recent-activities', { token: admin.token });
    expect(activity.body).toContain(`${admin.name} set the Discord webhook of EUW`);
    expect(activity.body).not.toContain(TOKEN);
  });

  it('replaces a region’s webhook; null removes it (audited once); removing none changes nothing', async () => {
    await put('NA', { url: DISCORD_URL });
    const other = `https://discordapp.com/api/webhooks/987654321098765432/${TOKEN.slice(10)}`;
    expect((await put('NA', { url: other })).statusCode).toBe(200);
    expect(await stored()).toMatchObject([{ region: 'NA', url: other }]);

    const removed = await put('NA', { url: null });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ region: 'NA', maskedUrl: null, updatedAt: null, lastDelivery: null });
    expect(await stored()).toEqual([]);
    expect((await put('NA', { url: null })).statusCode).toBe(200);
    expect((await audits()).map((a) => a.action)).toEqual([
      'discord.webhook-set',
      'discord.webhook-set',
      'discord.webhook-remove',
    ]);
  });

  it("accepts Discord's hosts (discordapp, ptb., canary.), a versioned API path, and local test URLs outside production", async () => {
    for (const url of [
      `https://ptb.discord.com/api/webhooks/123456789012345678/${TOKEN}`,
      `https://canary.discordapp.com/api/v10/webhooks/12345678901234567/${TOKEN}`,
      'http://127.0.0.1:4567/api/webhooks/1/token',
      'http://localhost:8080/hook',
    ]) {
      const res = await put('OCE', { url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect((await stored())[0]!.url).toBe(url);
    }
  });

  const longUrl = `https://discord.com/api/webhooks/123456789012345678/${'a'.repeat(600)}`;
  it.each([
    [
      'http (not https) Discord',
      `http://discord.com/api/webhooks/123456789012345678/${TOKEN}`,
      DISCORD_MESSAGES.badUrl,
    ],
    ['another host', `https://example.com/api/webhooks/123456789012345678/${TOKEN}`, DISCORD_MESSAGES.badUrl],
    [
      'a look-alike host',
      `https://discord.com.evil.test/api/webhooks/123456789012345678/${TOKEN}`,
      DISCORD_MESSAGES.badUrl,
    ],
    ['javascript:', 'javascript:alert(1)//discord.com/api/webhooks/1/2', DISCORD_MESSAGES.badUrl],
    ['credentials', `https://user:pass@discord.com/api/webhooks/123456789012345678/${TOKEN}`, DISCORD_MESSAGES.badUrl],
    ['a port', `https://discord.com:8443/api/webhooks/123456789012345678/${TOKEN}`, DISCORD_MESSAGES.badUrl],
    ['a query', `https://discord.com/api/webhooks/123456789012345678/${TOKEN}?wait=true`, DISCORD_MESSAGES.badUrl],
    ['a fragment', `https://discord.com/api/webhooks/123456789012345678/${TOKEN}#x`, DISCORD_MESSAGES.badUrl],
    ['a non-numeric id', `https://discord.com/api/webhooks/12345678901234567x/${TOKEN}`, DISCORD_MESSAGES.badUrl],
    ['an encoded token', `https://discord.com/api/webhooks/123456789012345678/${TOKEN}%2F..`, DISCORD_MESSAGES.badUrl],
    ['another path', `https://discord.com/api/channels/123456789012345678/${TOKEN}`, DISCORD_MESSAGES.badUrl],
    ['a very long URL', longUrl, DISCORD_MESSAGES.tooLong(512)],
    ['a local URL without a port', 'http://127.0.0.1/hook', DISCORD_MESSAGES.badUrl],
    ['another loopback address', 'http://127.0.0.2:8080/hook', DISCORD_MESSAGES.badUrl],
    ['a port out of range', 'http://localhost:99999/hook', DISCORD_MESSAGES.badUrl],
    ['https to localhost', 'https://localhost:8080/hook', DISCORD_MESSAGES.badUrl],
    ['an empty string', '', DISCORD_MESSAGES.badUrl],
  ])('refuses %s (400, nothing written)', async (_name, url, message) => {
    const res = await put('NA', { url });
    const body = expectError(res, 400, 'VALIDATION');
    expect(body.error).toContain(message);
    expect(await stored()).toEqual([]);
    expect(await audits()).toEqual([]);
  });

  it('refuses a body without url, a number, and an unknown region (400, nothing written)', async () => {
    expectError(await put('NA', {}), 400, 'VALIDATION');
    expectError(await put('NA', { url: 42 }), 400, 'VALIDATION');
    expectError(await put('XX', { url: DISCORD_URL }), 400, 'VALIDATION');
    expectError(await put('NA', { url: [DISCORD_URL] }), 400, 'VALIDATION');
    expect(await stored()).toEqual([]);
    expect(await audits()).toEqual([]);
  });
});

describe('in production', () => {
  let production: TestContext;
  let boss: TestUser;
  beforeAll(async () => {
    production = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://scrims.example',
      LOG_LEVEL: 'silent',
    });
    boss = await createAdmin({ db: production.database.db });
  });
  afterAll(() => production.close());
  const putThere = (url: string) =>
    scrimApi(production.app).call('PUT', '/api/admin/regions/NA/discord-webhook', {
      token: boss.token,
      payload: { url },
    });

  it('refuses the local test URLs with a clear message and writes nothing; a Discord URL is fine', async () => {
    for (const url of ['http://127.0.0.1:4567/api/webhooks/1/token', 'http://localhost:8080/hook']) {
      expectError(await putThere(url), 400, 'VALIDATION', DISCORD_MESSAGES.localUrlInProduction);
    }
    const rows = () => production.database.db.select().from(discordWebhooks);
    expect(await rows()).toEqual([]);
    expect((await putThere(DISCORD_URL)).statusCode).toBe(200);
    expect(await rows()).toMatchObject([{ region: 'NA', url: DISCORD_URL }]);
    const audit = await production.database.db.select().from(auditLog).where(eq(auditLog.actorId, boss.id));
    expect(audit.map((a) => a.action)).toEqual(['discord.webhook-set']);
  });
});
