import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScrimMatchResponse } from '@scrim-gym/shared';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { bearer, createAdmin, createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { givePuuids, storeFakeMatch, strangers } from '../../../test/match-factories.js';
import { createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { markMatchFailed, markMatchPending } from './matches.repository.js';

let ctx: TestContext;
let player: TestUser;
let admin: TestUser;
let banned: TestUser;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  [player, admin, banned] = await Promise.all([
    createUser({ db: db() }),
    createAdmin({ db: db() }),
    createBannedUser({ db: db() }),
  ]);
});
afterAll(() => ctx.close());

const get = (url: string, user?: TestUser) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });

describe('GET /api/scrims/:id/match', () => {
  it('needs a session (401) and refuses a banned user (403)', async () => {
    const scrim = await createScrim({ db: db() });
    expect((await get(`/api/scrims/${scrim.id}/match`)).statusCode).toBe(401);
    const res = await get(`/api/scrims/${scrim.id}/match`, banned);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BANNED' });
  });

  it('answers 404 for an unknown scrim and 400 for a malformed id', async () => {
    const unknown = await get(`/api/scrims/${randomUUID()}/match`, player);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'SCRIM_NOT_FOUND' });
    const malformed = await get('/api/scrims/not-a-uuid/match', player);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it("answers 'none' without a match row, then 'pending' and 'failed' without a match", async () => {
    const scrim = await createScrim({ db: db() });
    const none = await get(`/api/scrims/${scrim.id}/match`, player);
    expect(none.statusCode).toBe(200);
    // No Riot key in this app: stats come only with tournament codes once one is set.
    expect(none.json()).toEqual({ status: 'none', riotConfigured: false });
    await markMatchPending({ db: db(), scrimId: scrim.id, source: 'tournament' });
    expect((await get(`/api/scrims/${scrim.id}/match`, player)).json()).toEqual({
      status: 'pending',
      riotConfigured: false,
    });
    await markMatchFailed({ db: db(), scrimId: scrim.id, error: 'Riot never had it' });
    expect((await get(`/api/scrims/${scrim.id}/match`, admin)).json()).toEqual({
      status: 'failed',
      riotConfigured: false,
    });
  });

  it("answers 'failed' for a fetch still pending an hour past its 24-hour window (its job died)", async () => {
    const scrim = await createScrim({ db: db() });
    const dayAndTwoHoursAgo = new Date(Date.now() - 26 * 60 * 60_000);
    await markMatchPending({ db: db(), scrimId: scrim.id, source: 'tournament', since: dayAndTwoHoursAgo });
    expect((await get(`/api/scrims/${scrim.id}/match`, player)).json()).toEqual({
      status: 'failed',
      riotConfigured: false,
    });
    // Within the window it is still pending.
    const fresh = await createScrim({ db: db() });
    await markMatchPending({ db: db(), scrimId: fresh.id, source: 'tournament', since: new Date(Date.now() - 60_000) });
    expect((await get(`/api/scrims/${fresh.id}/match`, player)).json()).toMatchObject({ status: 'pending' });
  });

  it("shows a ready match: blue then red, the scrim's players named, a stranger as such, to any signed-in user", async () => {
    // A private scrim: readable by its link, as GET /api/scrims/:id (player is not in it).
    const scrim = await createScrim({ db: db(), isPrivate: true, gameStartTime: new Date(Date.now() - 3_600_000) });
    const { players } = await fillScrim({ db: db(), scrim });
    const puuids = await givePuuids({ db: db(), users: players });
    // The red ADC's place is taken by someone who is not in the scrim.
    const [stranger] = strangers('routes', 1);
    const red = [...puuids.slice(5, 8), stranger!, puuids[9]!];
    const accounts = players.map((p, i) => ({ userId: p.id, riotPuuid: puuids[i]! }));
    const { match } = await storeFakeMatch({
      db: db(),
      scrim,
      blue: puuids.slice(0, 5),
      red,
      blueWins: false,
      players: accounts,
    });

    const res = await get(`/api/scrims/${scrim.id}/match`, player);
    expect(res.statusCode).toBe(200);
    const body = res.json<ScrimMatchResponse>();
    expect(body.status).toBe('ready');
    expect(body.match).toMatchObject({
      matchId: match.matchId,
      durationSeconds: match.durationSeconds,
      patch: '15.1',
      playedAt: match.playedAt.toISOString(),
    });
    const [blue, redTeam] = body.match!.teams;
    expect(blue).toMatchObject({ side: 'blue', win: false, gold: match.teams[0]!.gold });
    expect(redTeam).toMatchObject({ side: 'red', win: true });
    expect(blue!.objectives).toEqual(match.teams[0]!.objectives);
    expect(blue!.bans).toEqual(match.teams[0]!.bans);
    expect(blue!.participants.map((p) => p.userId)).toEqual(players.slice(0, 5).map((p) => p.id));
    expect(blue!.participants.map((p) => p.name)).toEqual(players.slice(0, 5).map((p) => p.name));
    expect(redTeam!.participants.map((p) => p.puuid)).toEqual(red);
    const outsider = redTeam!.participants[3]!;
    expect(outsider).toMatchObject({ userId: null, name: null, puuid: stranger });
    const top = blue!.participants[0]!;
    const stored = match.participants[0]!;
    expect(top).toEqual({
      userId: players[0]!.id,
      name: players[0]!.name,
      puuid: stored.puuid,
      riotId: stored.riotId,
      champion: stored.champion,
      role: 'Top',
      kills: stored.kills,
      deaths: stored.deaths,
      assists: stored.assists,
      cs: stored.cs,
      gold: stored.gold,
      damage: stored.damage,
      vision: stored.vision,
      items: stored.items,
      spells: stored.spells,
      keystone: stored.keystone,
      level: stored.level,
    });
    expect(top.items).toHaveLength(7);
    expect(top.spells).toHaveLength(2);
    // Admins read it the same.
    expect((await get(`/api/scrims/${scrim.id}/match`, admin)).json()).toEqual(body);
  });
});

