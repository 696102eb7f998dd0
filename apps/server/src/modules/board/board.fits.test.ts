import { describe, expect, it } from 'vitest';
import { BOARD_MESSAGES, SCRIM_BOARD_PAGE_SIZE } from '@scrim-gym/shared';
import { insertPosts, postBody } from '../../test/board-api.js';
import { boardSuite } from '../../test/board-suite.js';
import { createUser } from '../../test/factories.js';
import { makeHost } from '../../test/hosts.js';
import { expectError } from '../../test/scrim-api.js';
import { expectBanned, expectNoSession, expectValidation } from '../../test/social.js';

/**
 * "Fits my team" (`GET /api/scrim-posts?fitsTeamId=`): the posts whose wanted ranks take in the rating band of one
 * of the viewer's teams, for any member of it, whether the team has a post of its own or not.
 */
const suite = boardSuite();
const db = () => suite.db();
const HOUR = 60 * 60 * 1000;
const MISSING = '00000000-0000-4000-8000-000000000000';
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const newTeam = (region: 'NA' | 'EUW' | 'OCE', rank: string) => suite.newTeam({ region }, rank);

const ids = (rows: { _id: string }[]) => rows.map((row) => row._id);

describe('fits my team', () => {
  it("lists the posts that want the team's rating band, for a member of a team without a post", async () => {
    const region = 'OCE';
    const [poster, fitter, twin] = await Promise.all([
      newTeam(region, 'Diamond 2'),
      newTeam(region, 'Gold 2'),
      newTeam(region, 'Gold 2'),
    ]);
    const open = await suite.api.postOk(poster.captain, postBody(poster.id, { region, startsAt: inHours(2) }));
    const gold = await suite.api.postOk(
      poster.captain,
      postBody(poster.id, { region, startsAt: inHours(3), rankMin: 'Gold 4', rankMax: 'Gold 1' }),
    );
    await suite.api.postOk(poster.captain, postBody(poster.id, { region, startsAt: inHours(4), rankMin: 'Master' }));
    await suite.api.postOk(poster.captain, postBody(poster.id, { region, startsAt: inHours(5), rankMax: 'Iron 1' }));
    // The band a board row shows for a team of the same roster ranks: the twin's card on its own post.
    const twinPost = await suite.api.postOk(
      twin.captain,
      postBody(twin.id, { region, startsAt: inHours(30), rankMin: 'Emerald 4' }),
    );
    const rank = twinPost.team.rank;
    expect(rank).toMatch(/^Gold /);

    const fits = await suite.api.boardOk(`region=${region}&fitsTeamId=${fitter.id}`, fitter.member);
    expect(ids(fits.rows)).toEqual([open._id, gold._id]);
    // The same posts as the band [rank, rank] asked by hand.
    const band = encodeURIComponent(rank);
    const byHand = await suite.api.boardOk(`region=${region}&rankMin=${band}&rankMax=${band}`, fitter.member);
    expect(ids(byHand.rows)).toEqual(ids(fits.rows));
    // The captain is answered the same.
    expect(ids((await suite.api.boardOk(`region=${region}&fitsTeamId=${fitter.id}`, fitter.captain)).rows)).toEqual(
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
    const first = await suite.api.boardOk(query, fitter.member);
    expect(first.rows).toHaveLength(SCRIM_BOARD_PAGE_SIZE);
    const cursor = encodeURIComponent(first.nextCursor!);
    const second = await suite.api.boardOk(`${query}&cursor=${cursor}`, fitter.member);
    expect(second.rows).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    await suite.teams.joinOk(other.id, other.captain, fitter.member);
    expectError(
      await suite.api.board(`region=${region}&fitsTeamId=${other.id}&cursor=${cursor}`, fitter.member),
      400,
      'BAD_CURSOR',
    );
    expectError(await suite.api.board(`region=${region}&cursor=${cursor}`, fitter.member), 400, 'BAD_CURSOR');
  });

  it("refuses a visitor, a banned user and anyone off the team: strangers, another region's host, admins", async () => {
    const team = await newTeam('NA', 'Gold 2');
    const query = `fitsTeamId=${team.id}`;
    expectNoSession(await suite.api.board(query));
    expectBanned(await suite.api.board(query, suite.banned));
    const stranger = await createUser({ db: db(), region: 'NA' });
    const foreignHost = await createUser({ db: db(), region: 'EUW' });
    await makeHost(suite.ctx.app, suite.admin.token, foreignHost.id, 'EUW');
    for (const viewer of [stranger, foreignHost, suite.admin]) {
      const res = await suite.api.board(query, viewer);
      expectError(res, 403, 'NOT_TEAM_MEMBER');
      expect(res.json().error).toBe(BOARD_MESSAGES.fitsNotMember);
    }
    expectError(await suite.api.board(`fitsTeamId=${MISSING}`, stranger), 404, 'TEAM_NOT_FOUND');
  });

  it('refuses a malformed team id and a rank band given with it', async () => {
    const team = await newTeam('NA', 'Gold 2');
    expectValidation(await suite.api.board('fitsTeamId=not-a-team', team.member));
    const both = await suite.api.board(`fitsTeamId=${team.id}&rankMin=Gold+4`, team.member);
    expectValidation(both);
    expect(both.json().error).toBe(BOARD_MESSAGES.fitsWithRanks);
    expectValidation(await suite.api.board(`fitsTeamId=${team.id}&rankMax=Gold+1`, team.member));
  });
});
