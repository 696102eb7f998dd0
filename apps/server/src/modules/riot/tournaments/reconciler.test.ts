import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_MESSAGES, type Scrim, type TeamName } from '@scrim-gym/shared';
import { jobs, ratingHistory, resultEvidence, riotTournaments, scrims } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createUser, type TestUser } from '../../../test/factories.js';
import { buildFakeMatch } from '../../../test/fake-riot-match.js';
import { startFakeRiot, type FakeRiot, riotEnvFor, knownToRiot } from '../../../test/fake-riot.js';
import { makeHost } from '../../../test/hosts.js';
import { editBody, scrimApi } from '../../../test/scrim-api.js';
import { ALL_SLOTS, createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { listenLocally } from '../../../test/socket-client.js';
import { scheduleScrimStart } from '../../scrims/index.js';
import { matchFetchKey } from '../matches/matches.schedule.js';

/*
 * The result reconciler end to end against the fake Riot: every piece of evidence (callback, games/by-code,
 * match-v5, reports, confirmations, admins) decides one result, published and rated exactly once.
 */

const MINUTE = 60_000;

let fake: FakeRiot;
let ctx: TestContext;
let url: string;
let api: ReturnType<typeof scrimApi>;
let admin: TestUser;
let host: TestUser;

beforeAll(async () => {
  fake = await startFakeRiot();
  ctx = await createTestApp({
    ...riotEnvFor(fake),
    RIOT_RESULT_POLL_FIRST_MS: '0',
    RIOT_RESULT_POLL_MS: '1000',
  });
  url = await listenLocally(ctx.app);
  api = scrimApi(ctx.app);
  [admin, host] = await Promise.all([createAdmin({ db: db() }), createUser({ db: db() })]);
  await makeHost(ctx.app, admin.token, host.id, 'NA');
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const db = () => ctx.database.db;
const scrimRow = async (scrimId: string) => (await db().select().from(scrims).where(eq(scrims.id, scrimId)))[0]!;
const historyOf = (scrimId: string) => db().select().from(ratingHistory).where(eq(ratingHistory.scrimId, scrimId));
const evidenceOf = (scrimId: string) => db().select().from(resultEvidence).where(eq(resultEvidence.scrimId, scrimId));
const codeRow = async (scrimId: string) =>
  (await db().select().from(riotTournaments).where(eq(riotTournaments.scrimId, scrimId)))[0]!;

/** Makes the scrim's match fetch due now and runs the runner once. */
async function runMatchFetch(scrimId: string) {
  await db()
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.dedupeKey, matchFetchKey(scrimId)));
  await ctx.app.jobs.runOnce();
}

/** A full scrim hosted by the community host, started a minute ago, its ten players known to Riot, with a code. */
async function startedWithCode() {
  const scrim = await createScrim({
    db: db(),
    region: 'NA',
    gameStartTime: new Date(Date.now() - MINUTE),
    createdBy: host.id,
    hostedBy: host.id,
  });
  const { players } = await fillScrim({ db: db(), scrim });
  const puuids = knownToRiot(fake, players);
  await scheduleScrimStart({ db: db(), scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
  await ctx.app.jobs.runOnce();
  const code = (await codeRow(scrim.id)).tournamentCode!;
  expect(code).toBeTruthy();
  const side = (team: TeamName) => puuids.filter((_, i) => ALL_SLOTS[i]!.team === team);
  const playerOf = (team: TeamName, index: number) => players.filter((_, i) => ALL_SLOTS[i]!.team === team)[index]!;
  return { scrim, players, code, side, playerOf };
}

/** Publishes a match-v5 match for the code: `blue` sat on Riot's blue side; `remake` makes it a 2-minute remake. */
function publishMatch({
  code,
  gameId,
  blue,
  red,
  blueWins,
  remake = false,
}: {
  code: string;
  gameId: number;
  blue: string[];
  red: string[];
  blueWins: boolean;
  remake?: boolean;
}) {
  const matchId = `NA1_${gameId}`;
  const dto = buildFakeMatch({ matchId, gameId, platformId: 'NA1', blue, red, blueWins, tournamentCode: code });
  if (remake) {
    const info = dto.info as { gameDuration: number; participants: Record<string, unknown>[] };
    info.gameDuration = 130;
    for (const participant of info.participants) participant.gameEndedInEarlySurrender = true;
  }
  fake.matches.set(matchId, dto);
  fake.matchIdsByCode.set(code, [...(fake.matchIdsByCode.get(code) ?? []), matchId]);
}

/** Each player's rating change on the scrim, by team: whether every one of the team went up. */
function wentUp(scrim: Scrim, team: TeamName) {
  const ids = scrim[team].map((p) => p._user._id);
  return ids.every((id) => {
    const change = scrim.ratingChanges.find((c) => c.userId === id);
    return change !== undefined && change.after > change.before;
  });
}

describe('the result reconciler', () => {
  it("a side swap: our Blue team played on Riot's red side and won; the result and ratings are Blue's", async () => {
    const { scrim, code, side } = await startedWithCode();
    const { game } = await fake.finishGame({
      code,
      winningTeam: side('teamOne'),
      losingTeam: side('teamTwo'),
      publishMatch: false,
      origin: url,
    });
    publishMatch({ code, gameId: game.gameId, blue: side('teamTwo'), red: side('teamOne'), blueWins: false });
    await runMatchFetch(scrim.id);

    const read = await api.read(scrim.id, admin.token);
    expect(read.teamWon).toBe('teamOne');
    expect(read.result?.source).toBe('riot');
    expect(wentUp(read, 'teamOne')).toBe(true);
    expect(wentUp(read, 'teamTwo')).toBe(false);
    expect(read.result?.evidence?.map((e) => e.kind)).toEqual(['callback', 'match-v5']);
    expect(await historyOf(scrim.id)).toHaveLength(10);
  });

  it('a remake then the replay on the same code: no result and no rating from the remake, the replay counts', async () => {
    const { scrim, code, side } = await startedWithCode();
    // The remake's callback comes first (it carries no duration): Blue's result, rated.
    const first = await fake.finishGame({
      code,
      winningTeam: side('teamOne'),
      losingTeam: side('teamTwo'),
      publishMatch: false,
      origin: url,
    });
    expect((await scrimRow(scrim.id)).teamWon).toBe('teamOne');
    expect(await historyOf(scrim.id)).toHaveLength(10);

    // match-v5 shows it remade: the result and its ratings are withdrawn; the scrim is live again.
    publishMatch({
      code,
      gameId: first.game.gameId,
      blue: side('teamOne'),
      red: side('teamTwo'),
      blueWins: true,
      remake: true,
    });
    await runMatchFetch(scrim.id);
    let read = await api.read(scrim.id, host.token);
    expect(read).toMatchObject({ teamWon: null, result: null, remakes: 1, status: 'live', ratingChanges: [] });
    expect(await historyOf(scrim.id)).toHaveLength(0);
    expect(fake.codes.has(code)).toBe(true);

    // The replay on the same code: Red wins, rated once.
    await fake.finishGame({ code, winningTeam: side('teamTwo'), losingTeam: side('teamOne'), origin: url });
    await runMatchFetch(scrim.id);
    read = await api.read(scrim.id, host.token);
    expect(read).toMatchObject({ teamWon: 'teamTwo', remakes: 1, status: 'finished' });
    expect(read.result?.source).toBe('riot');
    expect(wentUp(read, 'teamTwo')).toBe(true);
    expect(await historyOf(scrim.id)).toHaveLength(10);
  });

  it("a stranger's game (7 of the scrim's players): no result, flagged for the host, nothing changes", async () => {
    const { scrim, code, side, players } = await startedWithCode();
    const strangers = ['s1', 's2', 's3'].map(
      (name) => fake.addPlayer({ gameName: `Stranger ${name}`, tagLine: 'NA1' }).puuid,
    );
    const winners = [...side('teamOne').slice(0, 3), ...strangers.slice(0, 2)];
    const losers = [...side('teamTwo').slice(0, 4), strangers[2]!];
    await fake.finishGame({ code, winningTeam: winners, losingTeam: losers, origin: url });

    expect((await scrimRow(scrim.id)).teamWon).toBeNull();
    expect(await historyOf(scrim.id)).toHaveLength(0);
    const read = await api.read(scrim.id, host.token);
    expect(read.riotTournament?.lastError).toBe(RESULT_MESSAGES.strangerGame(7));
    expect(read.result).toBeNull();
    expect((await api.read(scrim.id, players[0]!.token)).riotTournament?.lastError).toBeNull();
  });

  it('the callback, then match-v5 agreeing later, and a duplicate callback: one result, rated once, no flip-flop', async () => {
    const { scrim, code, side } = await startedWithCode();
    const { payload, callbackUrl } = await fake.finishGame({
      code,
      winningTeam: side('teamTwo'),
      losingTeam: side('teamOne'),
      origin: url,
    });
    expect((await scrimRow(scrim.id)).teamWon).toBe('teamTwo');
    const ratedAt = (await historyOf(scrim.id)).map((row) => row.at.getTime());

    // The duplicate callback (Riot retries) and match-v5 later: the same game, evidence once per kind.
    const again = await ctx.app.inject({ method: 'POST', url: new URL(callbackUrl).pathname, payload });
    expect(again.statusCode).toBe(200);
    await runMatchFetch(scrim.id);

    const row = await scrimRow(scrim.id);
    expect(row).toMatchObject({ teamWon: 'teamTwo', resultSource: 'riot', remakes: 0 });
    expect((await evidenceOf(scrim.id)).map((e) => e.kind).sort()).toEqual(['callback', 'match-v5']);
    const history = await historyOf(scrim.id);
    expect(history.map((h) => h.at.getTime())).toEqual(ratedAt);
  });

  it("Riot's result overrides a confirmed captain's result: re-rated once, to the right team", async () => {
    const { scrim, code, side, playerOf } = await startedWithCode();
    // The community host reports (as a captain would); a player of Blue confirms.
    const other = playerOf('teamOne', 2);
    expect((await api.setWinner(scrim.id, 'teamTwo', host.token)).statusCode).toBe(200);
    const confirmed = await api.call('POST', `/api/scrims/${scrim.id}/confirm-result`, { token: other.token });
    expect(confirmed.statusCode).toBe(200);
    let read = await api.read(scrim.id, other.token);
    expect(read.result).toMatchObject({
      status: 'confirmed',
      source: 'captain',
      confirmedBy: 'teamOne',
      evidence: null,
    });
    expect(wentUp(read, 'teamTwo')).toBe(true);

    await fake.finishGame({ code, winningTeam: side('teamOne'), losingTeam: side('teamTwo'), origin: url });
    read = await api.read(scrim.id, admin.token);
    expect(read.teamWon).toBe('teamOne');
    expect(read.result?.source).toBe('riot');
    expect(wentUp(read, 'teamOne')).toBe(true);
    expect(wentUp(read, 'teamTwo')).toBe(false);
    expect(await historyOf(scrim.id)).toHaveLength(10);
    expect(read.result?.evidence?.map((e) => e.kind)).toEqual(['report', 'confirmation', 'callback']);
  });

  it("a captain's report, then Riot disagreeing: Riot's winner, confirmed at once; no report goes over it", async () => {
    const { scrim, code, side } = await startedWithCode();
    expect((await api.setWinner(scrim.id, 'teamTwo', host.token)).statusCode).toBe(200);
    expect((await scrimRow(scrim.id)).resultStatus).toBe('pending');

    await fake.finishGame({ code, winningTeam: side('teamOne'), losingTeam: side('teamTwo'), origin: url });
    expect(await scrimRow(scrim.id)).toMatchObject({
      teamWon: 'teamOne',
      resultSource: 'riot',
      resultStatus: 'confirmed',
    });
    expect((await api.setWinner(scrim.id, 'teamTwo', host.token)).statusCode).toBe(409);
    expect((await scrimRow(scrim.id)).teamWon).toBe('teamOne');
  });

  it("an admin who corrects Riot's result after seeing it stands, even when match-v5 comes later", async () => {
    const { scrim, code, side } = await startedWithCode();
    const { game } = await fake.finishGame({
      code,
      winningTeam: side('teamOne'),
      losingTeam: side('teamTwo'),
      publishMatch: false,
      origin: url,
    });
    const edit = await api.call('PUT', `/api/scrims/${scrim.id}`, {
      token: admin.token,
      payload: editBody(scrim, { teamWon: 'teamTwo', useTournamentCode: true }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    publishMatch({ code, gameId: game.gameId, blue: side('teamOne'), red: side('teamTwo'), blueWins: true });
    await runMatchFetch(scrim.id);
    expect(await scrimRow(scrim.id)).toMatchObject({ teamWon: 'teamTwo', resultSource: 'admin' });
  });

  it('the evidence is shown to the scrim’s host and admins only', async () => {
    const { scrim, code, side, players } = await startedWithCode();
    await fake.finishGame({ code, winningTeam: side('teamOne'), losingTeam: side('teamTwo'), origin: url });
    const kinds = (s: Scrim) => s.result?.evidence?.map((e) => e.kind) ?? null;
    expect(kinds(await api.read(scrim.id, admin.token))).toEqual(['callback']);
    expect(kinds(await api.read(scrim.id, host.token))).toEqual(['callback']);
    expect(kinds(await api.read(scrim.id, players[0]!.token))).toBeNull();
    expect((await api.read(scrim.id, players[0]!.token)).result?.source).toBe('riot');
    const stranger = await createUser({ db: db() });
    expect(kinds(await api.read(scrim.id, stranger.token))).toBeNull();
  });
});
