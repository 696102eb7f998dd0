import { and, asc, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LATE_LEAVE_HOURS,
  MESSAGES,
  SCRIM_ABILITIES,
  SCRIM_MESSAGES,
  teamDisplayName,
  type Region,
  type Scrim,
} from '@scrim-gym/shared';
import { postGameImages, riotTournaments, scrimParticipants, scrims, users } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { expectError, playerIds, scrimApi, slotsOf, type Method } from '../../../test/scrim-api.js';
import {
  ALL_SLOTS,
  addCaster,
  addPlayers,
  createScrim,
  createUsers,
  fillScrim,
  setLobbyHost,
  type Slot,
  type TestScrim,
} from '../../../test/scrim-factories.js';

let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
/** A small real PNG, for the image endpoints of the matrix. */
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
  png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const HOUR = 60 * 60 * 1000;
const slot = (team: Slot['team'], role: Slot['role']): Slot => ({ team, role });
const TEAM_TWO_SUPPORT = slot('teamTwo', 'Support');

async function scrimCount() {
  return (await db().select({ n: count() }).from(scrims))[0]!.n;
}
async function participantRows(scrimId: string) {
  return db()
    .select()
    .from(scrimParticipants)
    .where(eq(scrimParticipants.scrimId, scrimId))
    .orderBy(asc(scrimParticipants.userId));
}

/** Everything a refused request could have written: the scrim as an admin reads it, its rows, the scrim count. */
async function snapshot(scrimId: string, adminToken: string) {
  const res = await api.get(scrimId, adminToken);
  return { status: res.statusCode, body: res.body, rows: await participantRows(scrimId), scrims: await scrimCount() };
}
async function expectUnchanged(before: Awaited<ReturnType<typeof snapshot>>, scrimId: string, adminToken: string) {
  expect(await snapshot(scrimId, adminToken)).toEqual(before);
}

const hasLobby = (scrim: Scrim) => 'lobbyName' in scrim || 'lobbyPassword' in scrim;

// ---------------------------------------------------------------------------------------------------------------
// Authorization matrix: every endpoint × visitor, banned, player, other player, captain, caster, outsider, admin.
// ---------------------------------------------------------------------------------------------------------------

type Actor = 'visitor' | 'banned' | 'player' | 'otherPlayer' | 'captain' | 'caster' | 'outsider' | 'admin';
const ACTORS: Actor[] = ['visitor', 'banned', 'player', 'otherPlayer', 'captain', 'caster', 'outsider', 'admin'];

/**
 * The world of one matrix case: a public NA scrim that started an hour ago, 9 players (teamTwo Support free),
 * players[0] is the lobby captain, one caster (max 2), plus an outsider, an admin and a banned user.
 */
interface World {
  scrim: TestScrim;
  players: TestUser[];
  captain: TestUser;
  player: TestUser;
  caster: TestUser;
  outsider: TestUser;
  admin: TestUser;
  banned: TestUser;
}

async function buildWorld({ image = false, full = false }: { image?: boolean; full?: boolean } = {}): Promise<World> {
  const scrim = await createScrim({
    db: db(),
    gameStartTime: new Date(Date.now() - HOUR),
    isWithCasters: true,
    maxCastersAllowedCount: 2,
  });
  const players = await createUsers({ db: db(), count: full ? 10 : 9 });
  await addPlayers({ db: db(), scrim, users: players });
  await setLobbyHost({ db: db(), scrim, userId: players[0]!.id });
  const caster = await addCaster({ db: db(), scrim });
  const [outsider, admin, banned] = await Promise.all([
    createUser({ db: db() }),
    createAdmin({ db: db() }),
    createBannedUser({ db: db() }),
  ]);
  if (image) {
    const content = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    await db()
      .insert(postGameImages)
      .values({ scrimId: scrim.id, content, mimeType: 'image/webp', width: 8, height: 8 });
  }
  // Written by factories, past the service: the hub's days cached by an earlier test would not show it.
  ctx.app.scrimLists.clear();
  return { scrim, players, captain: players[0]!, player: players[1]!, caster, outsider, admin, banned };
}

const tokenOf = (w: World, actor: Actor) =>
  actor === 'visitor' ? undefined : actor === 'otherPlayer' ? w.player.token : w[actor].token;
/** The user an actor acts on in a :userId path: itself, except 'otherPlayer' (someone else) and the visitor. */
const selfOf = (w: World, actor: Actor): TestUser =>
  actor === 'visitor' ? w.player : actor === 'otherPlayer' ? w.players[2]! : w[actor];

/** [status, code?, error?] */
type Outcome = readonly [number, string?, string?];
const OK: Outcome = [200];
const CREATED: Outcome = [201];
const NOT_ADMIN: Outcome = [403, 'FORBIDDEN', MESSAGES.adminOnly];
const NOT_SELF: Outcome = [403, 'NOT_YOURSELF', SCRIM_MESSAGES.onlySelf];
const NOT_CAPTAIN: Outcome = [403, 'NOT_CAPTAIN', SCRIM_MESSAGES.onlyCaptain];
const NOT_A_PLAYER: Outcome = [409, 'NOT_A_PLAYER', SCRIM_MESSAGES.notAPlayer];
const NOT_A_CASTER: Outcome = [409, 'NOT_A_CASTER', SCRIM_MESSAGES.notACaster];
const ALREADY_PLAYER: Outcome = [409, 'ALREADY_PLAYER', SCRIM_MESSAGES.alreadyPlayer];
const ALREADY_CASTER_JOIN: Outcome = [409, 'ALREADY_CASTER', SCRIM_MESSAGES.casterCannotJoinTeam];
const TEAMS_NOT_FULL: Outcome = [409, 'TEAMS_NOT_FULL', SCRIM_MESSAGES.teamsNotFull];

const everyone = (outcome: Outcome) => ({
  player: outcome,
  captain: outcome,
  caster: outcome,
  outsider: outcome,
  admin: outcome,
});
const adminOnly = (success: Outcome) => ({
  player: NOT_ADMIN,
  captain: NOT_ADMIN,
  caster: NOT_ADMIN,
  outsider: NOT_ADMIN,
  admin: success,
});

interface Endpoint {
  name: string;
  image?: boolean;
  /** The world's scrim has all ten players (teamTwo Support taken too). */
  full?: boolean;
  request(
    w: World,
    actor: Actor,
  ): { method: Method; url: string; payload?: object | Buffer; headers?: Record<string, string> };
  /** Visitors always get 401 and banned users 403 BANNED; 'otherPlayer' only where a :userId is in the path. */
  expect: Partial<Record<Exclude<Actor, 'visitor' | 'banned'>, Outcome>>;
  /** Checks a successful answer. */
  verify?(w: World, res: LightMyRequestResponse, actor: Actor): Promise<void> | void;
}

