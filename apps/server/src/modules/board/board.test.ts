import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOARD_MESSAGES, SCRIM_BOARD_PAGE_SIZE, type ScrimPost, type Series } from '@scrim-gym/shared';
import { notifications, scrimPosts, scrimRequests, series, seriesTeams } from '../../db/schema/index.js';
import type { TestContext } from '../../test/app.js';
import { insertPosts, postBody, type boardApi } from '../../test/board-api.js';
import { boardSuite } from '../../test/board-suite.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { expectError } from '../../test/scrim-api.js';
import { expectBanned, expectNoSession, expectStatus, expectValidation } from '../../test/social.js';
import type { teamApi } from '../../test/team-api.js';
import { SCRIM_POST_BURST } from './board.routes.js';

/**
 * The scrim board's and series' routes: who may call each (no session, another team, a member who does not
 * captain, banned, admin), bad input refused with nothing written, and the rules: the start window, regions,
 * one open request per team, accepting books one series and declines the rest, captains are told.
 */
const suite = boardSuite();
let ctx: TestContext;
let api: ReturnType<typeof boardApi>;
let teams: ReturnType<typeof teamApi>;
let admin: TestUser;
let banned: TestUser;
const db = () => ctx.database.db;
const HOUR = 60 * 60 * 1000;
const MISSING = '00000000-0000-4000-8000-000000000000';
const expectNoContent = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(204);
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const newTeam = suite.newTeam;

// After the suite's own beforeAll, which made them.
beforeAll(() => void ({ ctx, api, teams, admin, banned } = suite));

type TestTeam = Awaited<ReturnType<typeof newTeam>>;

/** Every row of the board's tables, to prove a refused call wrote nothing. */
async function boardRows() {
  const [[p], [r], [s], [n]] = await Promise.all([
    db().select({ n: count() }).from(scrimPosts),
    db().select({ n: count() }).from(scrimRequests),
    db().select({ n: count() }).from(series),
    db().select({ n: count() }).from(notifications),
  ]);
  return { posts: p!.n, requests: r!.n, series: s!.n, notifications: n!.n };
}

const messagesOf = async (user: TestUser) =>
  (
    await db().select({ message: notifications.message }).from(notifications).where(eq(notifications.userId, user.id))
  ).map((row) => row.message);

describe('POST /api/scrim-posts', () => {
  it("posts for a captain's team: the team's card with its rating as a rank, the post open with no requests", async () => {
    const team = await newTeam({}, 'Platinum 3');
    const body = postBody(team.id, {
      format: 'bo5',
      fearless: true,
      rankMin: 'Gold 4',
      rankMax: 'Diamond 1',
      note: ' gl hf ',
    });
    const post = await api.postOk(team.captain, body);
    expect(post).toMatchObject({
      team: {
        _id: team.id,
        name: team.name,
        region: 'NA',
        rank: 'Platinum 3',
        reliability: { played: 0, score: null },
      },
      region: 'NA',
      startsAt: body.startsAt,
      format: 'bo5',
      fearless: true,
      rankMin: 'Gold 4',
      rankMax: 'Diamond 1',
      note: 'gl hf',
      status: 'open',
      requestCount: 0,
    });
  });

  it('refuses a visitor, a banned user, a member who does not captain, another team and an admin, writing nothing', async () => {
    const [team, other] = await Promise.all([newTeam(), newTeam()]);
    const before = await boardRows();
    expectNoSession(await api.post(undefined, postBody(team.id)));
    expectBanned(await api.post(banned, postBody(team.id)));
    for (const as of [team.member, other.captain, admin])
      expectError(await api.post(as, postBody(team.id)), 403, 'NOT_TEAM_CAPTAIN');
    expectError(await api.post(team.captain, postBody(MISSING)), 404, 'TEAM_NOT_FOUND');
    expect(await boardRows()).toEqual(before);
  });

  it('refuses bad input with a clear 4xx, writing nothing', async () => {
    const team = await newTeam();
    const before = await boardRows();
    for (const bad of [
      { ...postBody(team.id), format: 'bo4' },
      { ...postBody(team.id), region: 'MARS' },
      { ...postBody(team.id), startsAt: 'tomorrow' },
      { ...postBody(team.id), startsAt: '2030-01-01T18:00:00' },
      { ...postBody(team.id), fearless: 'yes' },
      { ...postBody(team.id), teamId: 'not-a-uuid' },
      postBody(team.id, { rankMin: 'Diamond 1', rankMax: 'Gold 4' }),
      postBody(team.id, { rankMin: 'Unranked' }),
      postBody(team.id, { rankMax: 'Gold 5' }),
      postBody(team.id, { note: 'x'.repeat(301) }),
      { teamId: team.id },
    ]) {
      expectValidation(await api.post(team.captain, bad));
    }
    expectError(await api.post(team.captain, postBody(team.id, { startsAt: inHours(0.4) })), 400, 'START_TOO_SOON');
    expectError(await api.post(team.captain, postBody(team.id, { startsAt: inHours(-1) })), 400, 'START_TOO_SOON');
    expectError(await api.post(team.captain, postBody(team.id, { startsAt: inHours(24 * 31) })), 400, 'START_TOO_FAR');
    expectError(await api.post(team.captain, postBody(team.id, { region: 'EUW' })), 409, 'TEAM_WRONG_REGION');
    expect(await boardRows()).toEqual(before);
  });

  it('lets a user post in a burst, then answers 429 with Retry-After, writing nothing', async () => {
    const team = await newTeam();
    for (let i = 0; i < SCRIM_POST_BURST; i++) await api.postOk(team.captain, postBody(team.id));
    const before = await boardRows();
    const refused = await api.post(team.captain, postBody(team.id));
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await boardRows()).toEqual(before);
  });
});

