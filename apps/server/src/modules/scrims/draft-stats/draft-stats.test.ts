import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftStats, TeamName } from '@scrim-gym/shared';
import { scrims } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { boardApi, lineupOf } from '../../../test/board-api.js';
import { storeDraft, type DraftSideInput } from '../../../test/draft-factories.js';
import { bearer, createAdmin, createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { givePuuids, storeFakeMatch } from '../../../test/match-factories.js';
import { addPlayers, createScrim, createUsers } from '../../../test/scrim-factories.js';
import { seriesPlay } from '../../../test/series-play.js';
import { callApi } from '../../../test/social.js';

/**
 * Draft stats over drafted games (a finished draft and a confirmed winner): a player's from their side and role,
 * a team's from its series games.
 */
let ctx: TestContext;
let viewer: TestUser;
let banned: TestUser;
let admin: TestUser;
const db = () => ctx.database.db;
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestApp();
  [viewer, banned, admin] = await Promise.all([
    createUser({ db: db() }),
    createBannedUser({ db: db() }),
    createAdmin({ db: db() }),
  ]);
});
afterAll(async () => ctx?.close());

const get = (url: string, user?: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });

const statsOf = async (url: string) => {
  const res = await get(url, viewer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DraftStats>();
};

const BLUE_BANS = ['Yone', 'Zed', 'Vayne', 'Blitzcrank', 'Skarner'];
const RED_BANS = ['Azir', 'Sejuani', 'Draven', 'Leona', null];
const blue = (picks: string[], roles?: null[]): DraftSideInput => ({ picks, bans: BLUE_BANS, ...(roles && { roles }) });
const red = (picks: string[], roles?: null[]): DraftSideInput => ({ picks, bans: RED_BANS, ...(roles && { roles }) });
/** A side's picks in role order (Top … Support) with `mid` in the middle. */
const bluePicks = (mid: string) => ['Aatrox', 'LeeSin', mid, 'Jinx', 'Thresh'];
const redPicks = (mid: string) => ['Ornn', 'Viego', mid, 'Kaisa', 'Nautilus'];
const NO_ROLES = [null, null, null, null, null];

const refusals = (path: (id: string) => string, missingCode: string) => async () => {
  expect((await get(path(viewer.id))).statusCode).toBe(401);
  const bannedRes = await get(path(viewer.id), banned);
  expect(bannedRes.statusCode).toBe(403);
  expect(bannedRes.json()).toMatchObject({ code: 'BANNED' });
  const unknown = await get(path(randomUUID()), viewer);
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toMatchObject({ code: missingCode });
  const malformed = await get(path('not-a-uuid'), viewer);
  expect(malformed.statusCode).toBe(400);
  expect(malformed.json()).toMatchObject({ code: 'VALIDATION' });
};

describe('GET /api/users/:id/draft-stats', () => {
  it(
    'needs a session (401), refuses a banned user (403), an unknown user (404) and a malformed id (400)',
    refusals((id) => `/api/users/${id}/draft-stats`, 'USER_NOT_FOUND'),
  );

  it('counts drafted games only, from each side, and the champion of the player’s role (or Riot’s match)', async () => {
    const ten = await createUsers({ db: db(), count: 10 });
    // ALL_SLOTS: teamOne Top … Support, then teamTwo. `me` is teamOne's Mid, or teamTwo's in `swapped`.
    const me = ten[2]!;
    const top = ten[0]!;
    const swapped = [...ten.slice(5), ...ten.slice(0, 5)];
    const game = async ({
      users = ten,
      teamWon = null,
      resultStatus,
      draft,
    }: {
      users?: TestUser[];
      teamWon?: TeamName | null;
      resultStatus?: 'pending';
      draft?: { blue: DraftSideInput; red: DraftSideInput; status?: 'done' | 'running' };
    }) => {
      const scrim = await createScrim({
        db: db(),
        gameStartTime: new Date(Date.now() - HOUR),
        draft: 'tournament',
        teamWon,
        ...(resultStatus && { resultStatus, resultSource: 'captain' as const }),
      });
      await addPlayers({ db: db(), scrim, users });
      if (draft) await storeDraft({ db: db(), scrimId: scrim.id, ...draft });
      return scrim;
    };
    // Blue, won with Ahri; blue, lost with Syndra; red (sides swapped), won with Ahri.
    await game({ teamWon: 'teamOne', draft: { blue: blue(bluePicks('Ahri')), red: red(redPicks('Syndra')) } });
    await game({ teamWon: 'teamTwo', draft: { blue: blue(bluePicks('Syndra')), red: red(redPicks('Ahri')) } });
    await game({
      users: swapped,
      teamWon: 'teamTwo',
      draft: { blue: blue(bluePicks('Syndra')), red: red(redPicks('Ahri')) },
    });
    // Not drafted games: no winner yet, a draft still running, a captain's result not confirmed, no draft at all.
    await game({ draft: { blue: blue(bluePicks('Zoe')), red: red(redPicks('Lux')) } });
    await game({
      teamWon: 'teamOne',
      draft: { blue: blue(bluePicks('Zoe')), red: red(redPicks('Lux')), status: 'running' },
    });
    await game({
      teamWon: 'teamOne',
      resultStatus: 'pending',
      draft: { blue: blue(bluePicks('Zoe')), red: red(redPicks('Lux')) },
    });
    await game({ teamWon: 'teamOne' });
    // Picks without roles: each player's is the one they played in Riot's match (an odd game: blue played Ornn,
    // Viego, Orianna, Kaisa, Nautilus).
    const roleless = await game({
      teamWon: 'teamOne',
      draft: { blue: blue(redPicks('Orianna'), NO_ROLES), red: red(bluePicks('Syndra'), NO_ROLES) },
    });
    const puuids = await givePuuids({ db: db(), users: ten });
    await storeFakeMatch({
      db: db(),
      scrim: roleless,
      blue: puuids.slice(0, 5),
      red: puuids.slice(5),
      players: ten.map((user, i) => ({ userId: user.id, riotPuuid: puuids[i]! })),
      gameId: 4_600_000_001,
    });

    expect(await statsOf(`/api/users/${me.id}/draft-stats`)).toEqual({
      games: 4,
      firstPick: { games: 3, wins: 2 },
      secondPick: { games: 1, wins: 1 },
      champions: [
        { champion: 'Ahri', games: 2, wins: 2 },
        { champion: 'Orianna', games: 1, wins: 1 },
        { champion: 'Syndra', games: 1, wins: 0 },
      ],
    });
    // Their top laner: Aatrox on blue twice (won once), Ornn on red and in the role-less game (both won).
    expect(await statsOf(`/api/users/${top.id}/draft-stats`)).toEqual({
      games: 4,
      firstPick: { games: 3, wins: 2 },
      secondPick: { games: 1, wins: 1 },
      champions: [
        { champion: 'Aatrox', games: 2, wins: 1 },
        { champion: 'Ornn', games: 2, wins: 2 },
      ],
    });
  });

  it('answers zeros for a player without drafted games', async () => {
    expect(await statsOf(`/api/users/${admin.id}/draft-stats`)).toEqual({
      games: 0,
      firstPick: { games: 0, wins: 0 },
      secondPick: { games: 0, wins: 0 },
      champions: [],
    });
  });
});

describe('GET /api/teams/:id/draft-stats', () => {
  it(
    'needs a session (401), refuses a banned user (403), an unknown team (404) and a malformed id (400)',
    refusals((id) => `/api/teams/${id}/draft-stats`, 'TEAM_NOT_FOUND'),
  );

  it('counts its series games from the side it drafted on, with every pick of its side', async () => {
    const play = seriesPlay({ ctx, admin });
    const board = boardApi(callApi(ctx.app));
    const { poster, asker, series } = await play.fixtures().bookedSeries({ format: 'bo3', draft: 'tournament' });
    await board.lineupOk(series._id, poster.captain, lineupOf(poster.id, poster.players));
    await board.lineupOk(series._id, asker.captain, lineupOf(asker.id, asker.players));
    const one = series.games[0]!;
    const posterPicks = [
      ['Aatrox', 'LeeSin', 'Ahri', 'Jinx', 'Thresh'],
      ['Aatrox', 'Viego', 'Syndra', 'Jinx', 'Rakan'],
    ];
    const askerPicks = [
      ['Ornn', 'MonkeyKing', 'Orianna', 'Kaisa', 'Nautilus'],
      ['Ornn', 'LeeSin', 'Ahri', 'Ezreal', 'Thresh'],
    ];
    const draftOf = (blueTeamId: string | null, n: number) =>
      blueTeamId === poster.id
        ? { blue: blue(posterPicks[n]!), red: red(askerPicks[n]!) }
        : { blue: blue(askerPicks[n]!), red: red(posterPicks[n]!) };
    await storeDraft({ db: db(), scrimId: one.scrimId, ...draftOf(one.blueTeamId, 0) });
    // The poster wins game 1; game 2 comes with the sides swapped, and the asker wins it.
    await play.win(series, 1, poster.id);
    const two = (await board.seriesOk(series._id, poster.captain)).games[1]!;
    await storeDraft({ db: db(), scrimId: two.scrimId, ...draftOf(two.blueTeamId, 1) });
    await db()
      .update(scrims)
      .set({
        teamWon: two.blueTeamId === asker.id ? 'teamOne' : 'teamTwo',
        resultStatus: 'confirmed',
        resultSource: 'admin',
      })
      .where(eq(scrims.id, two.scrimId));

    const posterBlueFirst = one.blueTeamId === poster.id;
    expect(await statsOf(`/api/teams/${poster.id}/draft-stats`)).toEqual({
      games: 2,
      // Game 1 (won) on one side, game 2 (lost) on the other.
      firstPick: { games: 1, wins: posterBlueFirst ? 1 : 0 },
      secondPick: { games: 1, wins: posterBlueFirst ? 0 : 1 },
      champions: [
        { champion: 'Aatrox', games: 2, wins: 1 },
        { champion: 'Jinx', games: 2, wins: 1 },
        { champion: 'Ahri', games: 1, wins: 1 },
        { champion: 'LeeSin', games: 1, wins: 1 },
        { champion: 'Rakan', games: 1, wins: 0 },
        { champion: 'Syndra', games: 1, wins: 0 },
        { champion: 'Thresh', games: 1, wins: 1 },
        { champion: 'Viego', games: 1, wins: 0 },
      ],
    });
    const askerStats = await statsOf(`/api/teams/${asker.id}/draft-stats`);
    expect(askerStats).toMatchObject({
      games: 2,
      firstPick: { games: 1, wins: posterBlueFirst ? 1 : 0 },
      secondPick: { games: 1, wins: posterBlueFirst ? 0 : 1 },
    });
    expect(askerStats.champions.slice(0, 1)).toEqual([{ champion: 'Ornn', games: 2, wins: 1 }]);
    expect(askerStats.champions.map((c) => c.champion)).not.toContain('Aatrox');
  });
});
