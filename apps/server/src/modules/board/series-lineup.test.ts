import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Series } from '@scrim-gym/shared';
import {
  bans,
  riotTournaments,
  scrimParticipants,
  scrimWaitlist,
  scrims,
  seriesGames,
  seriesLineups,
} from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { SERIES_LINEUP_BURST } from './board.routes.js';
import { boardApi, lineupOf, seriesFixtures } from '../../test/board-api.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { expectError, scrimApi } from '../../test/scrim-api.js';
import { callApi, expectBanned, expectNoSession, expectStatus, expectValidation } from '../../test/social.js';
import { teamApi, teamBody } from '../../test/team-api.js';

/**
 * A series' lineups and its game 1 as a scrim: accepting creates the scrim (private, a series game), a captain's
 * lineup is checked (who may set it, five starters one per role, up to three subs, the roster, one lineup per user,
 * the lock 15 minutes before the start) and seated on the team's side of the scrim by the slot statement; nobody
 * else takes a slot of a series game.
 */
let ctx: TestContext;
let api: ReturnType<typeof boardApi>;
let teams: ReturnType<typeof teamApi>;
let scrimsApi: ReturnType<typeof scrimApi>;
let admin: TestUser;
let banned: TestUser;
const db = () => ctx.database.db;
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestApp();
  api = boardApi(callApi(ctx.app));
  teams = teamApi(callApi(ctx.app));
  scrimsApi = scrimApi(ctx.app);
  [admin, banned] = await Promise.all([createAdmin({ db: db() }), createBannedUser({ db: db() })]);
});
afterAll(async () => ctx?.close());

const fixtures = () => seriesFixtures({ db: db(), board: api, teams });
type TestTeam = Awaited<ReturnType<ReturnType<typeof fixtures>['newTeam']>>;
const bookedSeries = () => fixtures().bookedSeries();

const gameOne = (s: Series) => s.games.find((game) => game.number === 1)!;
const sideOf = (s: Series, teamId: string) => (gameOne(s).blueTeamId === teamId ? 'teamOne' : 'teamTwo');

async function seated(scrimId: string) {
  return db()
    .select({
      userId: scrimParticipants.userId,
      kind: scrimParticipants.kind,
      team: scrimParticipants.team,
      role: scrimParticipants.role,
    })
    .from(scrimParticipants)
    .where(eq(scrimParticipants.scrimId, scrimId))
    .orderBy(asc(scrimParticipants.team), asc(scrimParticipants.role));
}

const lineupRows = (seriesId: string) =>
  db()
    .select({ teamId: seriesLineups.teamId, userId: seriesLineups.userId, role: seriesLineups.role })
    .from(seriesLineups)
    .where(eq(seriesLineups.seriesId, seriesId));

describe('accepting a request', () => {
  it('creates game 1 as a private scrim of the series: its title, region, start, the sides of the coin flip', async () => {
    const { poster, asker, series: booked } = await bookedSeries();
    expect(booked.games).toHaveLength(1);
    const game = gameOne(booked);
    expect(game).toMatchObject({ number: 1, status: 'scheduled', winnerTeamId: null });
    expect(game).not.toHaveProperty('tournamentCode');
    expect([game.blueTeamId, game.redTeamId]).toEqual(booked.teams.map((t) => t.team!._id));
    const [scrim] = await db().select().from(scrims).where(eq(scrims.id, game.scrimId));
    const tagOf = (teamId: string | null) => (teamId === poster.id ? poster.tag : asker.tag);
    expect(scrim).toMatchObject({
      title: `${tagOf(game.blueTeamId)} vs ${tagOf(game.redTeamId)} · Game 1`,
      region: 'NA',
      isPrivate: true,
      isWithCasters: true,
      mode: 'slots',
      checkInEnabled: false,
      hostedBy: null,
      createdBy: poster.captain.id,
    });
    expect(scrim!.gameStartTime.toISOString()).toBe(booked.startsAt);
    expect(scrim!.lobbyName).toBe(scrim!.title);
    expect(scrim!.lobbyPassword.length).toBeGreaterThan(0);
    const [link] = await db().select().from(seriesGames).where(eq(seriesGames.scrimId, game.scrimId));
    expect(link).toMatchObject({ seriesId: booked._id, number: 1 });
  });

  // Its cast is open to anyone but its teams' players: series-games.test.ts.
  it("a series game's slots are not free: a stranger's join and an admin's assign are refused", async () => {
    const { series: booked } = await bookedSeries();
    const { scrimId } = gameOne(booked);
    const stranger = await createUser({ db: db() });
    const slot = { team: 'teamOne', role: 'Mid' } as const;
    expectError(await scrimsApi.join(scrimId, stranger.id, slot, stranger.token), 409, 'SERIES_GAME');
    expectError(
      await scrimsApi.assign(scrimId, { userId: stranger.id, teamName: 'teamOne', role: 'Mid' }, admin.token),
      409,
      'SERIES_GAME',
    );
    const call = callApi(ctx.app);
    expectError(
      await call('POST', `/api/scrims/${scrimId}/waitlist`, stranger.token, { role: 'any' }),
      409,
      'SERIES_GAME',
    );
    expect(await seated(scrimId)).toEqual([]);
    expect(await db().select().from(scrimWaitlist).where(eq(scrimWaitlist.scrimId, scrimId))).toEqual([]);
  });
});