describe('GET /api/scrim-posts', () => {
  /** A region of its own per test, so other tests' posts do not show. */
  it("pages through open posts in start order, the viewer's own team's first, each once", async () => {
    const region = 'OCE';
    const [mine, a, b] = await Promise.all([newTeam({ region }), newTeam({ region }), newTeam({ region })]);
    // Two posts at one instant: the id orders them.
    const starts = Array.from({ length: 23 }, (_, i) => new Date(Date.now() + (2 + Math.min(i, 21)) * HOUR));
    const posted = await insertPosts({
      db: db(),
      region,
      posts: starts.map((startsAt, i) => ({ teamId: [a, b][i % 2]!.id, startsAt })),
    });
    const own = await insertPosts({
      db: db(),
      region,
      posts: [30, 29].map((hours) => ({ teamId: mine.id, startsAt: new Date(Date.now() + hours * HOUR) })),
    });
    const taken = await api.postOk(a.captain, postBody(a.id, { region, startsAt: inHours(1) }));
    expectNoContent(await api.removePost(taken._id, a.captain));

    const read = async (as: TestUser) => {
      const seen: ScrimPost[] = [];
      let cursor: string | null = null;
      do {
        const page: { rows: ScrimPost[]; nextCursor: string | null } = await api.boardOk(
          `region=${region}${cursor ? `&cursor=${cursor}` : ''}`,
          as,
        );
        expect(page.rows.length).toBeLessThanOrEqual(SCRIM_BOARD_PAGE_SIZE);
        seen.push(...page.rows);
        cursor = page.nextCursor;
      } while (cursor);
      return seen.map((post) => post._id);
    };
    const byStart = (posts: { id: string; startsAt: Date }[]) =>
      [...posts]
        .sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime() || x.id.localeCompare(y.id))
        .map((p) => p.id);
    expect(await read(mine.member)).toEqual([...byStart(own), ...byStart(posted)]);
    const ofA = posted.filter((_, i) => i % 2 === 0);
    const others = [...posted.filter((_, i) => i % 2 === 1), ...own];
    expect(await read(a.captain)).toEqual([...byStart(ofA), ...byStart(others)]);
    expect(await read(await createUser({ db: db() }))).toEqual(byStart([...posted, ...own]));
  });

  it('filters by region, time range, format and wanted ranks, and counts open requests', async () => {
    const region = 'BR';
    const [poster, asker] = await Promise.all([newTeam({ region }), newTeam({ region })]);
    const early = await api.postOk(
      poster.captain,
      postBody(poster.id, { region, startsAt: inHours(3), format: 'bo1' }),
    );
    const gold = await api.postOk(
      poster.captain,
      postBody(poster.id, { region, startsAt: inHours(5), rankMin: 'Gold 4', rankMax: 'Gold 1' }),
    );
    const late = await api.postOk(
      poster.captain,
      postBody(poster.id, { region, startsAt: inHours(48), rankMin: 'Master' }),
    );
    await api.askOk(gold._id, asker.captain, asker.id);
    const ids = async (query: string) =>
      (await api.boardOk(`region=${region}&${query}`, asker.captain)).rows.map((p) => p._id);
    expect(await ids('')).toEqual([early._id, gold._id, late._id]);
    expect(await ids(`from=${encodeURIComponent(inHours(4))}&to=${encodeURIComponent(inHours(24))}`)).toEqual([
      gold._id,
    ]);
    expect(await ids('format=bo1')).toEqual([early._id]);
    expect(await ids('rankMin=Platinum+4&rankMax=Diamond+1')).toEqual([early._id]);
    expect(await ids('rankMin=Gold+2&rankMax=Gold+2')).toEqual([early._id, gold._id]);
    expect(await ids('rankMin=Challenger')).toEqual([early._id, late._id]);
    const rows = (await api.boardOk(`region=${region}`, asker.captain)).rows;
    expect(rows.map((p) => p.requestCount)).toEqual([0, 1, 0]);
  });

  it('refuses a visitor, a banned user, bad filters and a cursor of other filters', async () => {
    const user = await createUser({ db: db() });
    expectNoSession(await api.board('region=NA'));
    expectBanned(await api.board('region=NA', banned));
    for (const bad of [
      'region=MARS',
      'format=bo4',
      'from=yesterday',
      'rankMin=Gold+5',
      'rankMin=Gold+1&rankMax=Gold+4',
    ]) {
      expectValidation(await api.board(bad, user));
    }
    expectValidation(await api.board(`from=${inHours(5)}&to=${inHours(4)}`.replace(/\+/g, '%2B'), user));
    expectError(await api.board('region=NA&cursor=nope', user), 400, 'BAD_CURSOR');
    const region = 'LAS';
    const team = await newTeam({ region });
    await insertPosts({
      db: db(),
      region,
      posts: Array.from({ length: SCRIM_BOARD_PAGE_SIZE + 1 }, (_, i) => ({
        teamId: team.id,
        startsAt: new Date(Date.now() + (2 + i) * HOUR),
      })),
    });
    const { nextCursor } = await api.boardOk(`region=${region}`, user);
    expect(nextCursor).toEqual(expect.any(String));
    expectError(await api.board(`region=NA&cursor=${nextCursor}`, user), 400, 'BAD_CURSOR');
    expect((await api.boardOk(`region=${region}&cursor=${nextCursor}`, user)).rows).toHaveLength(1);
  });
});