const patch = (w: World, path: string, payload?: object) => ({
  method: 'PATCH' as const,
  url: `/api/scrims/${w.scrim.id}/${path}`,
  payload,
});
const updateBody = (w: World) => ({
  title: 'Edited title',
  region: 'NA',
  gameStartTime: w.scrim.gameStartTime.toISOString(),
  isPrivate: false,
  isWithCasters: true,
  maxCastersAllowedCount: 2,
  lobbyName: 'Edited lobby',
  lobbyPassword: 'edited12',
  lobbyHost: 'keep',
  teamWon: null,
  useTournamentCode: true,
});

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /api/scrims',
    request: (w) => ({
      method: 'GET',
      url: `/api/scrims?region=NA&startDate=${new Date(w.scrim.gameStartTime.getTime() - 1000).toISOString()}&endDate=${new Date(w.scrim.gameStartTime.getTime() + 1000).toISOString()}`,
    }),
    expect: everyone(OK),
    verify: (w, res) => expect((res.json() as Scrim[]).map((s) => s._id)).toContain(w.scrim.id),
  },
  {
    name: 'GET /api/scrims/:id',
    request: (w) => ({ method: 'GET', url: `/api/scrims/${w.scrim.id}` }),
    expect: everyone(OK),
    verify: (w, res) => expect(res.json()._id).toBe(w.scrim.id),
  },
  {
    name: 'GET /api/scrims/:id/image',
    image: true,
    request: (w) => ({ method: 'GET', url: `/api/scrims/${w.scrim.id}/image` }),
    expect: everyone(OK),
    verify: (_w, res) => expect(res.headers['content-type']).toBe('image/webp'),
  },
  {
    name: 'POST /api/scrims',
    request: () => ({
      method: 'POST',
      url: '/api/scrims',
      payload: { title: 'Matrix scrim', region: 'NA', gameStartTime: new Date(Date.now() + HOUR).toISOString() },
    }),
    expect: adminOnly(CREATED),
    verify: (w, res) => expect(res.json().createdBy._id).toBe(w.admin.id),
  },
  {
    name: 'PUT /api/scrims/:id',
    request: (w) => ({ method: 'PUT', url: `/api/scrims/${w.scrim.id}`, payload: updateBody(w) }),
    expect: adminOnly(OK),
    verify: (_w, res) =>
      expect(res.json()).toMatchObject({ title: 'Edited title', lobbyName: 'Edited lobby', lobbyPassword: 'edited12' }),
  },
  {
    name: 'DELETE /api/scrims/:id',
    request: (w) => ({ method: 'DELETE', url: `/api/scrims/${w.scrim.id}` }),
    expect: adminOnly(OK),
    verify: async (w) => {
      expectError(await api.get(w.scrim.id, w.admin.token), 404, 'SCRIM_NOT_FOUND');
    },
  },
  {
    name: 'PATCH insert-player/:userId',
    request: (w, actor) =>
      patch(w, `insert-player/${actor === 'admin' ? w.outsider.id : selfOf(w, actor).id}`, {
        playerData: { role: 'Support', team: { name: 'teamTwo' } },
      }),
    expect: {
      player: ALREADY_PLAYER,
      otherPlayer: NOT_SELF,
      captain: ALREADY_PLAYER,
      caster: ALREADY_CASTER_JOIN,
      outsider: OK,
      // Admins place others with admin-assign-player; insert-player is for yourself.
      admin: NOT_SELF,
    },
    verify: (w, res) => expect(slotsOf(res.json())['teamTwo:Support']).toBe(w.outsider.id),
  },
  {
    name: 'PATCH insert-player/:userId with leaveCast (switch to player)',
    request: (w, actor) =>
      patch(w, `insert-player/${actor === 'admin' ? w.outsider.id : selfOf(w, actor).id}`, {
        playerData: { role: 'Support', team: { name: 'teamTwo' } },
        leaveCast: true,
      }),
    expect: {
      player: ALREADY_PLAYER,
      otherPlayer: NOT_SELF,
      captain: ALREADY_PLAYER,
      // One step: out of the cast, into the slot.
      caster: OK,
      // Not a caster: an ordinary join.
      outsider: OK,
      admin: NOT_SELF,
    },
    verify: (w, res, actor) => {
      const scrim = res.json() as Scrim;
      expect(slotsOf(scrim)['teamTwo:Support']).toBe(w[actor as 'caster' | 'outsider'].id);
      expect(scrim.casters.map((c) => c._id)).toEqual(actor === 'caster' ? [] : [w.caster.id]);
    },
  },
  {
    name: 'PATCH move-player/:userId',
    request: (w, actor) =>
      patch(w, `move-player/${actor === 'admin' ? w.player.id : selfOf(w, actor).id}`, {
        playerData: { role: 'Support', team: { name: 'teamTwo' } },
      }),
    expect: {
      player: OK,
      otherPlayer: NOT_SELF,
      captain: OK,
      caster: NOT_A_PLAYER,
      outsider: NOT_A_PLAYER,
      admin: NOT_SELF,
    },
    verify: (w, res, actor) => expect(slotsOf(res.json())['teamTwo:Support']).toBe(w[actor as 'player' | 'captain'].id),
  },
  {
    name: 'PATCH remove-player/:userId',
    request: (w, actor) => patch(w, `remove-player/${actor === 'admin' ? w.player.id : selfOf(w, actor).id}`),
    // An admin removing someone else is the kick.
    expect: { player: OK, otherPlayer: NOT_SELF, captain: OK, caster: NOT_A_PLAYER, outsider: NOT_A_PLAYER, admin: OK },
    verify: (w, res, actor) => {
      const gone = actor === 'captain' ? w.captain : w.player;
      expect(playerIds(res.json())).not.toContain(gone.id);
      expect(playerIds(res.json())).toHaveLength(8);
    },
  },
  {
    name: 'PATCH insert-caster/:userId',
    request: (w, actor) => patch(w, `insert-caster/${actor === 'admin' ? w.outsider.id : selfOf(w, actor).id}`),
    expect: {
      player: [409, 'ALREADY_PLAYER', SCRIM_MESSAGES.playerCannotCast],
      otherPlayer: NOT_SELF,
      captain: [409, 'ALREADY_PLAYER', SCRIM_MESSAGES.playerCannotCast],
      caster: [409, 'ALREADY_CASTER', SCRIM_MESSAGES.alreadyCaster],
      outsider: OK,
      admin: NOT_SELF,
    },
    verify: (w, res) =>
      expect((res.json() as Scrim).casters.map((c) => c._id)).toEqual(
        expect.arrayContaining([w.caster.id, w.outsider.id]),
      ),
  },
  {
    name: 'PATCH remove-caster/:userId',
    request: (w, actor) =>
      patch(
        w,
        `remove-caster/${actor === 'admin' ? w.caster.id : actor === 'otherPlayer' ? w.caster.id : selfOf(w, actor).id}`,
      ),
    expect: {
      player: NOT_A_CASTER,
      otherPlayer: NOT_SELF,
      captain: NOT_A_CASTER,
      caster: OK,
      outsider: NOT_A_CASTER,
      admin: OK,
    },
    verify: (_w, res) => expect((res.json() as Scrim).casters).toEqual([]),
  },
  {
    name: 'PATCH admin-assign-player',
    request: (w) => patch(w, 'admin-assign-player', { userId: w.outsider.id, teamName: 'teamTwo', role: 'Support' }),
    expect: adminOnly(OK),
    verify: (w, res) => expect(slotsOf(res.json())['teamTwo:Support']).toBe(w.outsider.id),
  },
  {
    name: 'PATCH admin-fill-random',
    request: (w) => patch(w, 'admin-fill-random', {}),
    expect: adminOnly(OK),
    verify: (_w, res) => {
      expect(res.json().filledPositions).toBe(1);
      expect(playerIds(res.json().scrim)).toHaveLength(10);
    },
  },
  {
    name: 'PATCH set-winner',
    full: true,
    request: (w) => patch(w, 'set-winner', { winnerTeamName: 'teamTwo' }),
    expect: { player: NOT_CAPTAIN, captain: OK, caster: NOT_CAPTAIN, outsider: NOT_CAPTAIN, admin: OK },
    verify: (_w, res) => expect(res.json().teamWon).toBe('teamTwo'),
  },
  {
    name: 'PATCH set-winner (teams not full)',
    request: (w) => patch(w, 'set-winner', { winnerTeamName: 'teamTwo' }),
    expect: {
      player: NOT_CAPTAIN,
      captain: TEAMS_NOT_FULL,
      caster: NOT_CAPTAIN,
      outsider: NOT_CAPTAIN,
      admin: TEAMS_NOT_FULL,
    },
  },
  {
    name: 'PATCH swap-players',
    request: (w) => patch(w, 'swap-players', { userId: w.player.id, team: 'teamTwo', role: 'Top' }),
    expect: adminOnly(OK),
    verify: (w, res) => {
      const slots = slotsOf(res.json());
      expect(slots['teamTwo:Top']).toBe(w.player.id);
      expect(slots['teamOne:Jungle']).toBe(w.players[5]!.id);
    },
  },
  {
    name: 'PATCH add-image',
    request: (w) => ({
      ...patch(w, 'add-image?fileName=result.png'),
      payload: png,
      headers: { 'content-type': 'image/png' },
    }),
    expect: { player: NOT_CAPTAIN, captain: OK, caster: NOT_CAPTAIN, outsider: NOT_CAPTAIN, admin: OK },
    verify: (w, res) =>
      expect(res.json().postGameImage.location).toMatch(new RegExp(`^/api/scrims/${w.scrim.id}/image\\?v=\\d+$`)),
  },
  {
    name: 'PATCH remove-image',
    image: true,
    request: (w) => patch(w, 'remove-image'),
    expect: adminOnly(OK),
    verify: (_w, res) => expect(res.json().postGameImage).toBeNull(),
  },
];

