import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_MESSAGES, SCRIM_BOARD_PAGE_SIZE } from '@scrim-gym/shared';
import { createTestApp, type TestContext } from '../../test/app.js';
import { boardApi, insertPosts, postBody } from '../../test/board-api.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { makeHost } from '../../test/hosts.js';
import { expectError } from '../../test/scrim-api.js';
import { callApi, expectBanned, expectNoSession, expectValidation } from '../../test/social.js';
import { teamApi, teamBody } from '../../test/team-api.js';

/**
 * "Fits my team" (`GET /api/scrim-posts?fitsTeamId=`): the posts whose wanted ranks take in the rating band of one
 * of the viewer's teams, for any member of it, whether the team has a post of its own or not.
 */
let ctx: TestContext;
let api: ReturnType<typeof boardApi>;
let teams: ReturnType<typeof teamApi>;
let admin: TestUser;
let banned: TestUser;
const db = () => ctx.database.db;
const HOUR = 60 * 60 * 1000;
const MISSING = '00000000-0000-4000-8000-000000000000';
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

beforeAll(async () => {
  ctx = await createTestApp();
  api = boardApi(callApi(ctx.app));
  teams = teamApi(callApi(ctx.app));
  [admin, banned] = await Promise.all([createAdmin({ db: db() }), createBannedUser({ db: db() })]);
});
afterAll(async () => ctx?.close());

/** A team of a captain (its owner) and a member who does not captain it, both of `rank`. */
async function newTeam(region: 'NA' | 'EUW' | 'OCE', rank: string) {
  const [captain, member] = await Promise.all([
    createUser({ db: db(), rank, region }),
    createUser({ db: db(), rank, region }),
  ]);
  const team = await teams.createOk(captain, teamBody({ region }));
  await teams.joinOk(team._id, captain, member);
  return { id: team._id, captain, member };
}

const ids = (rows: { _id: string }[]) => rows.map((row) => row._id);

describe('fits my team', () => {
  it("lists the posts that want the team's rating band, for a member of a team without a post", async () => {
    const region = 'OCE';
    const [poster, fitter, twin] = await Promise.all([
      newTeam(region, 'Diamond 2'),
      newTeam(region, 'Gold 2'),
      newTeam(region, 'Gold 2'),
    ]);
    const open = await api.postOk(poster.captain, postBody(poster.id, { region, startsAt: inHours(2) }));
    const gold = await api.postOk(
      poster.captain,
      postBody(poster.id, { region, startsAt: inHours(3), rankMin: 'Gold 4', rankMax: 'Gold 1' }),
    );
    await api.postOk(poster.captain, postBody(poster.id, { region, startsAt: inHours(4), rankMin: 'Master' }));
    await api.postOk(poster.captain, postBody(poster.id, { region, startsAt: inHours(5), rankMax: 'Iron 1' }));
    // The band a board row shows for a team of the same roster ranks: the twin's card on its own post.
    const twinPost = await api.postOk(
      twin.captain,
      postBody(twin.id, { region, startsAt: inHours(30), rankMin: 'Emerald 4' }),
    );
    const rank = twinPost.team.rank;
    expect(rank).toMatch(/^Gold /);

    const fits = await api.boardOk(`region=${region}&fitsTeamId=${fitter.id}`, fitter.member);
    expect(ids(fits.rows)).toEqual([open._id, gold._id]);
    // The same posts as the band [rank, rank] asked by hand.
    const band = encodeURIComponent(rank);
    const byHand = await api.boardOk(`region=${region}&rankMin=${band}&rankMax=${band}`, fitter.member);
    expect(ids(byHand.rows)).toEqual(ids(fits.rows));
    // The captain is answered the same.
    expect(ids((await api.boardOk(`region=${region}&fitsTeamId=${fitter.id}`, fitter.captain)).rows)).toEqual(
      ids(fits.rows),
    );
  });

  it('pages with the filter, and a cursor serves only the same team', async () => {
    const region = 'EUW';
    const [poster, fitter, other] = await Promise.all([
      newTeam(region, 'Silver 1'),
      newTeam(region, 'Silver 1'),
      newTeam(region, 'Silver 1'),
    ]);
    await insertPosts({
      db: db(),
      region,
      posts: Array.from({ length: SCRIM_BOARD_PAGE_SIZE + 2 }, (_, i) => ({
        teamId: poster.id,
        startsAt: new Date(Date.now() + (2 + i) * HOUR),
      })),
    });
    const query = `region=${region}&fitsTeamId=${fitter.id}`;
    const first = await api.boardOk(query, fitter.member);
    expect(first.rows).toHaveLength(SCRIM_BOARD_PAGE_SIZE);
    const cursor = encodeURIComponent(first.nextCursor!);
    const second = await api.boardOk(`${query}&cursor=${cursor}`, fitter.member);
    expect(second.rows).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    await teams.joinOk(other.id, other.captain, fitter.member);
    expectError(
      await api.board(`region=${region}&fitsTeamId=${other.id}&cursor=${cursor}`, fitter.member),
      400,
      'BAD_CURSOR',
    );
    expectError(await api.board(`region=${region}&cursor=${cursor}`, fitter.member), 400, 'BAD_CURSOR');
  });

  it("refuses a visitor, a banned user and anyone off the team: strangers, another region's host, admins", async () => {
    const team = await newTeam('NA', 'Gold 2');
    const query = `fitsTeamId=${team.id}`;
    expectNoSession(await api.board(query));
    expectBanned(await api.board(query, banned));
    const stranger = await createUser({ db: db(), region: 'NA' });
    const foreignHost = await createUser({ db: db(), region: 'EUW' });
    await makeHost(ctx.app, admin.token, foreignHost.id, 'EUW');
    for (const viewer of [stranger, foreignHost, admin]) {
      const res = await api.board(query, viewer);
      expectError(res, 403, 'NOT_TEAM_MEMBER');
      expect(res.json().error).toBe(BOARD_MESSAGES.fitsNotMember);
    }
    expectError(await api.board(`fitsTeamId=${MISSING}`, stranger), 404, 'TEAM_NOT_FOUND');
  });

  it('refuses a malformed team id and a rank band given with it', async () => {
    const team = await newTeam('NA', 'Gold 2');
    expectValidation(await api.board('fitsTeamId=not-a-team', team.member));
    const both = await api.board(`fitsTeamId=${team.id}&rankMin=Gold+4`, team.member);
    expectValidation(both);
    expect(both.json().error).toBe(BOARD_MESSAGES.fitsWithRanks);
    expectValidation(await api.board(`fitsTeamId=${team.id}&rankMax=Gold+1`, team.member));
  });
});
