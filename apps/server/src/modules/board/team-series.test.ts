import { beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, type Series } from '@scrim-gym/shared';
import { lineupOf, postBody } from '../../test/board-api.js';
import { boardSuite } from '../../test/board-suite.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { makeHost } from '../../test/hosts.js';
import { expectError } from '../../test/scrim-api.js';
import { expectBanned, expectNoSession, expectStatus, expectValidation } from '../../test/social.js';
import { seriesPlay } from '../../test/series-play.js';
import { outcomeOf } from './series/team-series.js';

/**
 * GET /api/teams/:id/series: a team's upcoming series (scheduled or live, soonest first) and its recent ones
 * (finished or cancelled, the latest to end first), each from the team's side.
 */
const suite = boardSuite();
const HOUR = 60 * 60 * 1000;
type Rival = Awaited<ReturnType<ReturnType<ReturnType<typeof seriesPlay>['fixtures']>['newTeam']>>;
let home: Rival;
let rivals: Record<'scheduled' | 'live' | 'finished' | 'cancelled', Rival>;
let booked: Record<keyof typeof rivals, Series>;

beforeAll(async () => {
  const play = seriesPlay({ ctx: suite.ctx, admin: suite.admin });
  const fixtures = play.fixtures();
  home = await fixtures.newTeam();
  const [scheduled, live, finished, cancelled] = await Promise.all([
    fixtures.newTeam(),
    fixtures.newTeam(),
    fixtures.newTeam(),
    fixtures.newTeam(),
  ]);
  rivals = { scheduled, live, finished, cancelled };
  const book = async (rival: Rival, inHours: number, overrides: Parameters<typeof postBody>[1] = {}) => {
    const startsAt = new Date(Date.now() + inHours * HOUR).toISOString();
    const post = await suite.api.postOk(home.captain, postBody(home.id, { startsAt, ...overrides }));
    const request = await suite.api.askOk(post._id, rival.captain, rival.id);
    return suite.api.acceptOk(request._id, home.captain);
  };
  booked = {
    scheduled: await book(scheduled, 72, { format: 'bo5', fearless: true }),
    live: await book(live, 48),
    finished: await book(finished, 24, { format: 'bo3' }),
    cancelled: await book(cancelled, 2),
  };
  // Finished: home wins 2–1 with both lineups set.
  const id = booked.finished._id;
  await suite.api.lineupOk(id, home.captain, lineupOf(home.id, home.players));
  await suite.api.lineupOk(id, finished.captain, lineupOf(finished.id, finished.players));
  for (const [n, winner] of [
    [1, home.id],
    [2, finished.id],
    [3, home.id],
  ] as const)
    await play.win(await suite.api.seriesOk(id, suite.admin), n, winner);
  // Its start is game 1's, which the games played moved.
  booked.finished = await suite.api.seriesOk(id, suite.admin);
  expect(booked.finished.status).toBe('finished');
  // Live: its game 1 has started (after the jobs above ran, so none of them judges it).
  await play.startGame(booked.live.games[0]!.scrimId);
  // Cancelled by home under 6 hours before its start, after the finished one ended: a late cancel.
  expectStatus(await suite.api.cancel(booked.cancelled._id, home.captain, { reason: 'Our jungler is ill' }), 200);
});

const opponentOf = (rival: Rival) => ({ _id: rival.id, name: rival.name, tag: rival.tag, logoUrl: null });

describe('GET /api/teams/:id/series', () => {
  it('refuses a visitor and a banned user, 404s an unknown team and 400s a bad id', async () => {
    expectNoSession(await suite.api.teamSeries(home.id));
    expectBanned(await suite.api.teamSeries(home.id, suite.banned));
    const unknown = expectError(
      await suite.api.teamSeries('00000000-0000-4000-8000-000000000000', home.captain),
      404,
      'TEAM_NOT_FOUND',
    );
    expect(unknown.error).toBe(TEAM_MESSAGES.notFound);
    expectValidation(await suite.api.teamSeries('not-a-team', home.captain));
  });

  it("lists the team's scheduled and live series soonest first, its finished and cancelled ones latest first", async () => {
    const lists = await suite.api.teamSeriesOk(home.id, home.members[0]!);
    expect(lists.upcoming).toEqual([
      {
        _id: booked.live._id,
        format: 'bo3',
        fearless: false,
        startsAt: booked.live.startsAt,
        status: 'live',
        opponent: opponentOf(rivals.live),
        score: { team: 0, opponent: 0 },
        outcome: null,
        cancel: null,
      },
      {
        _id: booked.scheduled._id,
        format: 'bo5',
        fearless: true,
        startsAt: booked.scheduled.startsAt,
        status: 'scheduled',
        opponent: opponentOf(rivals.scheduled),
        score: { team: 0, opponent: 0 },
        outcome: null,
        cancel: null,
      },
    ]);
    expect(lists.recent).toEqual([
      {
        _id: booked.cancelled._id,
        format: 'bo3',
        fearless: false,
        startsAt: booked.cancelled.startsAt,
        status: 'cancelled',
        opponent: opponentOf(rivals.cancelled),
        score: { team: 0, opponent: 0 },
        outcome: null,
        cancel: { late: true, byTeam: true },
      },
      {
        _id: booked.finished._id,
        format: 'bo3',
        fearless: false,
        startsAt: booked.finished.startsAt,
        status: 'finished',
        opponent: opponentOf(rivals.finished),
        score: { team: 2, opponent: 1 },
        outcome: 'won',
        cancel: null,
      },
    ]);
  });

  it("reads each series from the asking team's side: its score first, its outcome, who cancelled", async () => {
    const beaten = await suite.api.teamSeriesOk(rivals.finished.id, rivals.finished.captain);
    expect(beaten.upcoming).toEqual([]);
    expect(beaten.recent).toMatchObject([
      { _id: booked.finished._id, opponent: opponentOf(home), score: { team: 1, opponent: 2 }, outcome: 'lost' },
    ]);
    const stood = await suite.api.teamSeriesOk(rivals.cancelled.id, rivals.cancelled.captain);
    expect(stood.recent).toMatchObject([{ _id: booked.cancelled._id, cancel: { late: true, byTeam: false } }]);
  });

  it('is open to any signed-in user: a stranger, a host of another region, an admin', async () => {
    const [stranger, euwHost] = await Promise.all([
      createUser({ db: suite.db() }),
      createUser({ db: suite.db(), region: 'EUW' }),
    ]);
    await makeHost(suite.ctx.app, suite.admin.token, euwHost.id, 'EUW');
    const seen = await suite.api.teamSeriesOk(home.id, home.captain);
    for (const viewer of [stranger, euwHost, suite.admin] as TestUser[])
      expect(await suite.api.teamSeriesOk(home.id, viewer)).toEqual(seen);
  });

  it('answers empty lists for a team that has played no series', async () => {
    const fresh = await suite.newTeam();
    expect(await suite.api.teamSeriesOk(fresh.id, fresh.member)).toEqual({ upcoming: [], recent: [] });
  });

  it('calls a finished series level on games drawn (bo2 and gamesN), and one not finished undecided', () => {
    expect(outcomeOf({ status: 'finished', teamScore: 1, opponentScore: 1 })).toBe('drawn');
    expect(outcomeOf({ status: 'finished', teamScore: 0, opponentScore: 1 })).toBe('lost');
    expect(outcomeOf({ status: 'scheduled', teamScore: 1, opponentScore: 0 })).toBeNull();
    expect(outcomeOf({ status: 'cancelled', teamScore: 1, opponentScore: 0 })).toBeNull();
  });
});