/** A post of `poster` with an open request of each team of `askers`. */
async function postWithRequests(poster: TestTeam, askers: TestTeam[]) {
  const post = await api.postOk(poster.captain, postBody(poster.id));
  const requests = [];
  for (const asker of askers) requests.push(await api.askOk(post._id, asker.captain, asker.id, 'we are free'));
  return { post, requests };
}

describe('POST /api/scrim-posts/:id/requests', () => {
  it("asks for another team's post: its captains are told; one open request per team, again after withdrawing", async () => {
    const [poster, asker] = await Promise.all([newTeam(), newTeam()]);
    const post = await api.postOk(poster.captain, postBody(poster.id));
    const request = await api.askOk(post._id, asker.captain, asker.id, 'Bo3 works');
    expect(request).toMatchObject({ postId: post._id, team: { _id: asker.id }, note: 'Bo3 works', status: 'open' });
    expect(await messagesOf(poster.captain)).toContain(BOARD_MESSAGES.requestReceived(asker.name));
    expect(await messagesOf(poster.member)).toEqual([]);
    const before = await boardRows();
    expectError(await api.ask(post._id, asker.captain, { teamId: asker.id }), 409, 'SCRIM_REQUEST_EXISTS');
    expect(await boardRows()).toEqual(before);
    expectNoContent(await api.withdraw(request._id, asker.captain));
    await api.askOk(post._id, asker.captain, asker.id);
  });

  it('refuses the own team, another region, a member who does not captain, an admin, bad input, a missing post', async () => {
    const [poster, asker, foreign] = await Promise.all([newTeam(), newTeam(), newTeam({ region: 'EUW' })]);
    const post = await api.postOk(poster.captain, postBody(poster.id));
    const before = await boardRows();
    expectNoSession(await api.ask(post._id, undefined, { teamId: asker.id }));
    expectBanned(await api.ask(post._id, banned, { teamId: asker.id }));
    expectError(await api.ask(post._id, poster.captain, { teamId: poster.id }), 409, 'OWN_SCRIM_POST');
    expectError(await api.ask(post._id, foreign.captain, { teamId: foreign.id }), 409, 'TEAM_WRONG_REGION');
    for (const as of [asker.member, poster.captain, admin])
      expectError(await api.ask(post._id, as, { teamId: asker.id }), 403, 'NOT_TEAM_CAPTAIN');
    for (const bad of [{}, { teamId: 'x' }, { teamId: asker.id, note: 'x'.repeat(301) }, { teamId: asker.id, note: 5 }])
      expectValidation(await api.ask(post._id, asker.captain, bad));
    expectValidation(await api.ask('nope', asker.captain, { teamId: asker.id }));
    expectError(await api.ask(MISSING, asker.captain, { teamId: asker.id }), 404, 'SCRIM_POST_NOT_FOUND');
    expectError(await api.ask(post._id, asker.captain, { teamId: MISSING }), 404, 'TEAM_NOT_FOUND');
    expect(await boardRows()).toEqual(before);
  });

  it('refuses a post that has started or closed', async () => {
    const [poster, asker, late] = await Promise.all([newTeam(), newTeam(), newTeam()]);
    const started = await api.postOk(poster.captain, postBody(poster.id));
    await db()
      .update(scrimPosts)
      .set({ startsAt: new Date(Date.now() - HOUR) })
      .where(eq(scrimPosts.id, started._id));
    expectError(await api.ask(started._id, asker.captain, { teamId: asker.id }), 409, 'SCRIM_POST_CLOSED');
    const { post, requests } = await postWithRequests(poster, [asker]);
    await api.acceptOk(requests[0]!._id, poster.captain);
    expectError(await api.ask(post._id, late.captain, { teamId: late.id }), 409, 'SCRIM_POST_CLOSED');
  });
});