describe('authorization matrix', () => {
  for (const endpoint of ENDPOINTS) {
    describe(endpoint.name, () => {
      for (const actor of ACTORS) {
        const outcome: Outcome | undefined =
          actor === 'visitor'
            ? [401, 'UNAUTHORIZED', MESSAGES.notSignedIn]
            : actor === 'banned'
              ? [403, 'BANNED']
              : endpoint.expect[actor];
        if (!outcome) continue;
        const [status, code, error] = outcome;
        it(`${actor} → ${status}${code ? ` ${code}` : ''}`, async () => {
          const w = await buildWorld({ image: endpoint.image, full: endpoint.full });
          const before = await snapshot(w.scrim.id, w.admin.token);
          const { method, url, payload, headers } = endpoint.request(w, actor);
          const res = await api.call(method, url, { token: tokenOf(w, actor), payload, headers });
          if (status < 300) {
            expect(res.statusCode, res.body).toBe(status);
            await endpoint.verify?.(w, res, actor);
            return;
          }
          const body = expectError(res, status, code, error);
          if (code === 'BANNED') expect(body.error).toMatch(/^You are banned until .+\. Reason: griefing$/);
          // A refused scrim action answers with the current scrim, without secrets the caller may not see.
          if (status === 409 || code === 'NOT_YOURSELF' || code === 'NOT_CAPTAIN') {
            expect(body.scrim?._id).toBe(w.scrim.id);
            // With both teams full, its players and casters see the lobby too.
            const participant = ['player', 'otherPlayer', 'captain', 'caster'].includes(actor);
            expect(hasLobby(body.scrim!)).toBe(actor === 'admin' || (Boolean(endpoint.full) && participant));
          }
          await expectUnchanged(before, w.scrim.id, w.admin.token);
        });
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Bad input: a clear 4xx, never a 500, nothing written.
// ---------------------------------------------------------------------------------------------------------------

describe('bad input', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });

  const bad = (res: LightMyRequestResponse, error?: string | RegExp) => {
    const body = expectError(res, 400);
    if (typeof error === 'string') expect(body.error).toBe(error);
    else if (error) expect(body.error).toMatch(error);
    return body;
  };

  it('rejects an unknown role or team with the schema messages', async () => {
    const before = await snapshot(w.scrim.id, w.admin.token);
    const url = `/api/scrims/${w.scrim.id}/insert-player/${w.outsider.id}`;
    const send = (playerData: object) => api.call('PATCH', url, { token: w.outsider.token, payload: { playerData } });
    bad(await send({ role: 'Bot', team: { name: 'teamTwo' } }), 'Role must be one of Top, Jungle, Mid, ADC, Support');
    bad(await send({ role: 'top', team: { name: 'teamTwo' } }), 'Role must be one of Top, Jungle, Mid, ADC, Support');
    bad(await send({ role: 'Support', team: { name: 'teamThree' } }), 'Team must be teamOne or teamTwo');
    bad(await send({ role: 'Support', team: 'teamTwo' }));
    expect(bad(await send({ role: 'Support' })).details?.[0]?.path).toBe('playerData.team');
    bad(
      await api.move(w.scrim.id, w.player.id, { team: 'blue' as never, role: 'Top' }, w.player.token),
      'Team must be teamOne or teamTwo',
    );
    bad(await api.setWinner(w.scrim.id, 'teamThree', w.admin.token), 'Team must be teamOne or teamTwo');
    bad(
      await api.swap(w.scrim.id, { userId: w.player.id, team: 'teamTwo', role: 'Bottom' }, w.admin.token),
      'Role must be one of Top, Jungle, Mid, ADC, Support',
    );
    await expectUnchanged(before, w.scrim.id, w.admin.token);
  });

  it('rejects bad uuids in the path', async () => {
    bad(await api.call('GET', '/api/scrims/not-a-uuid', { token: w.player.token }));
    bad(await api.call('GET', '/api/scrims/123/image', { token: w.player.token }));
    bad(await api.call('DELETE', '/api/scrims/123', { token: w.admin.token }));
    bad(await api.join('nope', w.outsider.id, TEAM_TWO_SUPPORT, w.outsider.token), 'Invalid scrim id');
    bad(await api.join(w.scrim.id, 'nope', TEAM_TWO_SUPPORT, w.outsider.token), 'Invalid user id');
    bad(await api.leave(w.scrim.id, `${w.player.id}x`, w.player.token), 'Invalid user id');
    bad(await api.joinCast(w.scrim.id, "1' or '1'='1", w.outsider.token), 'Invalid user id');
  });

  it('rejects malformed JSON and a missing body', async () => {
    const before = await snapshot(w.scrim.id, w.admin.token);
    const url = `/api/scrims/${w.scrim.id}/insert-player/${w.outsider.id}`;
    const headers = { 'content-type': 'application/json' };
    bad(await api.call('PATCH', url, { token: w.outsider.token, headers, payload: '{"playerData": {"role": "Top",' }));
    bad(await api.call('PATCH', url, { token: w.outsider.token, headers, payload: '' }));
    bad(await api.call('PATCH', url, { token: w.outsider.token }));
    // A missing field is named in `details`.
    expect(bad(await api.call('PATCH', url, { token: w.outsider.token, payload: {} })).details).toEqual([
      { path: 'playerData', message: expect.any(String) },
    ]);
    bad(await api.call('POST', '/api/scrims', { token: w.admin.token, headers, payload: 'not json' }));
    await expectUnchanged(before, w.scrim.id, w.admin.token);
  });

  it('rejects bad list queries', async () => {
    const list = (query: string) => api.call('GET', `/api/scrims?${query}`, { token: w.player.token });
    const start = '2030-01-01T00:00:00.000Z';
    const end = '2030-01-02T00:00:00.000Z';
    bad(await list(`startDate=${start}&endDate=${end}`));
    bad(await list(`region=XX&startDate=${start}&endDate=${end}`));
    bad(await list(`region=NA&endDate=${end}`));
    bad(await list(`region=NA&startDate=yesterday&endDate=${end}`), 'startDate must be an ISO date-time');
    bad(await list(`region=NA&startDate=${end}&endDate=${start}`), 'endDate must be after startDate');
    bad(
      await list(`region=NA&startDate=${start}&endDate=2030-03-01T00:00:00.000Z`),
      'The range can span at most 8 days',
    );
  });

  it('rejects missing or bad fields on create and edit', async () => {
    const before = await scrimCount();
    const create = (payload: object) => api.call('POST', '/api/scrims', { token: w.admin.token, payload });
    const start = new Date(Date.now() + HOUR).toISOString();
    bad(await create({ region: 'NA', gameStartTime: start }), 'Title is required');
    bad(await create({ title: '   ', region: 'NA', gameStartTime: start }), 'Title is required');
    bad(await create({ title: 'x', region: 'NA' }), 'Start date and time are required');
    bad(await create({ title: 'x', region: 'NA', gameStartTime: 'tomorrow' }), 'Start date and time are required');
    bad(await create({ title: 'x', region: 'Mars', gameStartTime: start }));
    bad(await create({ title: 'x', region: 'NA', gameStartTime: start, maxCastersAllowedCount: 5 }));
    bad(await create({ title: 'x', region: 'NA', gameStartTime: start, lobbyHost: 'somebody' }));
    bad(
      await create({
        title: 'x',
        region: 'NA',
        gameStartTime: start,
        lobbyHost: '00000000-0000-4000-8000-000000000000',
      }),
      'Lobby host not found',
    );
    expect(await scrimCount()).toBe(before);

    const snap = await snapshot(w.scrim.id, w.admin.token);
    const edit = (payload: object) => api.call('PUT', `/api/scrims/${w.scrim.id}`, { token: w.admin.token, payload });
    bad(await edit({ ...updateBody(w), lobbyPassword: '' }), 'Lobby password is required');
    bad(await edit({ ...updateBody(w), lobbyPassword: undefined }), 'Lobby password is required');
    bad(await edit({ ...updateBody(w), title: undefined }), 'Title is required');
    bad(await edit({ ...updateBody(w), teamWon: 'teamThree' }), 'Team must be teamOne or teamTwo');
    bad(await edit({ ...updateBody(w), lobbyHost: w.outsider.id }), 'The lobby host must be in this scrim');
    await expectUnchanged(snap, w.scrim.id, w.admin.token);
  });

  it('rejects a bad admin-assign, fill-random or swap body', async () => {
    const before = await snapshot(w.scrim.id, w.admin.token);
    for (const body of [
      {},
      { userId: w.outsider.id, teamName: 'teamTwo' },
      { userId: w.outsider.id, role: 'Top' },
      { teamName: 'teamTwo', role: 'Top' },
      { userId: 'x', teamName: 'teamTwo', role: 'Top' },
    ]) {
      bad(await api.assign(w.scrim.id, body, w.admin.token), SCRIM_MESSAGES.selectAll);
    }
    expectError(
      await api.assign(
        w.scrim.id,
        { userId: '00000000-0000-4000-8000-000000000000', teamName: 'teamTwo', role: 'Support' },
        w.admin.token,
      ),
      404,
      'USER_NOT_FOUND',
    );
    bad(await api.fillRandom(w.scrim.id, w.admin.token, { region: 'XX' }));
    expect(bad(await api.swap(w.scrim.id, { team: 'teamTwo', role: 'Top' }, w.admin.token)).details?.[0]?.path).toBe(
      'userId',
    );
    // The image is the body's bytes: nothing, JSON or text is no image.
    bad(await api.addImage(w.scrim.id, Buffer.alloc(0), w.admin.token), 'No image provided');
    const addImageUrl = `/api/scrims/${w.scrim.id}/add-image`;
    bad(await api.call('PATCH', addImageUrl, { token: w.admin.token, payload: { base64: png.toString('base64') } }));
    bad(
      await api.call('PATCH', addImageUrl, {
        token: w.admin.token,
        payload: png.toString('base64'),
        headers: { 'content-type': 'text/plain' },
      }),
      'No image provided',
    );
    await expectUnchanged(before, w.scrim.id, w.admin.token);
  });

  it('answers 404 for a scrim that does not exist, on every endpoint', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const notFound = (res: LightMyRequestResponse) => {
      const body = expectError(res, 404);
      expect(body.scrim).toBeUndefined();
    };
    expectError(await api.get(missing, w.player.token), 404, 'SCRIM_NOT_FOUND', SCRIM_MESSAGES.notFound);
    notFound(await api.call('GET', `/api/scrims/${missing}/image`, { token: w.player.token }));
    notFound(await api.call('PUT', `/api/scrims/${missing}`, { token: w.admin.token, payload: updateBody(w) }));
    notFound(await api.call('DELETE', `/api/scrims/${missing}`, { token: w.admin.token }));
    notFound(await api.join(missing, w.outsider.id, TEAM_TWO_SUPPORT, w.outsider.token));
    notFound(await api.move(missing, w.player.id, TEAM_TWO_SUPPORT, w.player.token));
    notFound(await api.leave(missing, w.player.id, w.player.token));
    notFound(await api.joinCast(missing, w.outsider.id, w.outsider.token));
    notFound(await api.leaveCast(missing, w.caster.id, w.caster.token));
    notFound(await api.assign(missing, { userId: w.outsider.id, teamName: 'teamTwo', role: 'Top' }, w.admin.token));
    notFound(await api.fillRandom(missing, w.admin.token));
    notFound(await api.setWinner(missing, 'teamOne', w.admin.token));
    notFound(await api.swap(missing, { userId: w.player.id, team: 'teamTwo', role: 'Top' }, w.admin.token));
    notFound(await api.addImage(missing, png, w.admin.token, { fileName: 'a.png' }));
    notFound(await api.removeImage(missing, w.admin.token));
  });

  it('never answers 500 to odd JSON bodies on any endpoint', async () => {
    const before = await snapshot(w.scrim.id, w.admin.token);
    const routes: [Method, string][] = [
      ['POST', '/api/scrims'],
      ['PUT', `/api/scrims/${w.scrim.id}`],
      ...[
        `insert-player/${w.admin.id}`,
        `move-player/${w.admin.id}`,
        `remove-player/${w.admin.id}`,
        `insert-caster/${w.admin.id}`,
        `remove-caster/${w.admin.id}`,
        'admin-assign-player',
        'admin-fill-random',
        'set-winner',
        'swap-players',
        'add-image',
        'remove-image',
      ].map((path): [Method, string] => ['PATCH', `/api/scrims/${w.scrim.id}/${path}`]),
    ];
    const bodies = [
      'null',
      '[]',
      '"text"',
      '42',
      'true',
      '{"playerData": null}',
      '{"playerData": {"role": ["Top"], "team": {"name": {}}}}',
      '{"__proto__": {"isAdmin": true}}',
      '{',
    ];
    for (const [method, url] of routes) {
      for (const payload of bodies) {
        const res = await api.call(method, url, {
          token: w.admin.token,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${method} ${url} ${payload}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectError(res, res.statusCode);
      }
    }
    // fill-random accepts an empty body; it is the only call above that may have written (the free slot).
    const after = await api.read(w.scrim.id, w.admin.token);
    const expected = JSON.parse(before.body) as Scrim;
    expect(after.casters).toEqual(expected.casters);
    expect(after.teamOne).toEqual(expected.teamOne);
    expect(after.title).toBe(expected.title);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The hub list
// ---------------------------------------------------------------------------------------------------------------

describe('GET /api/scrims', () => {
  it('answers from its cache until a change through the API, then shows the change', async () => {
    const viewer = await createUser({ db: db() });
    const joiner = await createUser({ db: db() });
    const start = new Date('2032-02-02T00:00:00.000Z');
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(start.getTime() + HOUR) });
    const url = `/api/scrims?region=NA&startDate=${start.toISOString()}&endDate=${new Date(start.getTime() + 24 * HOUR).toISOString()}`;
    const before = await api.call('GET', url, { token: viewer.token });
    expect((before.json() as Scrim[]).find((s) => s._id === scrim.id)?.teamOne).toEqual([]);
    expect((await api.join(scrim.id, joiner.id, { team: 'teamOne', role: 'Mid' }, joiner.token)).statusCode).toBe(200);
    const after = await api.call('GET', url, { token: viewer.token });
    expect((after.json() as Scrim[]).find((s) => s._id === scrim.id)?.teamOne.map((p) => p._user._id)).toEqual([
      joiner.id,
    ]);
    expect(after.headers['content-type']).toMatch(/^application\/json/);
  });

  it('lists every public scrim of the region in [startDate, endDate), with no cap', async () => {
    const viewer = await createUser({ db: db() });
    const start = new Date('2031-05-10T00:00:00.000Z');
    const end = new Date('2031-05-11T00:00:00.000Z');
    const wanted: TestScrim[] = [await createScrim({ db: db(), gameStartTime: start })];
    for (let i = 1; i < 60; i++) {
      wanted.push(await createScrim({ db: db(), gameStartTime: new Date(start.getTime() + i * 60_000 * 23) }));
    }
    // Not in the list: private, another region, exactly at endDate, just before startDate.
    const excluded = [
      await createScrim({ db: db(), gameStartTime: new Date(start.getTime() + HOUR), isPrivate: true }),
      await createScrim({ db: db(), gameStartTime: new Date(start.getTime() + HOUR), region: 'EUW' }),
      await createScrim({ db: db(), gameStartTime: end }),
      await createScrim({ db: db(), gameStartTime: new Date(start.getTime() - 1) }),
    ];
    const res = await api.call(
      'GET',
      `/api/scrims?region=NA&startDate=${start.toISOString()}&endDate=${end.toISOString()}`,
      {
        token: viewer.token,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as Scrim[];
    expect(list).toHaveLength(60);
    expect(list.map((s) => s._id)).toEqual(wanted.map((s) => s.id));
    for (const e of excluded) expect(list.map((s) => s._id)).not.toContain(e.id);
    expect(list.every((s) => s.region === 'NA' && !s.isPrivate && !hasLobby(s))).toBe(true);

    // The other region's day has just its own scrim; an empty day is an empty array.
    const euw = await api.call(
      'GET',
      `/api/scrims?region=EUW&startDate=${start.toISOString()}&endDate=${end.toISOString()}`,
      {
        token: viewer.token,
      },
    );
    expect((euw.json() as Scrim[]).map((s) => s._id)).toEqual([excluded[1]!.id]);
    const empty = await api.call(
      'GET',
      '/api/scrims?region=OCE&startDate=2031-05-10T00:00:00.000Z&endDate=2031-05-11T00:00:00.000Z',
      {
        token: viewer.token,
      },
    );
    expect(empty.json()).toEqual([]);
  });

  it('accepts a day given with a time-zone offset (the browser sends its own day)', async () => {
    const viewer = await createUser({ db: db() });
    const scrim = await createScrim({ db: db(), gameStartTime: new Date('2031-06-02T03:30:00.000Z') });
    // 2031-06-01 in UTC-05:00 runs from 05:00Z to 05:00Z the next day.
    const res = await api.call(
      'GET',
      `/api/scrims?region=NA&startDate=${encodeURIComponent('2031-06-01T00:00:00-05:00')}&endDate=${encodeURIComponent('2031-06-02T00:00:00-05:00')}`,
      { token: viewer.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Scrim[]).map((s) => s._id)).toEqual([scrim.id]);
  });

  it('opens a private scrim by id for anyone signed in (the share link)', async () => {
    const scrim = await createScrim({ db: db(), isPrivate: true });
    const stranger = await createUser({ db: db(), region: 'EUW' });
    const got = await api.read(scrim.id, stranger.token);
    expect(got).toMatchObject({ _id: scrim.id, isPrivate: true, title: scrim.title });
    expect(hasLobby(got)).toBe(false);
  });

  it("presents a scrim with the contract's fields", async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db(), createdBy: admin.id, isWithCasters: true });
    const [p] = await createUsers({ db: db(), count: 1 });
    await addPlayers({ db: db(), scrim, users: [p!], slots: [slot('teamTwo', 'Mid')] });
    const got = await api.read(scrim.id, p!.token);
    expect(got).toEqual({
      _id: scrim.id,
      title: scrim.title,
      createdBy: {
        _id: admin.id,
        name: admin.name,
        summonerTagline: 'NA1',
        region: 'NA',
        rank: 'Gold 2',
        discord: admin.discord,
        verified: false,
        reliability: null,
      },
      region: 'NA',
      gameStartTime: scrim.gameStartTime.toISOString(),
      isPrivate: false,
      isWithCasters: true,
      maxCastersAllowedCount: 2,
      casters: [],
      teamOne: [],
      teamTwo: [
        {
          _user: expect.objectContaining({ _id: p!.id, name: p!.name }),
          role: 'Mid',
          team: { name: 'teamTwo' },
          // Not rated yet: the seed of Gold 2.
          rating: { rating: 860, provisional: true },
        },
      ],
      teamWon: null,
      abandonedAt: null,
      lobbyReady: false,
      lateLeaveFrom: new Date(scrim.gameStartTime.getTime() - LATE_LEAVE_HOURS * 3_600_000).toISOString(),
      lobbyHost: null,
      useTournamentCode: true,
      riotLobby: null,
      riotTournament: null,
      postGameImage: null,
      mode: 'slots',
      signups: [],
      balance: null,
      result: null,
      remakes: 0,
      ratingChanges: [],
      status: 'scheduled',
      cancellation: null,
      hostedBy: null,
      waitlist: [],
      checkIn: {
        opensAt: new Date(scrim.gameStartTime.getTime() - 30 * 60_000).toISOString(),
        closesAt: new Date(scrim.gameStartTime.getTime() - 5 * 60_000).toISOString(),
        checkedIn: [],
      },
      placed: [],
      substitutions: [],
      series: null,
      draft: 'none',
      draftTimerSeconds: 30,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // A player runs nothing here: every power off but a place of one's own, which a scrim outside a series offers
      // to anyone (their own state answers with its own error). security/authorization.test.ts holds each to its route.
      can: {
        ...Object.fromEntries(SCRIM_ABILITIES.map((ability) => [ability, false])),
        takeSlot: true,
        joinCast: true,
      },
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Lobby secrets
// ---------------------------------------------------------------------------------------------------------------

describe('lobby name, password and tournament code', () => {
  it('go to players and casters only once both teams are full, always to admins, never to others', async () => {
    const scrim = await createScrim({
      db: db(),
      isWithCasters: true,
      gameStartTime: new Date(Date.now() - 10 * 60_000),
    });
    await db()
      .insert(riotTournaments)
      .values({ scrimId: scrim.id, tournamentCode: `NA-CODE-${scrim.id}`, providerId: 1, tournamentId: 2 });
    const players = await createUsers({ db: db(), count: 9 });
    await addPlayers({ db: db(), scrim, users: players });
    const caster = await addCaster({ db: db(), scrim });
    const [outsider, admin, last] = await Promise.all([
      createUser({ db: db() }),
      createAdmin({ db: db() }),
      createUser({ db: db() }),
    ]);
    // Written by factories, past the service: the hub's day cached by an earlier test would not show it.
    ctx.app.scrimLists.clear();

    const secretsFor = async (token: string) => {
      const s = await api.read(scrim.id, token);
      return { lobbyName: s.lobbyName, lobbyPassword: s.lobbyPassword, code: s.riotTournament?.tournamentCode ?? null };
    };
    const none = { lobbyName: undefined, lobbyPassword: undefined, code: null };
    const all = { lobbyName: scrim.lobbyName, lobbyPassword: scrim.lobbyPassword, code: `NA-CODE-${scrim.id}` };

    // 9 of 10: nobody but the admin.
    expect(await secretsFor(players[0]!.token)).toEqual(none);
    expect(await secretsFor(caster.token)).toEqual(none);
    expect(await secretsFor(outsider.token)).toEqual(none);
    expect(await secretsFor(admin.token)).toEqual(all);
    const list = async (token: string) => {
      const from = new Date(scrim.gameStartTime.getTime() - 1000).toISOString();
      const to = new Date(scrim.gameStartTime.getTime() + 1000).toISOString();
      const res = await api.call('GET', `/api/scrims?region=NA&startDate=${from}&endDate=${to}`, { token });
      return (res.json() as Scrim[]).find((s) => s._id === scrim.id)!;
    };
    expect(hasLobby(await list(players[0]!.token))).toBe(false);

    // The 10th player's own answer already carries them.
    const joined = await api.join(scrim.id, last.id, TEAM_TWO_SUPPORT, last.token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ lobbyName: scrim.lobbyName, lobbyPassword: scrim.lobbyPassword });

    for (const member of [players[0]!, players[8]!, last, caster]) expect(await secretsFor(member.token)).toEqual(all);
    expect(await secretsFor(admin.token)).toEqual(all);
    expect(await secretsFor(outsider.token)).toEqual(none);
    // The hub's list is the same public bytes for everyone but admins; a player's own come from mine-secrets.
    expect(hasLobby(await list(players[3]!.token))).toBe(false);
    expect(await list(admin.token)).toMatchObject({ lobbyPassword: scrim.lobbyPassword });
    expect(hasLobby(await list(outsider.token))).toBe(false);
    expect((await list(outsider.token)).riotTournament?.tournamentCode).toBeNull();

    // A refused action by an outsider answers with the scrim, still without them.
    const refused = expectError(
      await api.join(scrim.id, outsider.id, slot('teamOne', 'Top'), outsider.token),
      409,
      'SPOT_TAKEN',
    );
    expect(hasLobby(refused.scrim!)).toBe(false);
    expect(refused.scrim!.riotTournament?.tournamentCode).toBeNull();

    // Full after the start: the lobby is ready for good. One leaves: the others keep it, the leaver loses it.
    expect((await api.leave(scrim.id, last.id, last.token)).statusCode).toBe(200);
    expect(await secretsFor(players[0]!.token)).toEqual(all);
    expect(await secretsFor(caster.token)).toEqual(all);
    expect(await secretsFor(last.token)).toEqual(none);
    expect(await secretsFor(outsider.token)).toEqual(none);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Joining rules
// ---------------------------------------------------------------------------------------------------------------

describe('joining, moving and leaving', () => {
  async function openScrim(overrides: Partial<typeof scrims.$inferInsert> = {}) {
    const scrim = await createScrim({ db: db(), isWithCasters: true, maxCastersAllowedCount: 2, ...overrides });
    const admin = await createAdmin({ db: db() });
    return { scrim, admin };
  }

  it('joins a free slot and answers the updated scrim', async () => {
    const { scrim } = await openScrim();
    const user = await createUser({ db: db() });
    const res = await api.join(scrim.id, user.id, slot('teamOne', 'Mid'), user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().teamOne).toEqual([
      {
        _user: expect.objectContaining({ _id: user.id, name: user.name, discord: user.discord }),
        role: 'Mid',
        team: { name: 'teamOne' },
        rating: expect.objectContaining({ provisional: true }),
      },
    ]);
    expect(res.json().lobbyHost).toBeNull();
    expect(await participantRows(scrim.id)).toMatchObject([
      { userId: user.id, kind: 'player', team: 'teamOne', role: 'Mid' },
    ]);
  });

  it('refuses a taken slot with 409, the free roles per team and the current scrim', async () => {
    const { scrim, admin } = await openScrim();
    const [a, b] = await createUsers({ db: db(), count: 2 });
    expect((await api.join(scrim.id, a!.id, slot('teamOne', 'Top'), a!.token)).statusCode).toBe(200);
    const before = await snapshot(scrim.id, admin.token);
    const body = expectError(
      await api.join(scrim.id, b!.id, slot('teamOne', 'Top'), b!.token),
      409,
      'SPOT_TAKEN',
      `spot taken! spots available for ${teamDisplayName('teamOne')}: Jungle, Mid, ADC, Support; ${teamDisplayName('teamTwo')}: Top, Jungle, Mid, ADC, Support`,
    );
    expect(body.error.startsWith('spot taken! spots available for Team One (Blue Side): ')).toBe(true);
    expect(body.scrim).toMatchObject({ _id: scrim.id, teamOne: [{ _user: { _id: a!.id }, role: 'Top' }] });
    await expectUnchanged(before, scrim.id, admin.token);
  });

  it('names only the team with room left, and says so when none is', async () => {
    const { scrim, admin } = await openScrim();
    const teamOne = await createUsers({ db: db(), count: 5 });
    await addPlayers({ db: db(), scrim, users: teamOne });
    const [late, mover] = await createUsers({ db: db(), count: 2 });
    await addPlayers({ db: db(), scrim, users: [mover!], slots: [slot('teamTwo', 'Top')] });
    expectError(
      await api.join(scrim.id, late!.id, slot('teamOne', 'ADC'), late!.token),
      409,
      'SPOT_TAKEN',
      'spot taken! spots available for Team Two (Red Side): Jungle, Mid, ADC, Support',
    );
    // A move onto a taken slot is refused the same way.
    const before = await snapshot(scrim.id, admin.token);
    expectError(await api.move(scrim.id, mover!.id, slot('teamOne', 'Mid'), mover!.token), 409, 'SPOT_TAKEN');
    await expectUnchanged(before, scrim.id, admin.token);

    const full = await createScrim({ db: db() });
    await fillScrim({ db: db(), scrim: full });
    expectError(
      await api.join(full.id, late!.id, slot('teamTwo', 'Top'), late!.token),
      409,
      'SPOT_TAKEN',
      SCRIM_MESSAGES.noSpots,
    );
  });

  it('refuses joining twice, pointing to move-player', async () => {
    const { scrim, admin } = await openScrim();
    const user = await createUser({ db: db() });
    expect((await api.join(scrim.id, user.id, slot('teamOne', 'Top'), user.token)).statusCode).toBe(200);
    const before = await snapshot(scrim.id, admin.token);
    for (const s of [slot('teamOne', 'Top'), slot('teamTwo', 'ADC')]) {
      const body = expectError(
        await api.join(scrim.id, user.id, s, user.token),
        409,
        'ALREADY_PLAYER',
        SCRIM_MESSAGES.alreadyPlayer,
      );
      expect(body.scrim?._id).toBe(scrim.id);
    }
    await expectUnchanged(before, scrim.id, admin.token);
  });

  it('keeps players and casters apart', async () => {
    const { scrim, admin } = await openScrim();
    const [caster, player] = await createUsers({ db: db(), count: 2 });
    expect((await api.joinCast(scrim.id, caster!.id, caster!.token)).statusCode).toBe(200);
    expect((await api.join(scrim.id, player!.id, slot('teamTwo', 'Jungle'), player!.token)).statusCode).toBe(200);
    const before = await snapshot(scrim.id, admin.token);
    expectError(
      await api.join(scrim.id, caster!.id, slot('teamOne', 'Top'), caster!.token),
      409,
      'ALREADY_CASTER',
      "Cannot join team: You're already a caster for this game!",
    );
    expectError(
      await api.joinCast(scrim.id, player!.id, player!.token),
      409,
      'ALREADY_PLAYER',
      "Cannot join cast: You're already a player in this game!",
    );
    expectError(await api.move(scrim.id, caster!.id, slot('teamOne', 'Top'), caster!.token), 409, 'NOT_A_PLAYER');
    expectError(await api.leaveCast(scrim.id, player!.id, player!.token), 409, 'NOT_A_CASTER');
    expectError(
      await api.assign(scrim.id, { userId: caster!.id, teamName: 'teamOne', role: 'Top' }, admin.token),
      409,
      'ALREADY_CASTER',
      SCRIM_MESSAGES.userIsCaster,
    );
    await expectUnchanged(before, scrim.id, admin.token);

    // Leaving the cast frees the user to play.
    expect((await api.leaveCast(scrim.id, caster!.id, caster!.token)).statusCode).toBe(200);
    expect((await api.join(scrim.id, caster!.id, slot('teamOne', 'Top'), caster!.token)).statusCode).toBe(200);
  });

  it('refuses a full cast and a scrim without casting', async () => {
    const { scrim, admin } = await openScrim({ maxCastersAllowedCount: 1 });
    await addCaster({ db: db(), scrim });
    const user = await createUser({ db: db() });
    const before = await snapshot(scrim.id, admin.token);
    expectError(await api.joinCast(scrim.id, user.id, user.token), 409, 'CAST_FULL', SCRIM_MESSAGES.castFull);
    await expectUnchanged(before, scrim.id, admin.token);

    const two = await createScrim({ db: db(), isWithCasters: true, maxCastersAllowedCount: 2 });
    const [c1, c2, c3] = await createUsers({ db: db(), count: 3 });
    expect((await api.joinCast(two.id, c1!.id, c1!.token)).statusCode).toBe(200);
    expect((await api.joinCast(two.id, c2!.id, c2!.token)).statusCode).toBe(200);
    expectError(await api.joinCast(two.id, c3!.id, c3!.token), 409, 'CAST_FULL');
    expect((await api.read(two.id, c3!.token)).casters.map((c) => c._id)).toEqual([c1!.id, c2!.id]);

    const off = await createScrim({ db: db(), isWithCasters: false, maxCastersAllowedCount: 0 });
    const snap = await snapshot(off.id, admin.token);
    expectError(await api.joinCast(off.id, user.id, user.token), 409, 'CASTING_OFF', SCRIM_MESSAGES.castingOff);
    await expectUnchanged(snap, off.id, admin.token);
  });

  it('moves a player to a free slot, and a no-op move to the same slot is fine', async () => {
    const { scrim } = await openScrim();
    const user = await createUser({ db: db() });
    await api.join(scrim.id, user.id, slot('teamOne', 'Top'), user.token);
    const moved = await api.move(scrim.id, user.id, slot('teamTwo', 'ADC'), user.token);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(slotsOf(moved.json())).toEqual({ 'teamTwo:ADC': user.id });
    expect((await api.move(scrim.id, user.id, slot('teamTwo', 'ADC'), user.token)).statusCode).toBe(200);
    expect(await participantRows(scrim.id)).toMatchObject([{ userId: user.id, team: 'teamTwo', role: 'ADC' }]);
  });

  it('allows no join, move, leave, cast change or kick once a winner is set', async () => {
    const { scrim, admin } = await openScrim({ gameStartTime: new Date(Date.now() - HOUR), teamWon: 'teamOne' });
    const players = await createUsers({ db: db(), count: 3 });
    await addPlayers({ db: db(), scrim, users: players });
    const caster = await addCaster({ db: db(), scrim });
    const newcomer = await createUser({ db: db() });
    const before = await snapshot(scrim.id, admin.token);
    const gameOver = (res: LightMyRequestResponse) => expectError(res, 409, 'GAME_OVER', SCRIM_MESSAGES.gameOver);
    gameOver(await api.join(scrim.id, newcomer.id, slot('teamTwo', 'Top'), newcomer.token));
    gameOver(await api.move(scrim.id, players[0]!.id, slot('teamTwo', 'Top'), players[0]!.token));
    gameOver(await api.leave(scrim.id, players[0]!.id, players[0]!.token));
    gameOver(await api.leave(scrim.id, players[1]!.id, admin.token));
    gameOver(await api.joinCast(scrim.id, newcomer.id, newcomer.token));
    gameOver(await api.leaveCast(scrim.id, caster.id, caster.token));
    gameOver(await api.assign(scrim.id, { userId: newcomer.id, teamName: 'teamTwo', role: 'Top' }, admin.token));
    gameOver(await api.swap(scrim.id, { userId: players[0]!.id, team: 'teamTwo', role: 'Top' }, admin.token));
    gameOver(await api.fillRandom(scrim.id, admin.token));
    await expectUnchanged(before, scrim.id, admin.token);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Lobby host
// ---------------------------------------------------------------------------------------------------------------

describe('lobby host', () => {
  it('is chosen among the ten when the 10th player joins, and cleared when the host leaves', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db() });
    const nine = await createUsers({ db: db(), count: 9 });
    await addPlayers({ db: db(), scrim, users: nine });
    const tenth = await createUser({ db: db() });
    expect((await api.read(scrim.id, admin.token)).lobbyHost).toBeNull();

    const res = await api.join(scrim.id, tenth.id, TEAM_TWO_SUPPORT, tenth.token);
    expect(res.statusCode, res.body).toBe(200);
    const ten = [...nine, tenth].map((u) => u.id);
    const host = (res.json() as Scrim).lobbyHost!;
    expect(ten).toContain(host._id);

    // A player who is not the host leaves: the host stays.
    const other = [...nine, tenth].find((u) => u.id !== host._id)!;
    const afterOther = (await api.leave(scrim.id, other.id, other.token)).json() as Scrim;
    expect(afterOther.lobbyHost?._id).toBe(host._id);
    // Back to ten: still the same host.
    const back = await api.join(scrim.id, other.id, freeSlotOf(afterOther), other.token);
    expect((back.json() as Scrim).lobbyHost?._id).toBe(host._id);

    // The host leaves: no host until the teams are full again.
    const hostUser = [...nine, tenth].find((u) => u.id === host._id)!;
    const afterHost = await api.leave(scrim.id, hostUser.id, hostUser.token);
    expect(afterHost.statusCode, afterHost.body).toBe(200);
    expect((afterHost.json() as Scrim).lobbyHost).toBeNull();
    expect((await api.read(scrim.id, admin.token)).lobbyHost).toBeNull();

    const replacement = await createUser({ db: db() });
    const freeSlot = freeSlotOf(afterHost.json());
    const refilled = (await api.join(scrim.id, replacement.id, freeSlot, replacement.token)).json() as Scrim;
    expect(playerIds(refilled)).toHaveLength(10);
    expect(playerIds(refilled)).toContain(refilled.lobbyHost!._id);
  });

  it('is cleared when an admin kicks the host', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db() });
    const { host } = await fillScrim({ db: db(), scrim, hostIndex: 4 });
    const res = await api.leave(scrim.id, host!.id, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lobbyHost).toBeNull();
  });

  it('is picked at random, not always the same position', async () => {
    const positions = new Set<number>();
    for (let run = 0; run < 12 && positions.size < 2; run++) {
      const scrim = await createScrim({ db: db() });
      const nine = await createUsers({ db: db(), count: 9 });
      await addPlayers({ db: db(), scrim, users: nine });
      const tenth = await createUser({ db: db() });
      const res = (await api.join(scrim.id, tenth.id, TEAM_TWO_SUPPORT, tenth.token)).json() as Scrim;
      positions.add([...nine, tenth].findIndex((u) => u.id === res.lobbyHost!._id));
    }
    expect(positions.size).toBeGreaterThan(1);
  });
});

function freeSlotOf(scrim: Scrim): Slot {
  const taken = slotsOf(scrim);
  return ALL_SLOTS.find((s) => !taken[`${s.team}:${s.role}`])!;
}

// ---------------------------------------------------------------------------------------------------------------
// Winner
// ---------------------------------------------------------------------------------------------------------------

describe('set-winner', () => {
  it('is for the host or an admin, only after the start, only once', async () => {
    const admin = await createAdmin({ db: db() });
    const future = await createScrim({ db: db() });
    const { host, players } = await fillScrim({ db: db(), scrim: future });
    let before = await snapshot(future.id, admin.token);
    expectError(await api.setWinner(future.id, 'teamOne', host!.token), 409, 'NOT_STARTED', SCRIM_MESSAGES.notStarted);
    expectError(await api.setWinner(future.id, 'teamOne', admin.token), 409, 'NOT_STARTED');
    expectError(await api.setWinner(future.id, 'teamOne', players[3]!.token), 403, 'NOT_CAPTAIN');
    await expectUnchanged(before, future.id, admin.token);

    const started = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 5 * 60_000) });
    const game = await fillScrim({ db: db(), scrim: started, hostIndex: 7 });
    before = await snapshot(started.id, admin.token);
    expectError(
      await api.setWinner(started.id, 'teamOne', game.players[0]!.token),
      403,
      'NOT_CAPTAIN',
      SCRIM_MESSAGES.onlyCaptain,
    );
    await expectUnchanged(before, started.id, admin.token);
    const res = await api.setWinner(started.id, 'teamTwo', game.host!.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().teamWon).toBe('teamTwo');
    // The captain's report waits for the other team (results/result.test.ts).
    expect(res.json().result).toMatchObject({ status: 'pending', source: 'captain', reportedBy: game.host!.id });

    before = await snapshot(started.id, admin.token);
    expectError(
      await api.setWinner(started.id, 'teamOne', game.host!.token),
      409,
      'WINNER_SET',
      SCRIM_MESSAGES.winnerSet,
    );
    await expectUnchanged(before, started.id, admin.token);
    // An admin decides over a pending report: confirmed at once; then it is set for them too.
    const decided = await api.setWinner(started.id, 'teamOne', admin.token);
    expect(decided.json()).toMatchObject({ teamWon: 'teamOne', result: { status: 'confirmed', source: 'admin' } });
    before = await snapshot(started.id, admin.token);
    expectError(await api.setWinner(started.id, 'teamTwo', admin.token), 409, 'WINNER_SET');
    await expectUnchanged(before, started.id, admin.token);

    // An admin may change or clear it in the edit form.
    const edit = (teamWon: string | null) =>
      api.call('PUT', `/api/scrims/${started.id}`, {
        token: admin.token,
        payload: {
          title: started.title,
          region: 'NA',
          gameStartTime: started.gameStartTime.toISOString(),
          isPrivate: false,
          isWithCasters: false,
          maxCastersAllowedCount: 0,
          lobbyPassword: started.lobbyPassword,
          teamWon,
          useTournamentCode: true,
        },
      });
    expect((await edit('teamTwo')).json()).toMatchObject({ teamWon: 'teamTwo', result: { status: 'confirmed' } });
    const cleared = await edit(null);
    expect(cleared.json()).toMatchObject({ teamWon: null, result: null });
    expect(cleared.json().lobbyHost._id).toBe(game.host!.id);
  });

  it('lets an admin report a scrim with no host', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 60_000) });
    await fillScrim({ db: db(), scrim, hostIndex: null });
    const res = await api.setWinner(scrim.id, 'teamOne', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().teamWon).toBe('teamOne');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Admin moves
// ---------------------------------------------------------------------------------------------------------------

describe('admin-fill-random', () => {
  /** Regions used only by these tests, so that the candidates are exactly the users made here. */
  async function regionPool(region: Region, candidates: number) {
    const pool = await createUsers({ db: db(), count: candidates, region });
    const banned = await createBannedUser({ db: db() });
    await db().update(users).set({ region }).where(eq(users.id, banned.id));
    return { pool, banned };
  }

  it('fills the empty slots with eligible users of the region: not banned, not already in the scrim', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db(), region: 'LAN', isWithCasters: true });
    const { pool, banned } = await regionPool('LAN', 12);
    // Two of them are already players, one a caster; other regions' users are never picked.
    await addPlayers({
      db: db(),
      scrim,
      users: [pool[0]!, pool[1]!],
      slots: [slot('teamOne', 'Jungle'), slot('teamTwo', 'Mid')],
    });
    const caster = await addCaster({ db: db(), scrim, user: pool[2] });
    await createUsers({ db: db(), count: 3, region: 'EUW' });

    const res = await api.fillRandom(scrim.id, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const { filledPositions, scrim: filled } = res.json() as { filledPositions: number; scrim: Scrim };
    expect(filledPositions).toBe(8);
    const ids = playerIds(filled);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    const eligible = new Set(pool.slice(3).map((u) => u.id));
    const added = ids.filter((id) => id !== pool[0]!.id && id !== pool[1]!.id);
    expect(added.every((id) => eligible.has(id))).toBe(true);
    expect(ids).not.toContain(banned.id);
    expect(ids).not.toContain(caster.id);
    expect(slotsOf(filled)['teamOne:Jungle']).toBe(pool[0]!.id);
    expect(slotsOf(filled)['teamTwo:Mid']).toBe(pool[1]!.id);
    expect(filled.casters.map((c) => c._id)).toEqual([caster.id]);
    // Teams are full: a host is chosen among the ten.
    expect(ids).toContain(filled.lobbyHost?._id);

    // Nothing left to fill.
    const again = await api.fillRandom(scrim.id, admin.token);
    expect(again.json().filledPositions).toBe(0);
  });

  it('with fewer candidates fills what it can, in the order Top…Support of teamOne then teamTwo', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db(), region: 'EUNE' });
    const { pool, banned } = await regionPool('EUNE', 4);
    await addPlayers({ db: db(), scrim, users: [pool[0]!], slots: [slot('teamOne', 'Top')] });
    const res = await api.fillRandom(scrim.id, admin.token, {});
    expect(res.statusCode, res.body).toBe(200);
    const { filledPositions, scrim: filled } = res.json() as { filledPositions: number; scrim: Scrim };
    expect(filledPositions).toBe(3);
    const slots = slotsOf(filled);
    expect(Object.keys(slots).sort()).toEqual(['teamOne:ADC', 'teamOne:Jungle', 'teamOne:Mid', 'teamOne:Top']);
    expect(new Set(Object.values(slots))).toEqual(new Set(pool.map((u) => u.id)));
    expect(Object.values(slots)).not.toContain(banned.id);
    expect(filled.lobbyHost).toBeNull();
  });

  it('takes candidates from a region given in the body', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db(), region: 'NA' });
    const oce = await createUsers({ db: db(), count: 2, region: 'OCE' });
    const res = await api.fillRandom(scrim.id, admin.token, { region: 'OCE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().filledPositions).toBe(2);
    expect(slotsOf(res.json().scrim)).toEqual({
      'teamOne:Top': expect.any(String),
      'teamOne:Jungle': expect.any(String),
    });
    expect(new Set(playerIds(res.json().scrim))).toEqual(new Set(oce.map((u) => u.id)));
  });
});

describe('swap-players', () => {
  it('exchanges two players, moves onto an empty slot, keeps the host', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db() });
    const [a, b, c] = await createUsers({ db: db(), count: 3 });
    await addPlayers({
      db: db(),
      scrim,
      users: [a!, b!, c!],
      slots: [slot('teamOne', 'Top'), slot('teamTwo', 'Mid'), slot('teamOne', 'ADC')],
    });
    await setLobbyHost({ db: db(), scrim, userId: a!.id });
    // b was placed by someone: exchanged, each keeps when they joined and whether they were placed.
    await db()
      .update(scrimParticipants)
      .set({ placed: true, joinedAt: new Date('2030-01-01T00:00:00Z') })
      .where(and(eq(scrimParticipants.scrimId, scrim.id), eq(scrimParticipants.userId, b!.id)));
    const rowsBefore = await participantRows(scrim.id);

    const swapped = await api.swap(scrim.id, { userId: a!.id, team: 'teamTwo', role: 'Mid' }, admin.token);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(slotsOf(swapped.json())).toEqual({ 'teamTwo:Mid': a!.id, 'teamOne:Top': b!.id, 'teamOne:ADC': c!.id });
    expect(swapped.json().lobbyHost._id).toBe(a!.id);
    const kept = (rows: typeof rowsBefore) =>
      rows.map(({ userId, placed, joinedAt }) => ({ userId, placed, joinedAt }));
    expect(kept(await participantRows(scrim.id))).toEqual(kept(rowsBefore));

    const moved = await api.swap(scrim.id, { userId: c!.id, team: 'teamTwo', role: 'Support' }, admin.token);
    expect(slotsOf(moved.json())).toEqual({ 'teamTwo:Mid': a!.id, 'teamOne:Top': b!.id, 'teamTwo:Support': c!.id });

    // Onto its own slot: nothing changes.
    const same = await api.swap(scrim.id, { userId: c!.id, team: 'teamTwo', role: 'Support' }, admin.token);
    expect(same.statusCode).toBe(200);
    expect(slotsOf(same.json())).toEqual(slotsOf(moved.json()));
    expect(await participantRows(scrim.id)).toHaveLength(3);

    const outsider = await createUser({ db: db() });
    const before = await snapshot(scrim.id, admin.token);
    expectError(
      await api.swap(scrim.id, { userId: outsider.id, team: 'teamOne', role: 'Top' }, admin.token),
      409,
      'NOT_A_PLAYER',
    );
    await expectUnchanged(before, scrim.id, admin.token);
  });
});