describe('riotConfigured', () => {
  it('is true with a Riot key, false on the tournament stub (its codes have no games)', async () => {
    for (const [env, expected] of [
      [{ RIOT_API_KEY: 'RGAPI-test-key' }, true],
      [{ RIOT_API_KEY: 'RGAPI-test-key', RIOT_TOURNAMENT_STUB: 'true' }, false],
    ] as const) {
      const other = await createTestApp(env);
      try {
        const user = await createUser({ db: other.database.db });
        const scrim = await createScrim({ db: other.database.db });
        const res = await other.app.inject({
          method: 'GET',
          url: `/api/scrims/${scrim.id}/match`,
          headers: bearer(user.token),
        });
        expect(res.json()).toEqual({ status: 'none', riotConfigured: expected });
      } finally {
        await other.close();
      }
    }
  });
});

describe('GET /api/riot/ddragon-version', () => {
  it("answers DDRAGON_BASE_URL as Data Dragon's origin, without a trailing slash", async () => {
    // Port 9 answers nothing: the version falls back, the origin is the configured one.
    const other = await createTestApp({ DDRAGON_BASE_URL: 'http://127.0.0.1:9/mirror/ddragon/' });
    try {
      const answer = await other.app.inject({ method: 'GET', url: '/api/riot/ddragon-version' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ version: '14.24.1', baseUrl: 'http://127.0.0.1:9/mirror/ddragon' });
    } finally {
      await other.close();
    }
  });
});

describe("a user's history and totals: who may call", () => {
  const paths = (id: string) => [
    `/api/users/${id}/matches`,
    `/api/users/${id}/champions`,
    `/api/users/${id}/match-roles`,
  ];

  it('needs a session (401), refuses a banned user (403), answers 404 for an unknown user', async () => {
    for (const url of paths(player.id)) {
      expect((await get(url)).statusCode, url).toBe(401);
      const refused = await get(url, banned);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'BANNED' });
    }
    for (const url of paths(randomUUID())) {
      const res = await get(url, player);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    }
  });

  it('answers any signed-in user and admins, empty for a user without games', async () => {
    for (const viewer of [player, admin]) {
      expect((await get(`/api/users/${player.id}/matches`, viewer)).json()).toEqual({ rows: [], nextCursor: null });
      expect((await get(`/api/users/${player.id}/champions`, viewer)).json()).toEqual([]);
      expect((await get(`/api/users/${player.id}/match-roles`, viewer)).json()).toEqual([]);
    }
  });

  it('refuses bad queries with a 400 that says what is wrong', async () => {
    const bad = [
      'role=Fill',
      'role=top',
      'limit=0',
      'limit=51',
      'limit=ten',
      'champion=Lee%20Sin',
      `champion=${'A'.repeat(41)}`,
      `cursor=${'a'.repeat(201)}`,
    ];
    for (const query of bad) {
      const res = await get(`/api/users/${player.id}/matches?${query}`, player);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: 'VALIDATION', error: expect.any(String) });
    }
    for (const cursor of ['not-a-cursor', Buffer.from('["yesterday","x"]').toString('base64url')]) {
      const res = await get(`/api/users/${player.id}/matches?cursor=${cursor}`, player);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Invalid cursor', code: 'BAD_CURSOR' });
    }
  });
});
