import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_MESSAGES, SCRIM_MESSAGES, type LeaderboardResponse, type Scrim } from '@scrim-gym/shared';
import { playerRatings, ratedResults, scrims } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { bearer, createAdmin, createUser, unique, type TestUser } from '../../../test/factories.js';
import { RATING_TABLE, type RatingRule } from '../../../test/authorization-table.js';
import { makeHost } from '../../../test/hosts.js';
import { editBody, expectError, scrimApi } from '../../../test/scrim-api.js';
import { addPlayers, createScrim, createUsers, setLobbyHost } from '../../../test/scrim-factories.js';
import { ratingRulesFor, replayPendingRatings } from '../../ratings/index.js';
import { countBefore, findSeason } from '../../ratings/leaderboard.repository.js';
import { reconcileResult } from './reconcile.js';
import { scrimDepsOf } from '../core/scrim-change.js';

/*
 * A rating moves only on a result the other side could dispute: a private scrim is never rated (its host chose
 * the players); a community host's result is a report the other team confirms or disputes, like a captain's;
 * only an admin's (and Riot's) is confirmed at once. With Riot Sign On configured, a result is rated only when
 * at least 8 of the 10 players proved their Riot account, and the leaderboard lists verified accounts only.
 */

let ctx: TestContext;
/** A second instance on the same database, with Riot Sign On configured. */
let rso: TestContext;
let api: ReturnType<typeof scrimApi>;
let rsoApi: ReturnType<typeof scrimApi>;
let admin: TestUser;
/** A community host of NA. */
let host: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  rso = await createTestApp(
    { RIOT_RSO_CLIENT_ID: 'rso-client', RIOT_RSO_CLIENT_SECRET: 'rso-secret' },
    { database: ctx.database },
  );
  api = scrimApi(ctx.app);
  rsoApi = scrimApi(rso.app);
  [admin, host] = await Promise.all([createAdmin({ db: db() }), createUser({ db: db() })]);
  await makeHost(ctx.app, admin.token, host.id, 'NA');
});
afterAll(async () => {
  await rso?.close();
  await ctx?.close();
});

const db = () => ctx.database.db;
const MINUTE = 60_000;

/** A user whose Riot account is verified (linked by Riot Sign On). */
const createVerifiedUser = () => createUser({ db: db(), riotLinkedAt: new Date(), riotPuuid: `puuid-${unique()}` });

/**
 * A scrim that started 40 minutes ago with these ten players (five teamOne, then five teamTwo), hosted by `by`
 * (an admin's scrim without it).
 */
async function playedScrim(players: TestUser[], { by, isPrivate = false }: { by?: TestUser; isPrivate?: boolean }) {
  const scrim = await createScrim({
    db: db(),
    gameStartTime: new Date(Date.now() - 40 * MINUTE),
    isPrivate,
    ...(by && { createdBy: by.id, hostedBy: by.id }),
  });
  await addPlayers({ db: db(), scrim, users: players });
  return scrim;
}

const confirm = (scrimId: string, token: string, app = api) =>
  app.call('POST', `/api/scrims/${scrimId}/confirm-result`, { token });
const rowOf = async (scrimId: string) => (await db().select().from(scrims).where(eq(scrims.id, scrimId)))[0]!;
const ratedOf = (scrimId: string) => db().select().from(ratedResults).where(eq(ratedResults.scrimId, scrimId));
const ratingRowsOf = async (users: TestUser[]) =>
  (await db().select().from(playerRatings)).filter((r) => users.some((u) => u.id === r.userId));

async function expectOk(res: Awaited<ReturnType<typeof api.call>>): Promise<Scrim> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Scrim>();
}

