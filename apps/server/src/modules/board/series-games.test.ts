import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIM_MESSAGES, SERIES_LINEUP_LOCK_MINUTES, type Scrim, type Series } from '@scrim-gym/shared';
import { jobs, scrimParticipants, scrims } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { boardApi, lineupOf, seriesFixtures } from '../../test/board-api.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { makeHost } from '../../test/hosts.js';
import { expectError, scrimApi } from '../../test/scrim-api.js';
import { createScrim } from '../../test/scrim-factories.js';
import { callApi, expectStatus } from '../../test/social.js';
import { teamApi } from '../../test/team-api.js';

/**
 * A series game is run like any scrim: its page names the series, its slots stay the lineups', strangers cast it but
 * the two teams' players do not, admins and the hosts of its region who play for neither team edit it, report its
 * winner and bring a sub in, and the series follows its scrim (game 1's start, a game made public).
 */
let ctx: TestContext;
let api: ReturnType<typeof boardApi>;
let scrimsApi: ReturnType<typeof scrimApi>;
let admin: TestUser;
let banned: TestUser;
/** A community host of NA on neither team, and one of EUW. */
let host: TestUser;
let euwHost: TestUser;
const db = () => ctx.database.db;
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestApp();
  api = boardApi(callApi(ctx.app));
  scrimsApi = scrimApi(ctx.app);
  [admin, banned, host, euwHost] = await Promise.all([
    createAdmin({ db: db() }),
    createBannedUser({ db: db() }),
    createUser({ db: db() }),
    createUser({ db: db(), region: 'EUW' }),
  ]);
  await makeHost(ctx.app, admin.token, host.id, 'NA');
  await makeHost(ctx.app, admin.token, euwHost.id, 'EUW');
});
afterAll(async () => ctx?.close());

const fixtures = () => seriesFixtures({ db: db(), board: api, teams: teamApi(callApi(ctx.app)) });

/** A booked Bo3 with both lineups set, each with its team's three other members as subs. */
async function seriesWithLineups() {
  const booked = await fixtures().bookedSeries({ format: 'bo3' });
  const { poster, asker, series } = booked;
  for (const team of [poster, asker])
    await api.lineupOk(series._id, team.captain, lineupOf(team.id, team.players, team.players.slice(5)));
  const game = series.games[0]!;
  const [blue, red] = game.blueTeamId === poster.id ? [poster, asker] : [asker, poster];
  return { ...booked, game, blue, red };
}

/** The edit form's body for the scrim as it is, with `changes`. */
const editBody = (scrim: Scrim, changes: Record<string, unknown> = {}) => ({
  title: scrim.title,
  region: scrim.region,
  gameStartTime: scrim.gameStartTime,
  isPrivate: scrim.isPrivate,
  isWithCasters: scrim.isWithCasters,
  maxCastersAllowedCount: scrim.maxCastersAllowedCount,
  lobbyPassword: 'secret12',
  lobbyHost: 'keep',
  teamWon: null,
  useTournamentCode: scrim.useTournamentCode,
  ...changes,
});
const edit = (scrimId: string, body: object, as?: TestUser) =>
  scrimsApi.call('PUT', `/api/scrims/${scrimId}`, { token: as?.token, payload: body });
const substitute = (scrimId: string, body: object, as?: TestUser) =>
  scrimsApi.call('POST', `/api/scrims/${scrimId}/substitute`, { token: as?.token, payload: body });
const readSeries = async (id: string) =>
  (await callApi(ctx.app)('GET', `/api/series/${id}`, admin.token)).json<{ series: Series }>().series;
const lineupCheckAt = async (seriesId: string) =>
  (
    await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `series.lineup-check:${seriesId}`))
  )[0]?.runAt;

