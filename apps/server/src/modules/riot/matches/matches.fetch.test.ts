import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type TeamName } from '@scrim-gym/shared';
import { jobs, matchParticipants, riotTournaments, scrimMatches, scrims, users } from '../../../db/schema/index.js';
import { findJobs, jobStatus, type ClaimedJob } from '../../../jobs/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createUser, type TestUser } from '../../../test/factories.js';
import { createVirtualClock, startFakeRiot, type FakeRiot, riotEnvFor, knownToRiot } from '../../../test/fake-riot.js';
import { scrimApi } from '../../../test/scrim-api.js';
import { ALL_SLOTS, createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { connectClient, listenLocally, type TestClient } from '../../../test/socket-client.js';
import { scheduleScrimStart, scrimDepsOf } from '../../scrims/index.js';
import { createRiotClient } from '../client/index.js';
import { resultPollKey } from '../tournaments/tournaments.schedule.js';
import { MATCH_NOT_PUBLISHED_ERROR, MATCH_ONLY_REMADE_ERROR, handleMatchFetchJob } from './matches.jobs.js';
import { MATCH_FETCH_JOB, MATCH_FETCH_WINDOW_MS, matchFetchKey, requestMatchFetch } from './matches.schedule.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The match fetch job end to end: a scrim with a tournament code, Riot's game-end callback (or the result poll),
 * the 'scrim.match-fetch' job, and the match stored from the fake Riot's match-v5.
 */
describe('the match fetch job against the fake Riot', () => {
  let fake: FakeRiot;
  let ctx: TestContext;
  let url: string;
  let api: ReturnType<typeof scrimApi>;
  let admin: TestUser;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    fake = await startFakeRiot();
    ctx = await createTestApp(riotEnvFor(fake));
    url = await listenLocally(ctx.app);
    api = scrimApi(ctx.app);
    admin = await createAdmin({ db: db() });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
    fake.reset();
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  const db = () => ctx.database.db;
  const matchRow = async (scrimId: string) =>
    (await db().select().from(scrimMatches).where(eq(scrimMatches.scrimId, scrimId)))[0] ?? null;
  const rowsOf = (scrimId: string) =>
    db()
      .select()
      .from(matchParticipants)
      .where(eq(matchParticipants.scrimId, scrimId))
      .orderBy(matchParticipants.participantId);
  const fetchJob = async (scrimId: string) =>
    (await findJobs({ db: db(), dedupeKey: matchFetchKey(scrimId) }))[0] ?? null;
  const callbackUrlOf = (code: string) => new URL(fake.providers.get(fake.codes.get(code)!.providerId)!.url).pathname;
  /** The match GETs (by tournament code) the fake received for `code`. */
  const matchGets = (code: string) =>
    fake
      .apiRequests()
      .filter((r) => r.method === 'GET' && r.path.includes('/by-tournament-code/') && r.path.endsWith(`/${code}`));

  /** Makes the scrim's fetch job due now and runs the runner once. */
  async function runFetchNow(scrimId: string) {
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.dedupeKey, matchFetchKey(scrimId)));
    return ctx.app.jobs.runOnce();
  }

  /** A full scrim that started a minute ago, whose ten players Riot knows, with its tournament code. */
  async function startedWithCode() {
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - MINUTE) });
    const { players } = await fillScrim({ db: db(), scrim });
    const puuids = knownToRiot(fake, players);
    await scheduleScrimStart({ db: db(), scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
    await ctx.app.jobs.runOnce();
    const [tournament] = await db().select().from(riotTournaments).where(eq(riotTournaments.scrimId, scrim.id));
    const code = tournament!.tournamentCode!;
    expect(code).toBeTruthy();
    const side = (team: TeamName) => puuids.filter((_, i) => ALL_SLOTS[i]!.team === team);
    const userOfPuuid = new Map(puuids.map((puuid, i) => [puuid, players[i]!.id]));
    return { scrim, players, code, side, userOfPuuid };
  }

  /** A player's socket in the scrim's room, collecting the scrimMatch statuses it receives. */
  async function watchMatch(user: TestUser, scrimId: string) {
    const client = await connectClient(url, user.token);
    clients.push(client);
    const statuses: string[] = [];
    client.socket.on(SOCKET_EVENTS.scrimMatch, (event) => {
      if (event.scrimId === scrimId) statuses.push(event.status);
    });
    expect(await client.request(SOCKET_EVENTS.joinScrimRoom, scrimId, 10_000)).toEqual({ ok: true, data: null });
    return statuses;
  }

  it("callback → job → the match stored once, each of the scrim's players linked and a stranger not", async () => {
    const { scrim, players, code, side, userOfPuuid } = await startedWithCode();
    // The game's blue top is a Scrim Gym user who is NOT in this scrim (a stand-in): a stranger on the scoreboard.
    const stranger = await createUser({ db: db() });
    await db().update(users).set({ riotPuuid: 'fake-stranger-puuid' }).where(eq(users.id, stranger.id));
    const blue = ['fake-stranger-puuid', ...side('teamOne').slice(1)];
    const statuses = await watchMatch(players[6]!, scrim.id);

    const { game, callbackStatus } = await fake.finishGame({
      code,
      winningTeam: blue,
      losingTeam: side('teamTwo'),
      origin: url,
    });
    expect(callbackStatus).toBe(200);
    const pending = (await matchRow(scrim.id))!;
    expect(pending).toMatchObject({ status: 'pending', source: 'tournament', matchId: null });
    const job = (await fetchJob(scrim.id))!;
    expect(job).toMatchObject({ kind: MATCH_FETCH_JOB, payload: { scrimId: scrim.id } });
    // Due at the row's fetchSince: a fixed time, so scheduling again could never move it.
    expect(job.runAt.getTime()).toBe(pending.fetchSince.getTime());
    await expect.poll(() => statuses).toEqual(['pending']);

    expect(await ctx.app.jobs.runOnce()).toBeGreaterThanOrEqual(1);
    const ready = (await matchRow(scrim.id))!;
    expect(ready).toMatchObject({ status: 'ready', matchId: `NA1_${game.gameId}`, patch: '15.1', lastError: null });
    expect(ready.teams!.map((t) => [t.side, t.win])).toEqual([
      ['blue', true],
      ['red', false],
    ]);
    const rows = await rowsOf(scrim.id);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.puuid)).toEqual([...blue, ...side('teamTwo')]);
    for (const row of rows) {
      expect(row.userId).toBe(row.puuid === 'fake-stranger-puuid' ? null : userOfPuuid.get(row.puuid));
    }
    expect(rows.filter((r) => r.userId === null)).toHaveLength(1);
    expect(rows.map((r) => r.role)).toEqual([
      'Top',
      'Jungle',
      'Mid',
      'ADC',
      'Support',
      'Top',
      'Jungle',
      'Mid',
      'ADC',
      'Support',
    ]);
    expect(jobStatus((await fetchJob(scrim.id))!)).toBe('done');
    expect(matchGets(code)).toHaveLength(1);
    // Routed to the region's cluster (NA → americas).
    expect(matchGets(code)[0]!.routing).toBe('americas');
    await expect.poll(() => statuses).toEqual(['pending', 'ready']);
  });

  it('a duplicate callback, before and after the fetch, never makes a second job nor a second fetch', async () => {
    const { scrim, code, side } = await startedWithCode();
    const { payload } = await fake.finishGame({
      code,
      winningTeam: side('teamOne'),
      losingTeam: side('teamTwo'),
      deliver: false,
    });
    const deliver = () => ctx.app.inject({ method: 'POST', url: callbackUrlOf(code), payload });
    expect((await deliver()).json()).toEqual({ outcome: 'recorded' });
    const first = (await fetchJob(scrim.id))!;
    expect((await deliver()).json()).toEqual({ outcome: 'already_set' });
    // The same job, untouched (same run time, same payload, no claim released).
    expect(await fetchJob(scrim.id)).toEqual(first);

    await ctx.app.jobs.runOnce();
    expect((await matchRow(scrim.id))!.status).toBe('ready');
    expect((await deliver()).json()).toEqual({ outcome: 'already_set' });
    const done = (await findJobs({ db: db(), dedupeKey: matchFetchKey(scrim.id) }))!;
    expect(done).toHaveLength(1);
    expect(jobStatus(done[0]!)).toBe('done');
    expect(done[0]!.attempts).toBe(1);
    expect(done[0]!.runAt.getTime()).toBe((await matchRow(scrim.id))!.fetchSince.getTime());
    await ctx.app.jobs.runOnce();
    expect(matchGets(code)).toHaveLength(1);
    expect(await rowsOf(scrim.id)).toHaveLength(10);
  });

  it('the result poll (callback lost) also asks for the match', async () => {
    const { scrim, code, side } = await startedWithCode();
    fake.setGameResult({ code, winningTeam: side('teamTwo'), losingTeam: side('teamOne') });
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.dedupeKey, resultPollKey(scrim.id)));
    await ctx.app.jobs.runOnce();
    expect((await matchRow(scrim.id))?.status).toBe('pending');
    await runFetchNow(scrim.id);
    const ready = (await matchRow(scrim.id))!;
    expect(ready.status).toBe('ready');
    expect(ready.teams!.find((t) => t.win)!.side).toBe('red');
  });

  it('a match Riot has not published yet: re-armed with backoff, stored once published', async () => {
    const { scrim, code, side } = await startedWithCode();
    await fake.finishGame({
      code,
      winningTeam: side('teamOne'),
      losingTeam: side('teamTwo'),
      publishMatch: false,
      origin: url,
    });
    await ctx.app.jobs.runOnce();
    let row = (await matchRow(scrim.id))!;
    expect(row).toMatchObject({ status: 'pending', lastError: MATCH_NOT_PUBLISHED_ERROR });
    let job = (await fetchJob(scrim.id))!;
    expect(jobStatus(job)).toBe('pending');
    expect(job.payload).toEqual({ scrimId: scrim.id, retry: 1 });
    expect(Math.abs(job.runAt.getTime() - (Date.now() + MINUTE))).toBeLessThan(5_000);

    await runFetchNow(scrim.id);
    job = (await fetchJob(scrim.id))!;
    expect(job.payload).toEqual({ scrimId: scrim.id, retry: 2 });
    expect(Math.abs(job.runAt.getTime() - (Date.now() + 2 * MINUTE))).toBeLessThan(5_000);
    expect(await rowsOf(scrim.id)).toHaveLength(0);

    // Riot has processed the game now.
    const game = fake.setGameResult({ code, winningTeam: side('teamOne'), losingTeam: side('teamTwo') });
    await runFetchNow(scrim.id);
    row = (await matchRow(scrim.id))!;
    expect(row).toMatchObject({ status: 'ready', matchId: `NA1_${game.gameId}`, lastError: null });
    expect(await rowsOf(scrim.id)).toHaveLength(10);
    expect(jobStatus((await fetchJob(scrim.id))!)).toBe('done');
  });

  it('Riot failing for a while (5xx, 429): the error kept, re-armed, then stored', async () => {
    const { scrim, code, side } = await startedWithCode();
    await fake.finishGame({ code, winningTeam: side('teamOne'), losingTeam: side('teamTwo'), origin: url });

    // Each call retries 3 times by itself: 3 faults make the call fail.
    fake.inject({ match: '/ids', status: 503, times: 3 });
    await ctx.app.jobs.runOnce();
    let row = (await matchRow(scrim.id))!;
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/server \(503\)/);
    let job = (await fetchJob(scrim.id))!;
    expect(job.payload).toEqual({ scrimId: scrim.id, retry: 1 });
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    fake.inject({
      match: `/by-tournament-code/${code}`,
      status: 429,
      retryAfterSeconds: 1,
      rateLimitType: 'method',
      times: 3,
    });
    await runFetchNow(scrim.id);
    row = (await matchRow(scrim.id))!;
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/rate_limited/);
    job = (await fetchJob(scrim.id))!;
    expect(job.payload).toEqual({ scrimId: scrim.id, retry: 2 });
    expect(Math.abs(job.runAt.getTime() - (Date.now() + 2 * MINUTE))).toBeLessThan(5_000);

    await runFetchNow(scrim.id);
    expect((await matchRow(scrim.id))!).toMatchObject({ status: 'ready', lastError: null });
    expect(await rowsOf(scrim.id)).toHaveLength(10);
  });

  it("honours a Retry-After longer than the backoff (the job's own client, on a virtual clock)", async () => {
    const { scrim, code, side } = await startedWithCode();
    await fake.finishGame({ code, winningTeam: side('teamOne'), losingTeam: side('teamTwo'), origin: url });
    const clock = createVirtualClock();
    const riot = createRiotClient({
      apiKey: fake.apiKey,
      baseUrl: fake.url,
      ddragonBaseUrl: fake.url,
      sleep: clock.sleep,
      now: clock.now,
    });
    fake.inject({ match: '/ids', status: 429, retryAfterSeconds: 600, rateLimitType: 'method' });
    const job = { ...(await fetchJob(scrim.id))!, claimedAt: new Date(), claimedBy: 'test' } as ClaimedJob;
    await handleMatchFetchJob(
      { db: db(), io: ctx.app.io, riot, config: ctx.app.config, scrims: scrimDepsOf(ctx.app) },
      job,
    );
    const rearmed = (await fetchJob(scrim.id))!;
    expect(rearmed.payload).toEqual({ scrimId: scrim.id, retry: 1 });
    expect(Math.abs(rearmed.runAt.getTime() - (Date.now() + 10 * MINUTE))).toBeLessThan(5_000);
    expect((await matchRow(scrim.id))!.lastError).toMatch(/rate_limited/);
  });

  it("gives up 24 hours after the game: 'failed' with the reason, and the players' page is told", async () => {
    const { scrim, players, code, side } = await startedWithCode();
    const statuses = await watchMatch(players[0]!, scrim.id);
    await fake.finishGame({
      code,
      winningTeam: side('teamOne'),
      losingTeam: side('teamTwo'),
      publishMatch: false,
      origin: url,
    });
    const setFetchSince = (ago: number) =>
      db()
        .update(scrimMatches)
        .set({ fetchSince: new Date(Date.now() - ago) })
        .where(eq(scrimMatches.scrimId, scrim.id));

    // Five minutes before the end of the window: the next try is at the deadline itself, not after it.
    await setFetchSince(MATCH_FETCH_WINDOW_MS - 5 * MINUTE);
    await ctx.app.jobs.runOnce();
    const deadline = (await matchRow(scrim.id))!.fetchSince.getTime() + MATCH_FETCH_WINDOW_MS;
    const job = (await fetchJob(scrim.id))!;
    expect(jobStatus(job)).toBe('pending');
    expect(job.runAt.getTime()).toBeLessThanOrEqual(deadline);

    await setFetchSince(25 * HOUR);
    await runFetchNow(scrim.id);
    const row = (await matchRow(scrim.id))!;
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/Gave up 24 hours after the game: Riot has not published the match yet/);
    expect(jobStatus((await fetchJob(scrim.id))!)).toBe('done');
    await expect.poll(() => statuses).toEqual(['pending', 'failed']);

    // Riot publishing it later changes nothing: the failed match stays (an admin may attach it).
    fake.setGameResult({ code, winningTeam: side('teamOne'), losingTeam: side('teamTwo') });
    await runFetchNow(scrim.id);
    expect((await matchRow(scrim.id))!.status).toBe('failed');
    expect(await rowsOf(scrim.id)).toHaveLength(0);
  });

  describe("a match the app cannot store: 'failed' at once, nothing half written", () => {
    it('a participant listed twice (MalformedMatchError)', async () => {
      const { scrim, players, code, side } = await startedWithCode();
      const statuses = await watchMatch(players[0]!, scrim.id);
      const { game } = await fake.finishGame({
        code,
        winningTeam: side('teamOne'),
        losingTeam: side('teamTwo'),
        origin: url,
      });
      const matchId = `NA1_${game.gameId}`;
      const body = fake.matches.get(matchId) as { info: { participants: Array<{ participantId: number }> } };
      const participants = body.info.participants.map((p, i) => (i === 9 ? { ...p, participantId: 1 } : p));
      fake.matches.set(matchId, { ...body, info: { ...body.info, participants } });

      await ctx.app.jobs.runOnce();
      const row = (await matchRow(scrim.id))!;
      expect(row).toMatchObject({ status: 'failed', matchId: null, teams: null });
      expect(row.lastError).toBe(`Riot match ${matchId} cannot be read: the match lists a participant twice`);
      expect(await rowsOf(scrim.id)).toHaveLength(0);
      expect(jobStatus((await fetchJob(scrim.id))!)).toBe('done');
      await expect.poll(() => statuses).toEqual(['pending', 'failed']);
    });

    it('a body that is not a MatchDto (bad_response)', async () => {
      const { scrim, code, side } = await startedWithCode();
      const { game } = await fake.finishGame({
        code,
        winningTeam: side('teamOne'),
        losingTeam: side('teamTwo'),
        origin: url,
      });
      fake.matches.set(`NA1_${game.gameId}`, { metadata: { matchId: `NA1_${game.gameId}` }, info: { teams: 'none' } });
      await ctx.app.jobs.runOnce();
      const row = (await matchRow(scrim.id))!;
      expect(row.status).toBe('failed');
      expect(row.lastError).toMatch(/bad_response/);
      expect(await rowsOf(scrim.id)).toHaveLength(0);
    });

    it('Riot refusing (403) ends the fetch without retrying', async () => {
      const { scrim, code, side } = await startedWithCode();
      await fake.finishGame({ code, winningTeam: side('teamOne'), losingTeam: side('teamTwo'), origin: url });
      fake.inject({ match: '/ids', status: 403 });
      await ctx.app.jobs.runOnce();
      const row = (await matchRow(scrim.id))!;
      expect(row.status).toBe('failed');
      expect(row.lastError).toMatch(/forbidden \(403\)/);
      expect(jobStatus((await fetchJob(scrim.id))!)).toBe('done');
    });

    it("another scrim's game listed for the code: not this scrim's, nothing stored, the fetch waits", async () => {
      const first = await startedWithCode();
      const { game } = await fake.finishGame({
        code: first.code,
        winningTeam: first.side('teamOne'),
        losingTeam: first.side('teamTwo'),
        origin: url,
      });
      await ctx.app.jobs.runOnce();
      expect((await matchRow(first.scrim.id))!.status).toBe('ready');

      const second = await startedWithCode();
      await fake.finishGame({
        code: second.code,
        winningTeam: second.side('teamOne'),
        losingTeam: second.side('teamTwo'),
        publishMatch: false,
        origin: url,
      });
      // Riot (here: the fake) lists the first scrim's game for the second code.
      fake.matchIdsByCode.set(second.code, [`NA1_${game.gameId}`]);
      await ctx.app.jobs.runOnce();
      const row = (await matchRow(second.scrim.id))!;
      expect(row.status).toBe('pending');
      expect(row.lastError).toBe(MATCH_ONLY_REMADE_ERROR);
      expect(await rowsOf(second.scrim.id)).toHaveLength(0);
      expect(await rowsOf(first.scrim.id)).toHaveLength(10);
    });
  });

  it('a deleted scrim cancels its fetch job', async () => {
    const { scrim, code, side } = await startedWithCode();
    await fake.finishGame({
      code,
      winningTeam: side('teamOne'),
      losingTeam: side('teamTwo'),
      publishMatch: false,
      origin: url,
    });
    await ctx.app.jobs.runOnce();
    expect(jobStatus((await fetchJob(scrim.id))!)).toBe('pending');
    const res = await api.call('DELETE', `/api/scrims/${scrim.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await findJobs({ db: db(), kind: MATCH_FETCH_JOB, dedupeKey: matchFetchKey(scrim.id) })).toEqual([]);
    expect(await matchRow(scrim.id)).toBeNull();
  });

  it('without a Riot key or with the tournament stub nothing is requested: the status stays none', async () => {
    const scrim = await createScrim({ db: db() });
    const request = (riot: { isConfigured: boolean; tournamentStub: boolean }) =>
      requestMatchFetch({ deps: { db: db(), io: ctx.app.io, riot }, scrimId: scrim.id });
    expect(await request({ isConfigured: false, tournamentStub: false })).toBe(false);
    expect(await request({ isConfigured: true, tournamentStub: true })).toBe(false);
    expect(await matchRow(scrim.id)).toBeNull();
    expect(await fetchJob(scrim.id)).toBeNull();
    // With a key, once: the second request finds the row.
    expect(await request({ isConfigured: true, tournamentStub: false })).toBe(true);
    expect(await request({ isConfigured: true, tournamentStub: false })).toBe(false);
    expect(await findJobs({ db: db(), dedupeKey: matchFetchKey(scrim.id) })).toHaveLength(1);
    await db().delete(scrims).where(eq(scrims.id, scrim.id));
  });
});