describe('PUT /api/series/:id/lineup', () => {
  let poster: TestTeam;
  let asker: TestTeam;
  let booked: Series;
  beforeAll(async () => {
    ({ poster, asker, series: booked } = await bookedSeries());
  });

  it('refuses no session, a member who does not captain, the other team’s captain, banned, admin: nothing written', async () => {
    const body = lineupOf(poster.id, poster.players);
    expectNoSession(await api.lineup(booked._id, undefined, body));
    expectBanned(await api.lineup(booked._id, banned, body));
    expectError(await api.lineup(booked._id, poster.members[0], body), 403, 'NOT_TEAM_CAPTAIN');
    expectError(await api.lineup(booked._id, asker.captain, body), 403, 'NOT_TEAM_CAPTAIN');
    expectError(await api.lineup(booked._id, admin, body), 403, 'NOT_TEAM_CAPTAIN');
    expectError(
      await api.lineup('00000000-0000-4000-8000-000000000000', poster.captain, body),
      404,
      'SERIES_NOT_FOUND',
    );
    expect(await lineupRows(booked._id)).toEqual([]);
    expect(await seated(gameOne(booked).scrimId)).toEqual([]);
  });

  it('refuses bad lineups with nothing written: 4 starters, two Mids, 4 subs, a non-member, a team not in it', async () => {
    const [a, b, c, d, e, f, g, h] = poster.players;
    const bad: unknown[] = [
      { teamId: poster.id, players: lineupOf(poster.id, poster.players).players.slice(0, 4) },
      {
        teamId: poster.id,
        players: [...lineupOf(poster.id, poster.players).players.slice(0, 4), { userId: e!.id, role: 'Mid' }],
      },
      lineupOf(poster.id, [a!, b!, c!, d!, e!], [f!, g!, h!, asker.members[0]!]),
      lineupOf(poster.id, [a!, b!, c!, d!, a!]),
      { teamId: poster.id, players: [{ userId: a!.id, role: 'Coach' }] },
      { teamId: 'nope', players: [] },
      {},
    ];
    for (const body of bad) expectValidation(await api.lineup(booked._id, poster.captain, body));
    expectError(
      await api.lineup(booked._id, poster.captain, lineupOf(poster.id, [a!, b!, c!, d!, asker.members[0]!])),
      400,
      'NOT_TEAM_MEMBER',
    );
    const otherTeam = await teams.createOk(poster.captain, teamBody());
    expectError(
      await api.lineup(booked._id, poster.captain, lineupOf(otherTeam._id, poster.players)),
      409,
      'NOT_IN_SERIES',
    );
    expectError(
      await api.lineup(booked._id, poster.captain, { teamId: otherTeam._id, players: [] }),
      400,
      'VALIDATION',
    );
    expect(await lineupRows(booked._id)).toEqual([]);
    expect(await seated(gameOne(booked).scrimId)).toEqual([]);
  });

  it("seats the starters on the team's side of game 1 in their roles; a re-set replaces the lineup and re-seats", async () => {
    const scrimId = gameOne(booked).scrimId;
    const side = sideOf(booked, poster.id);
    const [a, b, c, d, e, f, g, h] = poster.players;
    const first = await api.lineupOk(booked._id, poster.captain, lineupOf(poster.id, [a!, b!, c!, d!, e!], [f!]));
    const mine = first.teams.find((t) => t.team?._id === poster.id)!;
    expect(mine.lineup.map((p) => [p.user._id, p.role])).toEqual([
      ...ROLES.map((role, i) => [[a, b, c, d, e][i]!.id, role]),
      [f!.id, 'Sub'],
    ]);
    expect(await seated(scrimId)).toEqual(
      ROLES.map((role, i) => ({ userId: [a, b, c, d, e][i]!.id, kind: 'player', team: side, role })),
    );
    const second = await api.lineupOk(booked._id, poster.captain, lineupOf(poster.id, [f!, g!, h!, d!, e!], [a!]));
    expect(second.teams.find((t) => t.team?._id === poster.id)!.lineup.map((p) => [p.user._id, p.role])).toEqual([
      ...ROLES.map((role, i) => [[f, g, h, d, e][i]!.id, role]),
      [a!.id, 'Sub'],
    ]);
    expect(await seated(scrimId)).toEqual(
      ROLES.map((role, i) => ({ userId: [f, g, h, d, e][i]!.id, kind: 'player', team: side, role })),
    );
    expect(await lineupRows(booked._id)).toHaveLength(6);
    // The other team's lineup takes the other side; both read back from GET.
    const other = sideOf(booked, asker.id);
    await api.lineupOk(booked._id, asker.captain, lineupOf(asker.id, asker.players));
    const rows = await seated(scrimId);
    expect(rows.filter((row) => row.team === other).map((row) => row.userId)).toEqual(
      asker.players.slice(0, 5).map((p) => p.id),
    );
    expect(rows.filter((row) => row.team === side)).toHaveLength(5);
    const read = await api.seriesOk(booked._id, asker.members[6]!);
    expect(read.teams.map((t) => t.lineup.length).sort()).toEqual([5, 6]);
    // The game's code: for the lineups' players and the teams' captains, never for anyone else.
    await db().insert(riotTournaments).values({ scrimId, tournamentCode: 'NA-SERIES-CODE' });
    const codeFor = async (user: TestUser) => gameOne(await api.seriesOk(booked._id, user)).tournamentCode;
    expect(await codeFor(poster.captain)).toBe('NA-SERIES-CODE');
    expect(await codeFor(asker.captain)).toBe('NA-SERIES-CODE');
    expect(await codeFor(asker.players[4]!)).toBe('NA-SERIES-CODE');
    expect(await codeFor(a!)).toBe('NA-SERIES-CODE');
    expect(await codeFor(asker.members[6]!)).toBeUndefined();
    expect(await codeFor(admin)).toBeUndefined();
    // Nobody waits for a series game's slot; even a waitlist row written by hand is never promoted into one: a
    // slot a lineup player leaves stays the lineup's.
    const stranger = await createUser({ db: db() });
    expectError(
      await scrimsApi.call('POST', `/api/scrims/${scrimId}/waitlist`, {
        token: stranger.token,
        payload: { role: 'any' },
      }),
      409,
      'SERIES_GAME',
    );
    await db().insert(scrimWaitlist).values({ scrimId, userId: stranger.id, role: 'any' });
    expectStatus(await scrimsApi.leave(scrimId, f!.id, f!.token), 200);
    expect((await seated(scrimId)).map((row) => row.userId)).not.toContain(stranger.id);
    expect(await seated(scrimId)).toHaveLength(9);
  });

  it('refuses a user in both lineups (a member of both teams) with 409 and nothing written', async () => {
    const { poster: p, asker: q, series: s } = await bookedSeries();
    const both = q.members[0]!;
    expectStatus(await teams.join((await teams.inviteOk(p.id, p.captain)).token, both), 200);
    await api.lineupOk(s._id, q.captain, lineupOf(q.id, q.players));
    const before = await lineupRows(s._id);
    const seatsBefore = await seated(gameOne(s).scrimId);
    expectError(
      await api.lineup(s._id, p.captain, lineupOf(p.id, [...p.players.slice(0, 4), both])),
      409,
      'IN_OTHER_LINEUP',
    );
    expect(await lineupRows(s._id)).toEqual(before);
    expect(await seated(gameOne(s).scrimId)).toEqual(seatsBefore);
  });

  it('locks 15 minutes before the start: 409 LINEUP_LOCKED, nothing written', async () => {
    const { poster: p, series: s } = await bookedSeries();
    // The lock reads game 1's own start (an admin may move the game), under the scrim's lock.
    await db()
      .update(scrims)
      .set({ gameStartTime: new Date(Date.now() + 14 * MINUTE) })
      .where(eq(scrims.id, gameOne(s).scrimId));
    expectError(await api.lineup(s._id, p.captain, lineupOf(p.id, p.players)), 409, 'LINEUP_LOCKED');
    expect(await lineupRows(s._id)).toEqual([]);
    expect(
      await db()
        .select()
        .from(scrimParticipants)
        .where(and(eq(scrimParticipants.scrimId, gameOne(s).scrimId))),
    ).toEqual([]);
  });

  it('refuses a banned starter: 409 LINEUP_BANNED, nothing written', async () => {
    const { poster: p, series: s } = await bookedSeries();
    await db()
      .insert(bans)
      .values({
        userId: p.members[0]!.id,
        bannedBy: admin.id,
        dateFrom: new Date(Date.now() - MINUTE),
        dateTo: new Date(Date.now() + 60 * MINUTE),
        reason: 'griefing',
      });
    expectError(await api.lineup(s._id, p.captain, lineupOf(p.id, p.players)), 409, 'LINEUP_BANNED');
    expect(await lineupRows(s._id)).toEqual([]);
    expect(await seated(gameOne(s).scrimId)).toEqual([]);
  });

  it(`takes ${SERIES_LINEUP_BURST} lineups from a captain, then 429 RATE_LIMITED with nothing written`, async () => {
    const { poster: p, series: s } = await bookedSeries();
    const [a, b, c, d, e, f] = p.players;
    for (let i = 0; i < SERIES_LINEUP_BURST; i++)
      expectStatus(await api.lineup(s._id, p.captain, lineupOf(p.id, [a!, b!, c!, d!, e!])), 200);
    expectError(await api.lineup(s._id, p.captain, lineupOf(p.id, [a!, b!, c!, d!, f!])), 429, 'RATE_LIMITED');
    expect((await lineupRows(s._id)).map((row) => row.userId)).not.toContain(f!.id);
  });
});