describe('a series game on the scrim page', () => {
  it('names its series, blue team first, and offers nobody a slot and the cast to anyone but its teams', async () => {
    const { series, game, blue, red, poster } = await seriesWithLineups();
    const stranger = await createUser({ db: db() });
    const seen = await scrimsApi.read(game.scrimId, stranger.token);
    expect(seen.series).toEqual({
      _id: series._id,
      gameNumber: 1,
      format: 'bo3',
      teams: [blue, red].map((team) => ({ _id: team.id, name: team.name, tag: team.tag })),
      rosterIds: expect.any(Array),
    });
    expect(new Set(seen.series!.rosterIds)).toEqual(new Set([...blue.players, ...red.players].map((p) => p.id)));
    expect(seen.can).toMatchObject({ takeSlot: false, joinCast: true, edit: false, assignPlayers: false });
    // A sub of either team, seated or not, is one of its teams' players.
    expect((await scrimsApi.read(game.scrimId, poster.players[6]!.token)).can).toMatchObject({
      takeSlot: false,
      joinCast: false,
    });
    expect((await scrimsApi.read(game.scrimId, admin.token)).can).toMatchObject({
      takeSlot: false,
      joinCast: true,
      edit: true,
      assignPlayers: false,
      fillRandom: false,
      balance: false,
      substitute: true,
      cancel: false,
      delete: false,
    });
    const other = await createScrim({ db: db() });
    const plain = await scrimsApi.read(other.id, stranger.token);
    expect(plain.series).toBeNull();
    expect(plain.can).toMatchObject({ takeSlot: true, joinCast: true });
  });

  it("takes strangers into its cast and refuses its teams' players (403 ON_SERIES_TEAM), writing nothing", async () => {
    const { game, poster, asker } = await seriesWithLineups();
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => createUser({ db: db() })));
    const casters = async () =>
      (await db().select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, game.scrimId))).filter(
        (p) => p.kind === 'caster',
      );
    expectError(await scrimsApi.joinCast(game.scrimId, first!.id), 401);
    expectError(await scrimsApi.joinCast(game.scrimId, banned.id, banned.token), 403, 'BANNED');
    expectError(await scrimsApi.joinCast(game.scrimId, 'not-an-id', first!.token), 400, 'VALIDATION');
    expectError(await scrimsApi.joinCast(game.scrimId, second!.id, first!.token), 403, 'NOT_YOURSELF');
    // A member on the roster only (joined after the lineups), and a sub in each lineup: all on one of its teams.
    const teams = teamApi(callApi(ctx.app));
    const rosterOnly = await createUser({ db: db() });
    expectStatus(await teams.join((await teams.inviteOk(asker.id, asker.captain)).token, rosterOnly), 200);
    for (const player of [rosterOnly, poster.players[5]!, asker.players[7]!]) {
      const refused = expectError(
        await scrimsApi.joinCast(game.scrimId, player.id, player.token),
        403,
        'ON_SERIES_TEAM',
        SCRIM_MESSAGES.onSeriesTeam,
      );
      expect(refused.scrim?.can?.joinCast).toBe(false);
    }
    expect(await casters()).toEqual([]);
    const joined = await scrimsApi.joinCast(game.scrimId, first!.id, first!.token);
    expectStatus(joined, 200);
    expect(joined.json<Scrim>().casters.map((c) => c._id)).toEqual([first!.id]);
    expectStatus(await scrimsApi.joinCast(game.scrimId, second!.id, second!.token), 200);
    expectError(await scrimsApi.joinCast(game.scrimId, third!.id, third!.token), 409, 'CAST_FULL');
    expect((await casters()).map((c) => c.userId).sort()).toEqual([first!.id, second!.id].sort());
    expectStatus(await scrimsApi.leaveCast(game.scrimId, first!.id, first!.token), 200);
  });
});

describe('who runs a series game', () => {
  it('admins and the hosts of its region who play for neither team edit it; nobody else', async () => {
    const { game, poster } = await seriesWithLineups();
    const teamHost = poster.players[6]!;
    await makeHost(ctx.app, admin.token, teamHost.id, 'NA');
    const stranger = await createUser({ db: db() });
    const scrim = await scrimsApi.read(game.scrimId, admin.token);
    const body = editBody(scrim, { title: 'Finals night · Game 1' });
    expectError(await edit(game.scrimId, body), 401);
    expectError(await edit(game.scrimId, body, banned), 403, 'BANNED');
    expectError(await edit(game.scrimId, body, stranger), 403);
    expectError(await edit(game.scrimId, body, euwHost), 403, 'NOT_HOST');
    expectError(await edit(game.scrimId, body, teamHost), 403, 'NOT_HOST');
    expect((await scrimsApi.read(game.scrimId, teamHost.token)).can).toMatchObject({ edit: false, joinCast: false });
    expectError(await edit(game.scrimId, { ...body, title: '' }, host), 400, 'VALIDATION');
    expect((await scrimsApi.read(game.scrimId, admin.token)).title).toBe(scrim.title);
    const edited = await edit(game.scrimId, body, host);
    expectStatus(edited, 200);
    expect(edited.json<Scrim>()).toMatchObject({ title: 'Finals night · Game 1', can: { edit: true } });
    expectStatus(await edit(game.scrimId, editBody(scrim), admin), 200);
  });

  it("a host reports its winner and brings in a sub of the absentee's own team, no one else", async () => {
    const { game, blue, red } = await seriesWithLineups();
    await db()
      .update(scrims)
      .set({ gameStartTime: new Date(Date.now() - MINUTE) })
      .where(eq(scrims.id, game.scrimId));
    const absent = blue.players[1]!;
    const stranger = await createUser({ db: db() });
    for (const inUser of [stranger, red.players[5]!])
      expectError(
        await substitute(game.scrimId, { outUserId: absent.id, inUserId: inUser.id }, host),
        403,
        'HOST_LIMIT',
      );
    expectError(
      await substitute(game.scrimId, { outUserId: absent.id, inUserId: blue.players[5]!.id }, euwHost),
      403,
      'NOT_HOST',
    );
    const subbed = await substitute(game.scrimId, { outUserId: absent.id, inUserId: blue.players[5]!.id }, host);
    expectStatus(subbed, 200);
    const seated = subbed.json<Scrim>().teamOne.map((p) => p._user._id);
    expect(seated).toContain(blue.players[5]!.id);
    expect(seated).not.toContain(absent.id);
    const reported = await scrimsApi.setWinner(game.scrimId, 'teamOne', host.token);
    expectStatus(reported, 200);
    expect(reported.json<Scrim>().teamWon).toBe('teamOne');
  });
});