describe("a community host's private scrim", () => {
  it("the host fills it with themselves and nine others and sets the winner: nobody's rating moves", async () => {
    const others = await createUsers({ db: db(), count: 9 });
    const players = [host, ...others];
    const scrim = await playedScrim(players, { by: host, isPrivate: true });
    const reported = await expectOk(await api.setWinner(scrim.id, 'teamOne', host.token));
    // A report like a captain's: pending until the other team answers.
    expect(reported.result).toMatchObject({ status: 'pending', reportedBy: host.id, unrated: null });
    const confirmed = await expectOk(await confirm(scrim.id, others[5]!.token));
    expect(confirmed.teamWon).toBe('teamOne');
    expect(confirmed.result).toMatchObject({
      status: 'confirmed',
      unrated: { reason: 'private', message: RESULT_MESSAGES.unrated.private },
    });
    expect(confirmed.ratingChanges).toEqual([]);
    expect(await ratedOf(scrim.id)).toEqual([]);
    expect(await ratingRowsOf(players)).toEqual([]);
    expect((await rowOf(scrim.id)).unratedReason).toBe('private');
  });

  it("an admin's result on a private scrim is recorded at once, and unrated too", async () => {
    const players = await createUsers({ db: db(), count: 10 });
    const scrim = await playedScrim(players, { isPrivate: true });
    const decided = await expectOk(await api.setWinner(scrim.id, 'teamTwo', admin.token));
    expect(decided.result).toMatchObject({ status: 'confirmed', source: 'admin', unrated: { reason: 'private' } });
    expect(await ratedOf(scrim.id)).toEqual([]);
  });

  it('turning a rated scrim private reverses its rating; public again rates it again', async () => {
    const players = await createUsers({ db: db(), count: 10 });
    const scrim = await playedScrim(players, {});
    await expectOk(await api.setWinner(scrim.id, 'teamOne', admin.token));
    expect(await ratedOf(scrim.id)).toHaveLength(1);
    const edit = (isPrivate: boolean) =>
      api.call('PUT', `/api/scrims/${scrim.id}`, {
        token: admin.token,
        payload: editBody(scrim, { isPrivate, teamWon: 'teamOne' }),
      });
    const hidden = await expectOk(await edit(true));
    expect(hidden.result?.unrated?.reason).toBe('private');
    expect(await ratedOf(scrim.id)).toEqual([]);
    // The players' rows go when the season's replay (the rating-replay job) ends.
    await replayPendingRatings({ db: db() });
    expect(await ratingRowsOf(players)).toEqual([]);
    const shown = await expectOk(await edit(false));
    expect(shown.result?.unrated).toBeNull();
    expect(await ratedOf(scrim.id)).toHaveLength(1);
    expect((await rowOf(scrim.id)).unratedReason).toBeNull();
  });
});

describe("a community host's result on a public scrim", () => {
  it('is pending: the rating moves only after the other team confirms', async () => {
    const players = await createUsers({ db: db(), count: 10 });
    const scrim = await playedScrim([host, ...players.slice(1)], { by: host });
    const reported = await expectOk(await api.setWinner(scrim.id, 'teamTwo', host.token));
    expect(reported.result).toMatchObject({ status: 'pending', source: 'captain', reportedBy: host.id });
    expect(await ratedOf(scrim.id)).toEqual([]);
    // The host's own team cannot confirm it; the other team can.
    expectError(await confirm(scrim.id, players[1]!.token), 403, 'NOT_OTHER_TEAM');
    const confirmed = await expectOk(await confirm(scrim.id, players[7]!.token));
    expect(confirmed.result).toMatchObject({ status: 'confirmed', unrated: null });
    expect(await ratedOf(scrim.id)).toMatchObject([{ teamWon: 'teamTwo' }]);
    expect(confirmed.ratingChanges).toHaveLength(10);
  });

  it('an admin settles it at once instead; the host cannot replace a report, nor set a winner in the edit form', async () => {
    const players = await createUsers({ db: db(), count: 10 });
    const scrim = await playedScrim(players, { by: host });
    await expectOk(await api.setWinner(scrim.id, 'teamOne', host.token));
    expectError(await api.setWinner(scrim.id, 'teamTwo', host.token), 409, 'WINNER_SET');
    const decided = await expectOk(await api.setWinner(scrim.id, 'teamTwo', admin.token));
    expect(decided.result).toMatchObject({ status: 'confirmed', source: 'admin', unrated: null });
    expect(await ratedOf(scrim.id)).toMatchObject([{ teamWon: 'teamTwo' }]);

    const other = await playedScrim(await createUsers({ db: db(), count: 10 }), { by: host });
    const edited = await api.call('PUT', `/api/scrims/${other.id}`, {
      token: host.token,
      payload: editBody(other, { teamWon: 'teamOne' }),
    });
    expectError(edited, 403, 'ADMIN_RESULT_ONLY', SCRIM_MESSAGES.resultByAdminOnly);
    expect((await rowOf(other.id)).teamWon).toBeNull();
  });
});