describe('admin-assign-player', () => {
  it('adds a user, moves an existing player, refuses a caster or a taken slot', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db(), isWithCasters: true });
    const [newbie, other] = await createUsers({ db: db(), count: 2 });
    const caster = await addCaster({ db: db(), scrim });

    const added = await api.assign(scrim.id, { userId: newbie!.id, teamName: 'teamOne', role: 'Support' }, admin.token);
    expect(added.statusCode, added.body).toBe(200);
    expect(slotsOf(added.json())).toEqual({ 'teamOne:Support': newbie!.id });

    const moved = await api.assign(scrim.id, { userId: newbie!.id, teamName: 'teamTwo', role: 'Jungle' }, admin.token);
    expect(slotsOf(moved.json())).toEqual({ 'teamTwo:Jungle': newbie!.id });
    expect(await participantRows(scrim.id)).toHaveLength(2);

    const before = await snapshot(scrim.id, admin.token);
    expectError(
      await api.assign(scrim.id, { userId: caster.id, teamName: 'teamOne', role: 'Top' }, admin.token),
      409,
      'ALREADY_CASTER',
      SCRIM_MESSAGES.userIsCaster,
    );
    const taken = expectError(
      await api.assign(scrim.id, { userId: other!.id, teamName: 'teamTwo', role: 'Jungle' }, admin.token),
      409,
      'SPOT_TAKEN',
    );
    expect(taken.error).toMatch(
      /^spot taken! spots available for Team One \(Blue Side\): Top, Jungle, Mid, ADC, Support; Team Two \(Red Side\): Top, Mid, ADC, Support$/,
    );
    expect(taken.scrim?._id).toBe(scrim.id);
    await expectUnchanged(before, scrim.id, admin.token);
  });

  it('a deleted account is a 404 USER_NOT_FOUND, nothing written', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db() });
    const gone = await createUser({ db: db() });
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const before = await snapshot(scrim.id, admin.token);
    expectError(
      await api.assign(scrim.id, { userId: gone.id, teamName: 'teamOne', role: 'Top' }, admin.token),
      404,
      'USER_NOT_FOUND',
    );
    await expectUnchanged(before, scrim.id, admin.token);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Create, edit, delete
