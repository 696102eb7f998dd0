import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs, riotLobbies, riotTournaments } from '../../../db/schema/index.js';
import { jobStatus } from '../../../jobs/index.js';
import type { TestUser } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot, riotEnvFor } from '../../../test/fake-riot.js';
import type { TestContext } from '../../../test/app.js';
import { sharedRedis, startTwoInstances, type Instances } from '../../../test/instances.js';
import { createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { connectClient, type TestClient } from '../../../test/socket-client.js';
import { SCRIM_START_NOTIFICATION_EVENT, scheduleScrimStart, scrimStartKey } from '../../scrims/index.js';
import { lobbyGuardKey } from './lobby-guard.js';

/**
 * Two server instances on one database, both running their job runner: every scrim's start job fires once —
 * one notification per player, one tournament code per scrim. On PostgreSQL each instance has its own
 * connection pool, as two processes would; on PGlite (one process by design) they share the handle.
 */
const SCRIMS = 12;
const LOBBY_POLL_MS = 300;

let fake: FakeRiot;
let instances: Instances;
const clients: TestClient[] = [];

beforeAll(async () => {
  fake = await startFakeRiot();
  instances = await startTwoInstances({
    env: {
      ...riotEnvFor(fake),
      RIOT_LOBBY_POLL_MS: String(LOBBY_POLL_MS),
    },
  });
});

afterAll(async () => {
  for (const client of clients) client.close();
  await instances.close();
  await fake.close();
});

/** Connects `user` to an instance and counts the start notifications it receives per scrim. */
async function countNotifications(url: string, user: TestUser, counts: Map<string, number>) {
  const client = await connectClient(url, user.token);
  clients.push(client);
  client.socket.on(SCRIM_START_NOTIFICATION_EVENT, ({ scrimId }) =>
    counts.set(`${user.id}:${scrimId}`, (counts.get(`${user.id}:${scrimId}`) ?? 0) + 1),
  );
}

it('two instances fire each scrim start job exactly once', async () => {
  const { first, second, db } = instances;
  const urls = [await instances.url(first), await instances.url(second)];
  const counts = new Map<string, number>();
  const scrimIds: string[] = [];
  const watched: Array<{ user: TestUser; scrimId: string }> = [];
  for (let i = 0; i < SCRIMS; i++) {
    const scrim = await createScrim({ db, gameStartTime: new Date(Date.now() - 1000) });
    const { players } = await fillScrim({ db, scrim });
    scrimIds.push(scrim.id);
    // Without a shared adapter an instance reaches only its own sockets: the watched player is on both.
    for (const url of urls) await countNotifications(url, players[0]!, counts);
    watched.push({ user: players[0]!, scrimId: scrim.id });
    await scheduleScrimStart({ db, scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
  }

  first.app.jobs.start();
  second.app.jobs.start();
  const startJobs = () =>
    db
      .select()
      .from(jobs)
      .where(inArray(jobs.dedupeKey, scrimIds.map(scrimStartKey)));
  await expect
    .poll(async () => (await startJobs()).every((job) => jobStatus(job) === 'done'), { timeout: 20_000 })
    .toBe(true);
  // A start whose players Riot could not be asked about (a slow machine, a timeout) hands the code to a retried code
  // job: the runners go on until every scrim has its code.
  const coded = async () =>
    (await db.select().from(riotTournaments).where(inArray(riotTournaments.scrimId, scrimIds))).filter(
      (row) => row.tournamentCode,
    ).length;
  await expect.poll(coded, { timeout: 20_000 }).toBe(SCRIMS);
  await Promise.all([first.app.jobs.stop(), second.app.jobs.stop()]);

  for (const job of await startJobs()) expect(job.attempts).toBe(1);
  const codeRequests = fake
    .apiRequests()
    .filter((r) => r.method === 'POST' && r.path.endsWith('/codes'))
    .map((r) => (JSON.parse((r.body as { metadata: string }).metadata) as { scrimId: string }).scrimId);
  expect(codeRequests.sort()).toEqual([...scrimIds].sort());
  await expect.poll(() => counts.size, { timeout: 10_000 }).toBe(SCRIMS);
  for (const { user, scrimId } of watched) expect(counts.get(`${user.id}:${scrimId}`)).toBe(1);
});

it("two instances read each scrim's Riot lobby once per interval between them, not twice", async () => {
  const { first, second, db } = instances;
  // Started scrims (the start job makes the code, which arms the lobby guard), with two players in Riot's lobby.
  const started: Array<{ scrimId: string; puuids: string[] }> = [];
  for (let i = 0; i < 3; i++) {
    const scrim = await createScrim({ db, gameStartTime: new Date(Date.now() - 1000) });
    const { players } = await fillScrim({ db, scrim });
    const puuids = players.map((p) => fake.addPlayer({ gameName: p.name, tagLine: p.summonerTagline }).puuid);
    await scheduleScrimStart({ db, scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
    started.push({ scrimId: scrim.id, puuids });
  }
  const scrimIds = started.map((s) => s.scrimId);
  first.app.jobs.start();
  second.app.jobs.start();
  const codes = async () =>
    new Map(
      (await db.select().from(riotTournaments).where(inArray(riotTournaments.scrimId, scrimIds))).map((row) => [
        row.scrimId,
        row.tournamentCode!,
      ]),
    );
  await expect.poll(async () => (await codes()).size, { timeout: 20_000 }).toBe(started.length);
  const codeOf = await codes();
  for (const { scrimId, puuids } of started) {
    fake.addLobbyEvent(codeOf.get(scrimId)!, 'join', puuids[0]);
    fake.addLobbyEvent(codeOf.get(scrimId)!, 'join', puuids[1]);
  }
  const reads = (code: string) => fake.apiRequests().filter((r) => r.path.endsWith(`/lobby-events/by-code/${code}`));
  // Both runners poll for several intervals.
  await expect
    .poll(() => Math.min(...[...codeOf.values()].map((code) => reads(code).length)), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(6);
  await Promise.all([first.app.jobs.stop(), second.app.jobs.stop()]);

  const lobbies = await db.select().from(riotLobbies).where(inArray(riotLobbies.scrimId, scrimIds));
  expect(lobbies.map((l) => l.inUserIds.length)).toEqual([2, 2, 2]);
  const guardJobs = await db
    .select()
    .from(jobs)
    .where(inArray(jobs.dedupeKey, scrimIds.map(lobbyGuardKey)));
  expect(guardJobs).toHaveLength(started.length);
  for (const code of codeOf.values()) {
    const times = reads(code).map((r) => r.at);
    // One job per scrim: each read arms the next half an interval on at least, so consecutive reads stay far apart
    // (two instances polling one lobby each would put reads next to each other); a quarter leaves room for a run's
    // own queries before its read.
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(LOBBY_POLL_MS / 4);
  }
});

it("two instances on one Redis share the key's limits: a burst from both never exceeds a window", async () => {
  const redis = await sharedRedis('riot key budget on two instances', 'riot-budget');
  if (!redis) return;
  const pair = await startTwoInstances({ env: { RIOT_API_KEY: fake.apiKey, RIOT_API_BASE_URL: fake.url }, redis });
  const saved = fake.rateLimits;
  const stamps: number[] = [];
  try {
    fake.reset();
    // 20 calls per second for the key: each instance alone could send all 20 in any second.
    fake.rateLimits = { app: '20:1', method: '2000:60', enforce: true };
    fake.intercept = (request) => {
      if (request.path.includes('/accounts/by-riot-id/')) stamps.push(Date.now());
      return null;
    };
    const lookUp = (ctx: TestContext, i: number) => {
      const { gameName, tagLine } = fake.addPlayer({ gameName: `Budget${i}`, tagLine: 'NA1', platform: 'na1' });
      return ctx.app.riot.getAccountByRiotId({ gameName, tagLine, region: 'NA' });
    };
    // One call each first: both learn the key's limits from Riot's headers, as after any first answer.
    await Promise.all([lookUp(pair.first, 0), lookUp(pair.second, 1)]);
    const burst = Array.from({ length: 60 }, (_, i) => lookUp(i % 2 ? pair.second : pair.first, i + 2));
    await Promise.all(burst);

    expect(fake.apiRequests().filter((r) => r.status === 429)).toEqual([]);
    expect(stamps).toHaveLength(62);
    // The most in any one second (Riot's fixed windows can start at any request): never above the limit.
    let most = 0;
    for (let lo = 0, hi = 0; hi < stamps.length; hi++) {
      while (stamps[hi]! - stamps[lo]! >= 1000) lo++;
      most = Math.max(most, hi - lo + 1);
    }
    expect(most).toBeLessThanOrEqual(20);
    // Paced, not merely lucky: 62 calls at about 16 per second take seconds.
    expect(stamps.at(-1)! - stamps[0]!).toBeGreaterThan(2000);
  } finally {
    fake.rateLimits = saved;
    fake.intercept = null;
    await pair.close();
    redis.stop();
  }
});