describe('GET /api/scrim-posts/:id/requests', () => {
  it("shows the post's team every request, an asking team its own, anyone else none", async () => {
    const [poster, a, b] = await Promise.all([newTeam(), newTeam(), newTeam()]);
    const { post, requests } = await postWithRequests(poster, [a, b]);
    const ids = async (as: TestUser) =>
      expectStatus<{ requests: { _id: string }[] }>(await api.requests(post._id, as), 200).requests.map((r) => r._id);
    expect(await ids(poster.member)).toEqual(requests.map((r) => r._id));
    expect(await ids(a.member)).toEqual([requests[0]!._id]);
    expect(await ids(admin)).toEqual([]);
    expectNoSession(await api.requests(post._id));
    expectBanned(await api.requests(post._id, banned));
    expectError(await api.requests(MISSING, a.captain), 404, 'SCRIM_POST_NOT_FOUND');
  });
});

describe('DELETE /api/scrim-requests/:id', () => {
  it("withdraws for the asking team's captain only, once", async () => {
    const [poster, asker] = await Promise.all([newTeam(), newTeam()]);
    const { requests } = await postWithRequests(poster, [asker]);
    const id = requests[0]!._id;
    const before = await boardRows();
    expectNoSession(await api.withdraw(id));
    expectBanned(await api.withdraw(id, banned));
    for (const as of [poster.captain, asker.member, admin])
      expectError(await api.withdraw(id, as), 403, 'NOT_TEAM_CAPTAIN');
    expectError(await api.withdraw(MISSING, asker.captain), 404, 'SCRIM_REQUEST_NOT_FOUND');
    expectValidation(await api.withdraw('1', asker.captain));
    expect(await boardRows()).toEqual(before);
    expectNoContent(await api.withdraw(id, asker.captain));
    expect(await messagesOf(poster.captain)).toContain(BOARD_MESSAGES.requestWithdrawn(asker.name));
    expectError(await api.withdraw(id, asker.captain), 409, 'SCRIM_REQUEST_CLOSED');
    expectError(await api.accept(id, poster.captain), 409, 'SCRIM_REQUEST_CLOSED');
  });
});