// ---------------------------------------------------------------------------------------------------------------

describe('create, edit and delete (admin)', () => {
  it('creates with the defaults, the creator from the session, and refuses a foreign createdBy', async () => {
    const admin = await createAdmin({ db: db() });
    const start = new Date(Date.now() + 2 * HOUR).toISOString();
    const res = await api.call('POST', '/api/scrims', {
      token: admin.token,
      payload: { title: 'Friday 5v5', region: 'EUW', gameStartTime: start, createdBy: admin.id, adminKey: 'ignored' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Scrim;
    expect(created).toMatchObject({
      title: 'Friday 5v5',
      region: 'EUW',
      gameStartTime: start,
      isPrivate: false,
      isWithCasters: false,
      maxCastersAllowedCount: 0,
      lobbyName: 'Friday 5v5',
      lobbyHost: null,
      useTournamentCode: true,
      createdBy: { _id: admin.id },
      teamOne: [],
      teamTwo: [],
      casters: [],
    });
    expect(created.lobbyPassword).toMatch(/^[A-Za-z0-9]{8}$/);

    const withCasters = await api.call('POST', '/api/scrims', {
      token: admin.token,
      payload: {
        title: 'Cast me',
        region: 'NA',
        gameStartTime: start,
        isWithCasters: true,
        maxCastersAllowedCount: 1,
        isPrivate: true,
        lobbyHost: 'me',
        lobbyName: 'Lobby X',
        lobbyPassword: 'secret99',
      },
    });
    expect(withCasters.json()).toMatchObject({
      isWithCasters: true,
      maxCastersAllowedCount: 1,
      isPrivate: true,
      lobbyHost: { _id: admin.id },
      lobbyName: 'Lobby X',
      lobbyPassword: 'secret99',
    });

    const other = await createAdmin({ db: db() });
    const before = await scrimCount();
    expectError(
      await api.call('POST', '/api/scrims', {
        token: admin.token,
        payload: { title: 'x', region: 'NA', gameStartTime: start, createdBy: other.id },
      }),
      403,
      'IDENTITY_MISMATCH',
    );
    expect(await scrimCount()).toBe(before);
  });

  it('edits every field; lobbyHost random picks a player only when exactly 10 are in', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db(), createdBy: admin.id });
    const nine = await createUsers({ db: db(), count: 9 });
    await addPlayers({ db: db(), scrim, users: nine });
    const body = (overrides: object = {}) => ({
      title: 'Renamed',
      region: 'NA',
      gameStartTime: new Date(Date.now() + 3 * HOUR).toISOString(),
      isPrivate: true,
      isWithCasters: true,
      maxCastersAllowedCount: 1,
      lobbyName: '',
      lobbyPassword: 'newpass1',
      lobbyHost: 'random',
      teamWon: null,
      useTournamentCode: false,
      ...overrides,
    });
    const put = (payload: object) => api.call('PUT', `/api/scrims/${scrim.id}`, { token: admin.token, payload });

    const nineRes = await put(body());
    expect(nineRes.statusCode, nineRes.body).toBe(200);
    expect(nineRes.json()).toMatchObject({
      title: 'Renamed',
      isPrivate: true,
      isWithCasters: true,
      maxCastersAllowedCount: 1,
      lobbyName: 'Renamed',
      lobbyPassword: 'newpass1',
      lobbyHost: null,
      useTournamentCode: false,
    });

    const member = await put(body({ lobbyHost: nine[4]!.id }));
    expect(member.json().lobbyHost._id).toBe(nine[4]!.id);
    const me = await put(body({ lobbyHost: 'me' }));
    expect(me.json().lobbyHost._id).toBe(admin.id);
    const kept = await put(body({ lobbyHost: 'keep', title: 'Kept' }));
    expect(kept.json()).toMatchObject({ title: 'Kept', lobbyHost: { _id: admin.id } });
    // Casters off: the max becomes 0.
    expect(
      (await put(body({ lobbyHost: 'keep', isWithCasters: false, maxCastersAllowedCount: 2 }))).json()
        .maxCastersAllowedCount,
    ).toBe(0);

    // With exactly ten players, random picks one of them.
    const tenth = await createUser({ db: db() });
    await addPlayers({ db: db(), scrim, users: [tenth], slots: [TEAM_TWO_SUPPORT] });
    const ten = [...nine, tenth].map((u) => u.id);
    for (let i = 0; i < 3; i++) {
      const res = await put(body());
      expect(res.statusCode, res.body).toBe(200);
      expect(ten).toContain(res.json().lobbyHost._id);
    }
  });

  it('deletes a scrim: 404 after, and deleting again is a 404', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db() });
    await fillScrim({ db: db(), scrim });
    await addCaster({ db: db(), scrim });
    const res = await api.call('DELETE', `/api/scrims/${scrim.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expectError(await api.get(scrim.id, admin.token), 404, 'SCRIM_NOT_FOUND');
    expect(await participantRows(scrim.id)).toEqual([]);
    expectError(await api.call('DELETE', `/api/scrims/${scrim.id}`, { token: admin.token }), 404, 'SCRIM_NOT_FOUND');
  });
});