describe('with Riot Sign On configured', () => {
  const board = async (app: TestContext) => {
    const res = await app.app.inject({
      method: 'GET',
      url: '/api/leaderboard?region=NA',
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LeaderboardResponse>().rows;
  };
  const idsOf = (rows: LeaderboardResponse['rows']) => rows.map((row) => row.player._id);

  it('ten unverified accounts: the result is recorded, shown as unrated, and moves no rating', async () => {
    const players = await createUsers({ db: db(), count: 10 });
    const scrim = await playedScrim(players, {});
    const decided = await expectOk(await rsoApi.setWinner(scrim.id, 'teamOne', admin.token));
    expect(decided.teamWon).toBe('teamOne');
    expect(decided.result).toMatchObject({
      status: 'confirmed',
      unrated: { reason: 'unverified', message: 'Unrated: fewer than 8 verified players' },
    });
    expect(await ratedOf(scrim.id)).toEqual([]);
    expect(await ratingRowsOf(players)).toEqual([]);
    // Anyone reading it sees why.
    expect((await rsoApi.read(scrim.id, players[0]!.token)).result?.unrated?.message).toBe(
      RESULT_MESSAGES.unrated.unverified,
    );
  });

  it('seven verified of ten: unrated; eight: rated, and the board lists only the verified', async () => {
    const seven = await playedScrim(
      [
        ...(await Promise.all(Array.from({ length: 7 }, createVerifiedUser))),
        ...(await createUsers({ db: db(), count: 3 })),
      ],
      {},
    );
    const unrated = await expectOk(await rsoApi.setWinner(seven.id, 'teamOne', admin.token));
    expect(unrated.result?.unrated?.reason).toBe('unverified');
    expect(await ratedOf(seven.id)).toEqual([]);

    const verified = await Promise.all(Array.from({ length: 8 }, createVerifiedUser));
    const unverified = await createUsers({ db: db(), count: 2 });
    const eight = await playedScrim([...verified, ...unverified], {});
    const rated = await expectOk(await rsoApi.setWinner(eight.id, 'teamTwo', admin.token));
    expect(rated.result?.unrated).toBeNull();
    expect(await ratedOf(eight.id)).toHaveLength(1);
    expect(await ratingRowsOf([...verified, ...unverified])).toHaveLength(10);

    const rsoRows = await board(rso);
    const rsoBoard = idsOf(rsoRows);
    for (const user of verified) expect(rsoBoard).toContain(user.id);
    for (const user of unverified) expect(rsoBoard).not.toContain(user.id);
    expect(rsoRows.every((row) => row.verified)).toBe(true);
    // Ranks count verified accounts only (the rank of a row off the page is counted, not read from the page).
    const season = (await findSeason({ db: db(), id: null }))!;
    const last = rsoRows.at(-1)!;
    const position = { rating: last.rating, userId: last.player._id };
    const onRsoBoard = { seasonId: season.id, region: 'NA' as const, verifiedOnly: true };
    expect(await countBefore({ db: db(), board: onRsoBoard, position, through: true })).toBe(last.rank);
    // Without Riot Sign On, every rated account is on the board.
    const plainBoard = idsOf(await board(ctx));
    for (const user of unverified) expect(plainBoard).toContain(user.id);
  });
});

describe('the rating matrix (test/authorization-table.ts)', () => {
  const label = (rule: RatingRule) =>
    `${rule.by} on a ${rule.scrim} scrim${rule.verified === undefined ? '' : ` with ${rule.verified}/10 verified (RSO)`}`;

  it.each(RATING_TABLE.map((rule) => [label(rule), rule] as const))('%s', async (_label, rule) => {
    const withRso = rule.verified !== undefined;
    const app = withRso ? rso : ctx;
    const verified = await Promise.all(Array.from({ length: rule.verified ?? 0 }, createVerifiedUser));
    const players = [...verified, ...(await createUsers({ db: db(), count: 10 - verified.length }))];
    const scrim = await playedScrim(players, {
      by: rule.by === 'host' ? host : undefined,
      isPrivate: rule.scrim === 'private',
    });
    // The captain plays Jungle for teamOne; a host runs the scrim without playing.
    await setLobbyHost({ db: db(), scrim, userId: players[1]!.id });
    const through = scrimApi(app.app);
    if (rule.by === 'riot') {
      const deps = { ...scrimDepsOf(app.app), ratingRules: ratingRulesFor(app.config) };
      const items = [{ kind: 'callback', verdict: 'winner', team: 'teamOne', gameId: 1 }] as const;
      expect((await reconcileResult({ deps, scrimId: scrim.id, items: [...items] })).changed).toBe(true);
    } else {
      const token = { captain: players[1]!.token, host: host.token, admin: admin.token }[rule.by];
      await expectOk(await through.setWinner(scrim.id, 'teamOne', token));
    }
    expect((await through.read(scrim.id, admin.token)).result?.status).toBe(rule.status);
    if (rule.status === 'pending') {
      expect(await ratedOf(scrim.id)).toEqual([]);
      await expectOk(await confirm(scrim.id, players[7]!.token, through));
    }
    const result = (await through.read(scrim.id, admin.token)).result!;
    expect(result.status).toBe('confirmed');
    if (rule.rated === true) {
      expect(result.unrated).toBeNull();
      expect(await ratedOf(scrim.id)).toHaveLength(1);
    } else {
      expect(result.unrated).toEqual({ reason: rule.rated, message: RESULT_MESSAGES.unrated[rule.rated] });
      expect(await ratedOf(scrim.id)).toEqual([]);
      expect(await ratingRowsOf(players)).toEqual([]);
    }
  });
});