describe('POST /api/scrim-requests/:id/accept', () => {
  it('books one series: the post closes, the request is accepted, the others declined, every captain told', async () => {
    const [poster, winner, loser] = await Promise.all([newTeam(), newTeam(), newTeam()]);
    const { post, requests } = await postWithRequests(poster, [winner, loser]);
    const booked = await api.acceptOk(requests[0]!._id, poster.captain);
    expect(booked).toMatchObject({
      postId: post._id,
      format: post.format,
      fearless: post.fearless,
      startsAt: post.startsAt,
      status: 'scheduled',
    });
    // Game 1 is a scrim from acceptance (series-lineup.test.ts checks it), its sides those of the coin flip.
    expect(booked.games.map((game) => [game.number, game.blueTeamId, game.redTeamId])).toEqual([
      [1, booked.teams[0]!.team!._id, booked.teams[1]!.team!._id],
    ]);
    expect(booked.teams.map((t) => t.side)).toEqual(['blue', 'red']);
    expect(booked.teams.map((t) => t.team?._id).sort()).toEqual([poster.id, winner.id].sort());
    expect(booked.teams.every((t) => t.score === 0 && t.lineup.length === 0)).toBe(true);
    const [postRow] = await db().select().from(scrimPosts).where(eq(scrimPosts.id, post._id));
    expect(postRow!.status).toBe('closed');
    const statuses = await db()
      .select({ id: scrimRequests.id, status: scrimRequests.status })
      .from(scrimRequests)
      .where(
        inArray(
          scrimRequests.id,
          requests.map((r) => r._id),
        ),
      );
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [requests[0]!._id]: 'accepted',
      [requests[1]!._id]: 'declined',
    });
    expect(await messagesOf(winner.captain)).toContain(BOARD_MESSAGES.requestAccepted(poster.name));
    expect(await messagesOf(loser.captain)).toContain(BOARD_MESSAGES.postTaken(poster.name));
    // The accepting captain knows; nobody else of the poster's team captains it.
    expect(await messagesOf(poster.captain)).not.toContain(BOARD_MESSAGES.seriesBooked(winner.name));
    // Everyone reads the same series; what they may do with it is theirs: the accepting captain edits the lineup and
    // may cancel, a member of a team that is not in it nothing.
    expect(booked.can).toEqual({ captainOf: [poster.id], editLineup: true, chooseSide: false, cancel: true });
    const seenByOther = expectStatus<{ series: Series }>(await api.series(booked._id, loser.member), 200).series;
    expect(seenByOther).toEqual({
      ...booked,
      can: { captainOf: [], editLineup: false, chooseSide: false, cancel: false },
    });
    expect((await api.boardOk('region=NA', winner.captain)).rows.map((p) => p._id)).not.toContain(post._id);
    // Once booked: no second accept, no decline, no take-down, and the teams are not deleted.
    expectError(await api.accept(requests[1]!._id, poster.captain), 409, 'SCRIM_POST_CLOSED');
    expectError(await api.decline(requests[0]!._id, poster.captain), 409, 'SCRIM_REQUEST_CLOSED');
    expectError(await api.removePost(post._id, poster.captain), 409, 'SCRIM_POST_CLOSED');
    expectError(await teams.remove(winner.id, winner.captain), 409, 'SERIES_SCHEDULED');
    const [{ n }] = (await db().select({ n: count() }).from(series).where(eq(series.postId, post._id))) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it("tells the poster's other captains that the series is booked", async () => {
    const [poster, asker] = await Promise.all([newTeam(), newTeam()]);
    await teams.setMember(poster.id, poster.member.id, poster.captain, { role: 'Mid', isCaptain: true });
    const { requests } = await postWithRequests(poster, [asker]);
    await api.acceptOk(requests[0]!._id, poster.captain);
    expect(await messagesOf(poster.member)).toContain(BOARD_MESSAGES.seriesBooked(asker.name));
  });

  it("refuses anyone but the post's captains, writing nothing; a started post is closed", async () => {
    const [poster, asker] = await Promise.all([newTeam(), newTeam()]);
    const { post, requests } = await postWithRequests(poster, [asker]);
    const id = requests[0]!._id;
    const before = await boardRows();
    expectNoSession(await api.accept(id));
    expectBanned(await api.accept(id, banned));
    for (const as of [asker.captain, poster.member, admin])
      expectError(await api.accept(id, as), 403, 'NOT_TEAM_CAPTAIN');
    expectError(await api.accept(MISSING, poster.captain), 404, 'SCRIM_REQUEST_NOT_FOUND');
    expectValidation(await api.accept('x', poster.captain));
    await db()
      .update(scrimPosts)
      .set({ startsAt: new Date(Date.now() - HOUR) })
      .where(eq(scrimPosts.id, post._id));
    expectError(await api.accept(id, poster.captain), 409, 'SCRIM_POST_CLOSED');
    expect(await boardRows()).toEqual(before);
  });
});