describe('a series game ends only with its series', () => {
  it("refuses the scrims' own cancel and delete (409 SERIES_GAME), even to an admin, and writes nothing", async () => {
    const { series, game } = await seriesWithLineups();
    const cancel = await scrimsApi.call('POST', `/api/scrims/${game.scrimId}/cancel`, {
      token: admin.token,
      payload: { reason: 'Both teams asked' },
    });
    expectError(cancel, 409, 'SERIES_GAME', SCRIM_MESSAGES.seriesGameEnds);
    expectError(
      await scrimsApi.call('DELETE', `/api/scrims/${game.scrimId}`, { token: admin.token }),
      409,
      'SERIES_GAME',
    );
    const [row] = await db().select().from(scrims).where(eq(scrims.id, game.scrimId));
    expect(row).toMatchObject({ cancelledAt: null, cancelReason: null });
    expect((await readSeries(series._id)).games[0]).toMatchObject({ scrimId: game.scrimId, status: 'scheduled' });
  });
});

describe('a series follows its games', () => {
  it("moves its start and its lineup check with game 1's start, by an admin or a host", async () => {
    const { series } = await fixtures().bookedSeries({ format: 'bo3' });
    const game = series.games[0]!;
    const lockAt = (start: string | Date) => new Date(new Date(start).getTime() - SERIES_LINEUP_LOCK_MINUTES * MINUTE);
    expect(await lineupCheckAt(series._id)).toEqual(lockAt(series.startsAt));
    const scrim = await scrimsApi.read(game.scrimId, admin.token);
    const later = new Date(new Date(series.startsAt).getTime() + 3 * 60 * MINUTE).toISOString();
    expectStatus(await edit(game.scrimId, editBody(scrim, { gameStartTime: later }), admin), 200);
    expect((await readSeries(series._id)).startsAt).toBe(later);
    expect(await lineupCheckAt(series._id)).toEqual(lockAt(later));
    const earlier = new Date(new Date(series.startsAt).getTime() - 60 * MINUTE).toISOString();
    expectStatus(await edit(game.scrimId, editBody(scrim, { gameStartTime: earlier }), host), 200);
    expect((await readSeries(series._id)).startsAt).toBe(earlier);
    expect(await lineupCheckAt(series._id)).toEqual(lockAt(earlier));
    // Nothing is due yet: the series stays scheduled.
    await ctx.app.jobs.runOnce();
    expect((await readSeries(series._id)).status).toBe('scheduled');
  });

  it('follows a game an admin made public: its confirmed result scores and brings game 2', async () => {
    const { series, game, blue } = await seriesWithLineups();
    const scrim = await scrimsApi.read(game.scrimId, admin.token);
    const started = new Date(Date.now() - MINUTE).toISOString();
    const made = await edit(game.scrimId, editBody(scrim, { isPrivate: false, gameStartTime: started }), admin);
    expectStatus(made, 200);
    expect(made.json<Scrim>()).toMatchObject({ isPrivate: false, series: { _id: series._id, gameNumber: 1 } });
    expectStatus(await scrimsApi.setWinner(game.scrimId, 'teamOne', admin.token), 200);
    await ctx.app.jobs.runOnce();
    const after = await readSeries(series._id);
    expect(after.teams.find((t) => t.team?._id === blue.id)?.score).toBe(1);
    expect(after.games.map((g) => g.number)).toEqual([1, 2]);
  });
});
