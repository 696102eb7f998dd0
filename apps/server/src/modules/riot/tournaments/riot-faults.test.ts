import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamName } from '@scrim-gym/shared';
import {
  jobs,
  matchParticipants,
  ratedResults,
  ratingHistory,
  riotTournaments,
  scrimMatches,
  scrims,
  users,
} from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createFaultPlan, type FaultPlan, type GameFaults } from '../../../test/fake-riot-faults.js';
import { createVirtualClock, startFakeRiot, type FakeRiot, knownToRiot } from '../../../test/fake-riot.js';
import { scrimApi } from '../../../test/scrim-api.js';
import { ALL_SLOTS, createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { listenLocally } from '../../../test/socket-client.js';
import { scheduleScrimStart } from '../../scrims/index.js';
import { MATCH_NOT_PUBLISHED_ERROR } from '../matches/matches.jobs.js';
import { matchFetchKey } from '../matches/matches.schedule.js';
import { resultPollKey, tournamentCodeKey } from './tournaments.schedule.js';

const MINUTE = 60_000;

/**
 * Each of Riot's public failures alone (fake-riot-faults.ts), from the game's end to the scrim's final result:
 * the faults today's path survives assert the right result; the others state the expected behaviour and are
 * marked `it.fails` with what is missing.
 */
describe('a Riot that fails on purpose, one fault at a time', () => {
  let fake: FakeRiot;
  let plan: FaultPlan;
  let ctx: TestContext;
  let url: string;
  let api: ReturnType<typeof scrimApi>;
  const clock = createVirtualClock(Date.now());

  beforeAll(async () => {
    fake = await startFakeRiot();
    plan = createFaultPlan(fake, { clock });
    ctx = await createTestApp({
      RIOT_API_KEY: fake.apiKey,
      RIOT_API_BASE_URL: fake.url,
      DDRAGON_BASE_URL: fake.url,
      PUBLIC_URL: 'https://scrim-gym.test',
    });
    url = await listenLocally(ctx.app);
    api = scrimApi(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  const db = () => ctx.database.db;
  const scrimRow = async (scrimId: string) => (await db().select().from(scrims).where(eq(scrims.id, scrimId)))[0]!;
  const matchRow = async (scrimId: string) =>
    (await db().select().from(scrimMatches).where(eq(scrimMatches.scrimId, scrimId)))[0] ?? null;
  const ratedRows = async (scrimId: string) => ({
    results: (await db().select().from(ratedResults).where(eq(ratedResults.scrimId, scrimId))).length,
    history: await db().select().from(ratingHistory).where(eq(ratingHistory.scrimId, scrimId)),
  });

  /** A full NA scrim that started a minute ago, its players known to Riot, with its code, and the faults set. */
  async function startedWithCode(faults: GameFaults) {
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - MINUTE) });
    const { players } = await fillScrim({ db: db(), scrim });
    const puuids = knownToRiot(fake, players);
    await scheduleScrimStart({ db: db(), scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
    await ctx.app.jobs.runOnce();
    const [row] = await db().select().from(riotTournaments).where(eq(riotTournaments.scrimId, scrim.id));
    const code = row!.tournamentCode!;
    plan.set(code, faults);
    const side = (team: TeamName) => puuids.filter((_, i) => ALL_SLOTS[i]!.team === team);
    const play = (teamOneWins: boolean) =>
      plan.play({ code, teamOne: side('teamOne'), teamTwo: side('teamTwo'), teamOneWins, origin: url });
    const userOfSide = (team: TeamName) => players.filter((_, i) => ALL_SLOTS[i]!.team === team).map((p) => p.id);
    return { scrim, players, code, puuids, play, userOfSide };
  }

  /** Time passes for the scrim's jobs: its result poll and match fetch are due now; the runner runs once. */
  /** Makes the scrim's result poll and match fetch (or only `keys`) due, and runs the due jobs once. */
  async function runDue(scrimId: string, keys = [resultPollKey(scrimId), matchFetchKey(scrimId)]) {
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(isNull(jobs.completedAt), inArray(jobs.dedupeKey, keys)));
    await ctx.app.jobs.runOnce();
  }

  /** Runs the scrim's due jobs until the match fetch is over (at most `rounds` times). */
  async function runUntilMatchSettles(scrimId: string, rounds = 4) {
    for (let i = 0; i < rounds && (await matchRow(scrimId))?.status !== 'ready'; i++) await runDue(scrimId);
    return matchRow(scrimId);
  }

  async function expectRatedOnce(scrimId: string, winners: string[]) {
    await expect.poll(async () => (await ratedRows(scrimId)).results).toBe(1);
    const { history } = await ratedRows(scrimId);
    expect(history).toHaveLength(10);
    expect(
      history
        .filter((h) => h.won)
        .map((h) => h.userId)
        .sort(),
    ).toEqual([...winners].sort());
  }

  it('a dropped callback: the games/by-code poll finds the result, rated once', async () => {
    const { scrim, play, userOfSide } = await startedWithCode({ dropCallback: true });
    const played = await play(false);
    expect(played.callbackStatuses).toEqual([]);
    expect((await scrimRow(scrim.id)).teamWon).toBeNull();
    await runDue(scrim.id);
    expect(await scrimRow(scrim.id)).toMatchObject({ teamWon: 'teamTwo', resultSource: 'riot' });
    await expectRatedOnce(scrim.id, userOfSide('teamTwo'));
  });

  it('a duplicate callback: one result, rated once, one match', async () => {
    const { scrim, play, userOfSide } = await startedWithCode({ duplicateCallback: true });
    const played = await play(true);
    expect(played.callbackStatuses).toEqual([200, 200]);
    expect(await scrimRow(scrim.id)).toMatchObject({ teamWon: 'teamOne', resultSource: 'riot' });
    await expectRatedOnce(scrim.id, userOfSide('teamOne'));
    expect(await runUntilMatchSettles(scrim.id)).toMatchObject({ status: 'ready', matchId: played.matchId });
    const lines = await db().select().from(matchParticipants).where(eq(matchParticipants.scrimId, scrim.id));
    expect(lines).toHaveLength(10);
  });

  it('the callback before match-v5 has the match: the result at once, the match fetched once Riot lists it', async () => {
    const { scrim, play } = await startedWithCode({ matchLateMinutes: 12 });
    const played = await play(true);
    expect((await scrimRow(scrim.id)).teamWon).toBe('teamOne');
    await runDue(scrim.id);
    expect(await matchRow(scrim.id)).toMatchObject({ status: 'pending', lastError: MATCH_NOT_PUBLISHED_ERROR });
    clock.advance(12 * MINUTE);
    expect(await runUntilMatchSettles(scrim.id)).toMatchObject({ status: 'ready', matchId: played.matchId });
  });

  it('games/by-code empty for 40 minutes and no callback: the poll goes on and finds the result', async () => {
    const { scrim, play } = await startedWithCode({ dropCallback: true, gamesEmptyMinutes: 40 });
    await play(false);
    await runDue(scrim.id);
    expect((await scrimRow(scrim.id)).teamWon).toBeNull();
    const [poll] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, resultPollKey(scrim.id)));
    expect(poll).toMatchObject({ completedAt: null });
    clock.advance(40 * MINUTE);
    await runDue(scrim.id);
    expect((await scrimRow(scrim.id)).teamWon).toBe('teamTwo');
  });

  it('429 with Retry-After on the poll: the client waits as told and the result is found', async () => {
    const { scrim, code, play } = await startedWithCode({
      dropCallback: true,
      rateLimited: { times: 1, retryAfterSeconds: 1 },
    });
    await play(true);
    await runDue(scrim.id);
    const byCode = fake.requests.filter((r) => r.path.endsWith(`/games/by-code/${code}`));
    expect(byCode.map((r) => r.status)).toEqual([429, 200]);
    expect((await scrimRow(scrim.id)).teamWon).toBe('teamOne');
  });

  it('a burst of 5xx: retried by the client, then by the job runner, and the result is found', async () => {
    const { scrim, code, play } = await startedWithCode({
      dropCallback: true,
      serverErrors: { times: 4, status: 503 },
    });
    await play(false);
    // Only the result poll: the fault plan's errors go to whichever read of the code comes first, and a match fetch
    // run beside it would take some of them.
    const pollOnly = [resultPollKey(scrim.id)];
    await runDue(scrim.id, pollOnly);
    const [poll] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, resultPollKey(scrim.id)));
    expect(poll!.lastError).toMatch(/server/);
    expect((await scrimRow(scrim.id)).teamWon).toBeNull();
    await runDue(scrim.id, pollOnly);
    const statuses = fake.requests.filter((r) => r.path.endsWith(`/games/by-code/${code}`)).map((r) => r.status);
    expect(statuses).toEqual([503, 503, 503, 503, 200]);
    expect((await scrimRow(scrim.id)).teamWon).toBe('teamTwo');
  });

  /** A full NA scrim whose start is due, its players known to Riot (their PUUIDs, in ALL_SLOTS order). */
  async function dueScrimKnownToRiot() {
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - MINUTE) });
    const { players } = await fillScrim({ db: db(), scrim });
    const puuids = knownToRiot(fake, players);
    await scheduleScrimStart({ db: db(), scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
    const side = (team: TeamName) => puuids.filter((_, i) => ALL_SLOTS[i]!.team === team);
    const codeOf = async () =>
      (await db().select().from(riotTournaments).where(eq(riotTournaments.scrimId, scrim.id)))[0]?.tournamentCode;
    /** Plays the code's game with the callback lost: only the games/by-code poll can match it. */
    const playUnannounced = async (code: string, teamOneWins: boolean) => {
      plan.set(code, { dropCallback: true });
      await plan.play({ code, teamOne: side('teamOne'), teamTwo: side('teamTwo'), teamOneWins, origin: url });
      await runDue(scrim.id);
    };
    return { scrim, players, puuids, codeOf, playUnannounced };
  }

  const accountLookups = () => fake.requests.filter((r) => r.path.includes('/accounts/by-riot-id/'));

  it('account-v1 answering 503 when the code is made: no open code, the job retries, the result is matched', async () => {
    const { scrim, puuids, codeOf, playUnannounced } = await dueScrimKnownToRiot();
    fake.reset();
    fake.inject({ match: '/accounts/by-riot-id/', status: 503, times: 1000 });
    await ctx.app.jobs.runOnce();
    expect(accountLookups().length).toBeGreaterThan(0);
    expect(await codeOf()).toBeNull();
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/codes'))).toEqual([]);
    const [retry] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, tournamentCodeKey(scrim.id)));
    expect(retry).toMatchObject({ completedAt: null });

    fake.reset();
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, retry!.id));
    await ctx.app.jobs.runOnce();
    const code = (await codeOf())!;
    expect(fake.codes.get(code)!.allowedParticipants.sort()).toEqual([...puuids].sort());
    await playUnannounced(code, false);
    expect(await scrimRow(scrim.id)).toMatchObject({ teamWon: 'teamTwo', resultSource: 'riot' });
  });

  it('account-v1 answering 429 when the code is made: the stored and the Sign On PUUIDs make it at once', async () => {
    const { scrim, players, puuids, codeOf, playUnannounced } = await dueScrimKnownToRiot();
    // Half linked their Riot account (Sign On: never looked up), half were looked up for an earlier code.
    for (const [i, player] of players.entries()) {
      const linked = i % 2 === 0 ? { riotLinkedAt: new Date() } : {};
      await db()
        .update(users)
        .set({ riotPuuid: puuids[i]!, ...linked })
        .where(eq(users.id, player.id));
    }
    fake.reset();
    fake.inject({ match: '/accounts/by-riot-id/', status: 429, retryAfterSeconds: 0, times: 1000 });
    await ctx.app.jobs.runOnce();
    const code = (await codeOf())!;
    expect(code).toBeTruthy();
    expect(fake.codes.get(code)!.allowedParticipants.sort()).toEqual([...puuids].sort());
    const looked = accountLookups().map((r) => decodeURIComponent(r.path.split('/by-riot-id/')[1]!.split('/')[0]!));
    expect(new Set(looked)).toEqual(new Set(players.filter((_, i) => i % 2 === 1).map((p) => p.name)));
    expect(
      (
        await db()
          .select()
          .from(users)
          .where(
            inArray(
              users.id,
              players.map((p) => p.id),
            ),
          )
      )
        .map((u) => u.riotPuuid)
        .sort(),
    ).toEqual([...puuids].sort());
    fake.reset();
    await playUnannounced(code, true);
    expect(await scrimRow(scrim.id)).toMatchObject({ teamWon: 'teamOne', resultSource: 'riot' });
  });

  it("match-v5 404 for an hour: the callback's result stands", async () => {
    const { scrim, play, userOfSide } = await startedWithCode({ match404Minutes: 60 });
    await play(true);
    await runDue(scrim.id);
    expect((await scrimRow(scrim.id)).teamWon).toBe('teamOne');
    await expectRatedOnce(scrim.id, userOfSide('teamOne'));
  });

  it('match-v5 404 for an hour, then served: the match is stored', async () => {
    const { scrim, play } = await startedWithCode({ match404Minutes: 60 });
    const played = await play(true);
    await runDue(scrim.id);
    clock.advance(60 * MINUTE);
    expect(await runUntilMatchSettles(scrim.id)).toMatchObject({ status: 'ready', matchId: played.matchId });
  });

  it("a side swap (our Blue on Riot's team 200): the winner and ratings go by PUUID, the match keeps Riot's sides", async () => {
    const { scrim, play, userOfSide } = await startedWithCode({ sideSwap: true });
    const played = await play(true);
    expect(played.red).toEqual(expect.arrayContaining(played.game.winningTeam.map((m) => m.puuid)));
    expect(await scrimRow(scrim.id)).toMatchObject({ teamWon: 'teamOne', resultSource: 'riot' });
    await expectRatedOnce(scrim.id, userOfSide('teamOne'));
    expect(await runUntilMatchSettles(scrim.id)).toMatchObject({ status: 'ready' });
    const lines = await db().select().from(matchParticipants).where(eq(matchParticipants.scrimId, scrim.id));
    const sideOf = new Map(lines.map((line) => [line.userId, line.side]));
    expect(userOfSide('teamOne').map((id) => sideOf.get(id))).toEqual(Array(5).fill('red'));
    expect(lines.filter((line) => line.win).every((line) => line.side === 'red')).toBe(true);
  });

  it("Riot's remake is no result; the replay on the same code decides", async () => {
    const { scrim, players, play } = await startedWithCode({ remake: true });
    const remake = await play(false);
    expect(remake.remake).toBe(true);
    await runUntilMatchSettles(scrim.id, 2);
    expect((await scrimRow(scrim.id)).teamWon).toBeNull();
    const view = await api.call('GET', `/api/scrims/${scrim.id}`, { token: players[0]!.token });
    expect(view.json()).toMatchObject({ teamWon: null, result: null, remakes: 1 });
    const replay = await play(true);
    expect(replay.remake).toBe(false);
    expect((await scrimRow(scrim.id)).teamWon).toBe('teamOne');
  });

  it("a game with three strangers (7 of the scrim's players) is not the scrim's result", async () => {
    const { scrim, play } = await startedWithCode({ strangers: 3 });
    await play(true);
    await runDue(scrim.id);
    expect((await scrimRow(scrim.id)).teamWon).toBeNull();
    expect((await ratedRows(scrim.id)).results).toBe(0);
  });

  // The lobby guard (riotLobby on the scrim, from lobby-events): null PUUIDs count as `unknown`.
  it("lobby events with null PUUIDs count as someone in Riot's lobby and never break the count", async () => {
    const { scrim, players, code, puuids } = await startedWithCode({ nullPuuids: 2 });
    plan.fillLobby(code, puuids);
    expect(fake.codes.get(code)!.events.filter((event) => event.puuid === null)).toHaveLength(2);
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(isNull(jobs.completedAt), sql`${jobs.payload}->>'scrimId' = ${scrim.id}`));
    await ctx.app.jobs.runOnce();
    const view = await api.call('GET', `/api/scrims/${scrim.id}`, { token: players[0]!.token });
    expect(view.json()).toMatchObject({ riotLobby: { count: 8, unknown: 2 } });
  });
});