describe('POST /api/scrim-requests/:id/decline', () => {
  it("declines for the post's captains only, once; the asking team is told", async () => {
    const [poster, asker] = await Promise.all([newTeam(), newTeam()]);
    const { post, requests } = await postWithRequests(poster, [asker]);
    const id = requests[0]!._id;
    const before = await boardRows();
    expectNoSession(await api.decline(id));
    expectBanned(await api.decline(id, banned));
    for (const as of [asker.captain, poster.member, admin])
      expectError(await api.decline(id, as), 403, 'NOT_TEAM_CAPTAIN');
    expectError(await api.decline(MISSING, poster.captain), 404, 'SCRIM_REQUEST_NOT_FOUND');
    expect(await boardRows()).toEqual(before);
    const declined = expectStatus<{ request: { status: string } }>(await api.decline(id, poster.captain), 200).request;
    expect(declined.status).toBe('declined');
    expect(await messagesOf(asker.captain)).toContain(BOARD_MESSAGES.requestDeclined(poster.name));
    expectError(await api.decline(id, poster.captain), 409, 'SCRIM_REQUEST_CLOSED');
    // The post stays open for others.
    const [row] = await db().select().from(scrimPosts).where(eq(scrimPosts.id, post._id));
    expect(row!.status).toBe('open');
  });
});

describe('DELETE /api/scrim-posts/:id', () => {
  it('takes an open post down for its captains only; its open requests are declined and their captains told', async () => {
    const [poster, asker] = await Promise.all([newTeam(), newTeam()]);
    const { post, requests } = await postWithRequests(poster, [asker]);
    const before = await boardRows();
    expectNoSession(await api.removePost(post._id));
    expectBanned(await api.removePost(post._id, banned));
    for (const as of [poster.member, asker.captain, admin])
      expectError(await api.removePost(post._id, as), 403, 'NOT_TEAM_CAPTAIN');
    expectError(await api.removePost(MISSING, poster.captain), 404, 'SCRIM_POST_NOT_FOUND');
    expectValidation(await api.removePost('x', poster.captain));
    expect(await boardRows()).toEqual(before);
    expectNoContent(await api.removePost(post._id, poster.captain));
    const [request] = await db().select().from(scrimRequests).where(eq(scrimRequests.id, requests[0]!._id));
    expect(request!.status).toBe('declined');
    expect(await messagesOf(asker.captain)).toContain(BOARD_MESSAGES.postWithdrawn(poster.name));
    expectError(await api.removePost(post._id, poster.captain), 404, 'SCRIM_POST_NOT_FOUND');
    expectError(await api.accept(requests[0]!._id, poster.captain), 409, 'SCRIM_POST_CLOSED');
  });
});

describe('GET /api/series/:id', () => {
  it('answers any signed-in user; 404 for an unknown series, 400 for a malformed id', async () => {
    const [poster, asker] = await Promise.all([newTeam(), newTeam()]);
    const { requests } = await postWithRequests(poster, [asker]);
    const booked = await api.acceptOk(requests[0]!._id, poster.captain);
    expect(expectStatus<{ series: Series }>(await api.series(booked._id, admin), 200).series._id).toBe(booked._id);
    expectNoSession(await api.series(booked._id));
    expectBanned(await api.series(booked._id, banned));
    expectError(await api.series(MISSING, admin), 404, 'SERIES_NOT_FOUND');
    expectValidation(await api.series('x', admin));
    const sides = await db().select().from(seriesTeams).where(eq(seriesTeams.seriesId, booked._id));
    expect(sides.filter((s) => s.isPoster).map((s) => s.teamId)).toEqual([poster.id]);
  });

  it('keeps a finished series when a team is deleted, with that team gone from it', async () => {
    const [poster, asker] = await Promise.all([newTeam(), newTeam()]);
    const { requests } = await postWithRequests(poster, [asker]);
    const booked = await api.acceptOk(requests[0]!._id, poster.captain);
    await db().update(series).set({ status: 'finished' }).where(eq(series.id, booked._id));
    expectNoContent(await teams.remove(asker.id, asker.captain));
    const after = expectStatus<{ series: Series }>(await api.series(booked._id, poster.captain), 200).series;
    expect(after.teams.map((t) => t.team?._id ?? null).sort()).toEqual([poster.id, null].sort());
  });
});
