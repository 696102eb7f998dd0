import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_MESSAGES, SOCKET_EVENTS, TEAMS, type Scrim, type TeamName } from '@scrim-gym/shared';
import { jobs, riotProviders, riotTournaments, scrims, users } from '../../../db/schema/index.js';
import { findJobs, jobStatus } from '../../../jobs/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, type TestUser } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot, riotEnvFor } from '../../../test/fake-riot.js';
import { scrimApi } from '../../../test/scrim-api.js';
import { ALL_SLOTS, createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { SCRIM_UPDATED_EVENT, scheduleScrimStart } from '../../scrims/index.js';
import { connectClient, listenLocally, type TestClient } from '../../../test/socket-client.js';
import { decideWinner } from './tournaments.results.js';
import { RESULT_POLL_JOB, resultPollKey } from './tournaments.schedule.js';

const MINUTE = 60_000;

describe('decideWinner', () => {
  const blue = ['b1', 'b2', 'b3', 'b4', 'b5'];
  const red = ['r1', 'r2', 'r3', 'r4', 'r5'];
  const players = [
    ...blue.map((riotPuuid) => ({ team: 'teamOne' as const, riotPuuid })),
    ...red.map((riotPuuid) => ({ team: 'teamTwo' as const, riotPuuid })),
  ];
  const members = (ids: string[]) => ids.map((puuid) => ({ puuid }));

  it('names the side whose players are on the winning team', () => {
    expect(decideWinner(players, { winningTeam: members(blue), losingTeam: members(red) })).toBe('teamOne');
    expect(decideWinner(players, { winningTeam: members(red), losingTeam: members(blue) })).toBe('teamTwo');
  });

  it('lets substitutes and players without a known PUUID abstain', () => {
    const withUnknowns = players.map((p, i) => (i % 2 === 0 ? { ...p, riotPuuid: null } : p));
    const subs = ['s1', 's2', ...red.slice(2)];
    expect(decideWinner(withUnknowns, { winningTeam: members(subs), losingTeam: members(blue) })).toBe('teamTwo');
  });

  it('decides nothing when nobody is known or the votes tie', () => {
    const nobody = players.map((p) => ({ ...p, riotPuuid: null }));
    expect(decideWinner(nobody, { winningTeam: members(blue), losingTeam: members(red) })).toBeNull();
    const strangers = { winningTeam: members(['x1', 'x2']), losingTeam: members(['y1', 'y2']) };
    expect(decideWinner(players, strangers)).toBeNull();
    // Two of blue on the winning team, two of blue on the losing one: a mixed lobby, no answer.
    const mixed = { winningTeam: members(['b1', 'b2']), losingTeam: members(['b3', 'b4']) };
    expect(decideWinner(players, mixed)).toBeNull();
  });
});

describe('automatic results against the fake Riot', () => {
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
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  const db = () => ctx.database.db;
  const codeRow = async (scrimId: string) =>
    (await db().select().from(riotTournaments).where(eq(riotTournaments.scrimId, scrimId)))[0]!;
  const winnerOf = async (scrimId: string) =>
    (await db().select({ teamWon: scrims.teamWon }).from(scrims).where(eq(scrims.id, scrimId)))[0]!.teamWon;
  const pollJob = async (scrimId: string) =>
    (
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, resultPollKey(scrimId)))
    )[0] ?? null;
  const callbackUrlOf = (code: string) => new URL(fake.providers.get(fake.codes.get(code)!.providerId)!.url).pathname;

  /**
   * A full scrim that started a minute ago, whose ten players Riot knows (unless `unknownPlayers`), after its
   * start job ran: it has a tournament code.
   */
  async function startedWithCode({ unknownPlayers = 0, region = 'NA' as const } = {}) {
    const scrim = await createScrim({ db: db(), region, gameStartTime: new Date(Date.now() - MINUTE) });
    const { players } = await fillScrim({ db: db(), scrim });
    const puuids = players.map((player, index) =>
      index < unknownPlayers
        ? null
        : fake.addPlayer({ gameName: player.name, tagLine: player.summonerTagline, platform: 'na1' }).puuid,
    );
    await scheduleScrimStart({ db: db(), scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
    await ctx.app.jobs.runOnce();
    const code = (await codeRow(scrim.id)).tournamentCode!;
    expect(code).toBeTruthy();
    const side = (team: TeamName) => puuids.filter((_, i) => ALL_SLOTS[i]!.team === team) as string[];
    return { scrim, players, code, side };
  }

  async function watch(user: TestUser, scrimId: string) {
    const client = await connectClient(url, user.token);
    clients.push(client);
    const updates: Scrim[] = [];
    client.socket.on(SCRIM_UPDATED_EVENT, (scrim) => updates.push(scrim));
    // Acknowledged once the socket is in the room.
    expect(await client.request(SOCKET_EVENTS.joinScrimRoom, scrimId, 10_000)).toEqual({
      ok: true,
      data: null,
    });
    return updates;
  }

  it('looks the ten players up by Riot ID: PUUIDs stored and the code limited to them', async () => {
    const { players, code, side } = await startedWithCode();
    const stored = await db().select({ id: users.id, riotPuuid: users.riotPuuid }).from(users);
    for (const player of players) expect(stored.find((u) => u.id === player.id)?.riotPuuid).toMatch(/^fake-/);
    const allowed = fake.codes.get(code)!.allowedParticipants;
    expect(new Set(allowed)).toEqual(new Set([...side('teamOne'), ...side('teamTwo')]));
  });

  it('leaves the code open when a Riot ID is unknown to Riot (nobody is locked out)', async () => {
    const { code } = await startedWithCode({ unknownPlayers: 1 });
    expect(fake.codes.get(code)!.allowedParticipants).toEqual([]);
  });

  it("Riot's game-end callback sets the winner, live for the players, and stops polling", async () => {
    const { scrim, players, code, side } = await startedWithCode();
    expect(jobStatus((await pollJob(scrim.id))!)).toBe('pending');
    const updates = await watch(players[0]!, scrim.id);

    const { callbackStatus } = await fake.finishGame({
      code,
      winningTeam: side('teamTwo'),
      losingTeam: side('teamOne'),
      origin: url,
    });

    expect(callbackStatus).toBe(200);
    expect(await winnerOf(scrim.id)).toBe('teamTwo');
    await expect.poll(() => updates.at(-1)?.teamWon).toBe('teamTwo');
    expect(await pollJob(scrim.id)).toBeNull();
  });

  it('a second callback for the same game changes nothing', async () => {
    const { scrim, code, side } = await startedWithCode();
    const game = { code, winningTeam: side('teamOne'), losingTeam: side('teamTwo'), origin: url };
    await fake.finishGame(game);
    const again = await fake.finishGame({ ...game, winningTeam: side('teamTwo'), losingTeam: side('teamOne') });
    expect(again.callbackStatus).toBe(200);
    expect(await winnerOf(scrim.id)).toBe('teamOne');
  });

  it("Riot's result overrides a captain's report made first, confirmed at once", async () => {
    const { scrim, players, code, side } = await startedWithCode();
    await db().update(scrims).set({ lobbyHostId: players[0]!.id }).where(eq(scrims.id, scrim.id));
    const report = await api.call('PATCH', `/api/scrims/${scrim.id}/set-winner`, {
      token: players[0]!.token,
      payload: { winnerTeamName: 'teamOne' },
    });
    expect(report.statusCode, report.body).toBe(200);
    const { game, payload } = await fake.finishGame({
      code,
      winningTeam: side('teamTwo'),
      losingTeam: side('teamOne'),
      deliver: false,
    });
    const res = await ctx.app.inject({ method: 'POST', url: callbackUrlOf(game.shortCode), payload });
    expect(res.json()).toEqual({ outcome: 'recorded' });
    expect(await winnerOf(scrim.id)).toBe('teamTwo');
    const [row] = await db().select().from(scrims).where(eq(scrims.id, scrim.id));
    expect(row).toMatchObject({ resultStatus: 'confirmed', resultSource: 'riot' });
    // A second game on the same code does not override Riot's own result.
    const again = await ctx.app.inject({ method: 'POST', url: callbackUrlOf(game.shortCode), payload });
    expect(again.json()).toEqual({ outcome: 'already_set' });
  });

  describe('forged or broken callbacks are refused and change nothing', () => {
    async function finishedGame() {
      const started = await startedWithCode();
      const { payload } = await fake.finishGame({
        code: started.code,
        winningTeam: started.side('teamOne'),
        losingTeam: started.side('teamTwo'),
        deliver: false,
      });
      return { ...started, payload };
    }
    const post = (path: string, payload: object | string) =>
      ctx.app.inject({ method: 'POST', url: path, payload, headers: { 'content-type': 'application/json' } });

    it('a wrong secret: 404', async () => {
      const { scrim, payload } = await finishedGame();
      const res = await post(`/api/riot/callback/${'x'.repeat(43)}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(await winnerOf(scrim.id)).toBeNull();
    });

    it('the right secret with an unknown code, or metadata naming another scrim: 404', async () => {
      const { scrim, code, payload } = await finishedGame();
      const path = callbackUrlOf(code);
      expect((await post(path, { ...payload, shortCode: 'NA04-unknown' })).statusCode).toBe(404);
      const other = await createScrim({ db: db() });
      expect((await post(path, { ...payload, metaData: JSON.stringify({ scrimId: other.id }) })).statusCode).toBe(404);
      expect(await winnerOf(scrim.id)).toBeNull();
      expect(await winnerOf(other.id)).toBeNull();
    });

    it("another region's secret cannot report this region's code: 404", async () => {
      const { scrim, code, payload } = await finishedGame();
      const [euw] = await db()
        .insert(riotProviders)
        .values({ region: 'EUW', providerId: 99_999, callbackSecret: 'euw-secret-'.padEnd(43, 'e') })
        .onConflictDoNothing()
        .returning();
      const euwSecret =
        euw?.callbackSecret ??
        (await db().select().from(riotProviders).where(eq(riotProviders.region, 'EUW')))[0]!.callbackSecret;
      expect(callbackUrlOf(code)).not.toContain(euwSecret);
      expect((await post(`/api/riot/callback/${euwSecret}`, payload)).statusCode).toBe(404);
      expect(await winnerOf(scrim.id)).toBeNull();
    });

    it('a malformed body: 400, not a 500', async () => {
      const { scrim, code } = await finishedGame();
      const path = callbackUrlOf(code);
      expect((await post(path, '{"shortCode": 12')).statusCode).toBe(400);
      expect((await post(path, { shortCode: 42 })).statusCode).toBe(400);
      expect((await post(path, { shortCode: code, winningTeam: 'everyone' })).statusCode).toBe(400);
      expect(await winnerOf(scrim.id)).toBeNull();
    });
  });

  it('teams that do not match the scrim: no winner, the reason stored for the admins', async () => {
    const { scrim, code } = await startedWithCode();
    const res = await fake.finishGame({ code, winningTeam: ['x1', 'x2'], losingTeam: ['y1', 'y2'], origin: url });
    expect(res.callbackStatus).toBe(200);
    expect(await winnerOf(scrim.id)).toBeNull();
    expect((await codeRow(scrim.id)).lastError).toBe(RESULT_MESSAGES.strangerGame(0));
  });

  describe('polling games/by-code when the callback is lost', () => {
    /** Makes the scrim's poll job due now and runs the runner once. */
    async function runPollNow(scrimId: string) {
      await db()
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.dedupeKey, resultPollKey(scrimId)));
      return ctx.app.jobs.runOnce();
    }

    it('the first poll is scheduled 20 minutes after the start', async () => {
      const { scrim } = await startedWithCode();
      const job = (await pollJob(scrim.id))!;
      expect(job.kind).toBe(RESULT_POLL_JOB);
      const expected = Date.now() + 20 * MINUTE;
      expect(Math.abs(job.runAt.getTime() - expected)).toBeLessThan(5_000);
    });

    it('sets the winner from games/by-code', async () => {
      const { scrim, players, code, side } = await startedWithCode();
      const updates = await watch(players[5]!, scrim.id);
      fake.setGameResult({ code, winningTeam: side('teamOne'), losingTeam: side('teamTwo') });
      await runPollNow(scrim.id);
      expect(await winnerOf(scrim.id)).toBe('teamOne');
      await expect.poll(() => updates.at(-1)?.teamWon).toBe('teamOne');
    });

    it('no game yet: polls again in 10 minutes', async () => {
      const { scrim } = await startedWithCode();
      await runPollNow(scrim.id);
      const job = (await pollJob(scrim.id))!;
      expect(jobStatus(job)).toBe('pending');
      expect(Math.abs(job.runAt.getTime() - (Date.now() + 10 * MINUTE))).toBeLessThan(5_000);
      expect(await winnerOf(scrim.id)).toBeNull();
    });

    it('stops 4 hours after the start without a result (the manual report remains)', async () => {
      const { scrim } = await startedWithCode();
      await db()
        .update(scrims)
        .set({ gameStartTime: new Date(Date.now() - 4 * 60 * MINUTE + 5 * MINUTE) })
        .where(eq(scrims.id, scrim.id));
      await runPollNow(scrim.id);
      expect(jobStatus((await pollJob(scrim.id))!)).toBe('done');
    });

    it('Riot failing: a 5xx is retried with backoff, a 403 ends polling; the captain can still report', async () => {
      const { scrim, players, code, side } = await startedWithCode();
      fake.setGameResult({ code, winningTeam: side('teamOne'), losingTeam: side('teamTwo') });
      fake.inject({ match: '/games/by-code/', status: 503, times: 10 });
      await runPollNow(scrim.id);
      let job = (await pollJob(scrim.id))!;
      expect(jobStatus(job)).toBe('pending');
      expect(job.lastError).toMatch(/server/);
      expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
      fake.reset();

      fake.inject({ match: '/games/by-code/', status: 403, times: 10 });
      await runPollNow(scrim.id);
      job = (await pollJob(scrim.id))!;
      expect(jobStatus(job)).toBe('dead');
      fake.reset();
      expect(await winnerOf(scrim.id)).toBeNull();

      await db().update(scrims).set({ lobbyHostId: players[0]!.id }).where(eq(scrims.id, scrim.id));
      const report = await api.call('PATCH', `/api/scrims/${scrim.id}/set-winner`, {
        token: players[0]!.token,
        payload: { winnerTeamName: TEAMS[1] },
      });
      expect(report.statusCode, report.body).toBe(200);
    });

    it('a deleted scrim takes its poll job with it', async () => {
      const { scrim } = await startedWithCode();
      const res = await api.call('DELETE', `/api/scrims/${scrim.id}`, { token: admin.token });
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await findJobs({ db: db(), kind: RESULT_POLL_JOB, dedupeKey: resultPollKey(scrim.id) })).toEqual([]);
    });
  });
});
