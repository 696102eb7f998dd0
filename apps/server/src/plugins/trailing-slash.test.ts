import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { createTestApp, type TestContext } from '../test/app.js';
import { bearer, createAdmin, createBannedUser, createUser, type TestUser } from '../test/factories.js';
import { expectError } from '../test/scrim-api.js';
import { createScrim, fillScrim } from '../test/scrim-factories.js';

let ctx: TestContext;
let admin: TestUser;
let player: TestUser;
const PUBLIC_URL = 'http://scrims.test';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
  admin = await createAdmin({ db: ctx.database.db });
  player = await createUser({ db: ctx.database.db });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(token && bearer(token)), ...(payload && { origin: PUBLIC_URL }) },
    ...(payload && { payload }),
  });

const newScrim = (overrides: object = {}) => ({
  title: 'Trailing Slash Cup',
  region: 'NA',
  gameStartTime: new Date(Date.now() + 3_600_000).toISOString(),
  ...overrides,
});

describe('the API answers with or without a trailing slash', () => {
  it('GET, POST, PUT, PATCH and DELETE paths of the contract', async () => {
    const day = new Date();
    const query = `region=NA&startDate=${new Date(day.getTime() - 86_400_000).toISOString()}&endDate=${new Date(day.getTime() + 86_400_000).toISOString()}`;
    for (const url of [`/api/scrims?${query}`, `/api/scrims/?${query}`]) {
      expect((await call('GET', url, player.token)).statusCode, url).toBe(200);
    }
    for (const url of ['/api/auth/session', '/api/auth/session/']) {
      expect((await call('GET', url, player.token)).statusCode, url).toBe(200);
    }

    const created = await call('POST', '/api/scrims/', admin.token, newScrim());
    expect(created.statusCode, created.body).toBe(201);
    const scrim = created.json<Scrim>();
    const edit = {
      ...newScrim({ title: 'Renamed' }),
      isPrivate: false,
      isWithCasters: false,
      maxCastersAllowedCount: 0,
    };
    const put = await call('PUT', `/api/scrims/${scrim._id}/`, admin.token, {
      ...edit,
      lobbyPassword: 'pass1234',
      teamWon: null,
      useTournamentCode: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    const join = await call('PATCH', `/api/scrims/${scrim._id}/insert-player/${player.id}/`, player.token, {
      playerData: { role: 'Top', team: { name: 'teamOne' } },
    });
    expect(join.statusCode, join.body).toBe(200);
    expect((await call('GET', `/api/scrims/${scrim._id}/`, player.token)).json<Scrim>().teamOne).toHaveLength(1);
    const del = await call('DELETE', `/api/scrims/${scrim._id}/`, admin.token);
    expect(del.statusCode, del.body).toBe(200);
    expect((await call('GET', `/api/scrims/${scrim._id}`, player.token)).statusCode).toBe(404);
  });

  it('keeps every check: no session 401, banned 403, non-admin 403, cross-origin 403, bad input 400', async () => {
    expectError(await call('GET', '/api/notifications/user-notifications/'), 401);
    const banned = await createBannedUser({ db: ctx.database.db });
    expectError(await call('GET', '/api/notifications/user-notifications/', banned.token), 403);
    expectError(await call('POST', '/api/scrims/', player.token, newScrim()), 403);
    const crossOrigin = await ctx.app.inject({
      method: 'POST',
      url: '/api/scrims/',
      headers: { ...bearer(admin.token), origin: 'https://evil.test' },
      payload: newScrim(),
    });
    expectError(crossOrigin, 403, 'CROSS_ORIGIN');
    expectError(await call('POST', '/api/scrims/', admin.token, newScrim({ title: '' })), 400, 'VALIDATION');
  });

  // Disguised spellings with a trailing slash are sent as raw request lines in security/encoded-paths.test.ts.
  it('an unknown path with a slash is a JSON 404, never the SPA', async () => {
    expectError(await call('GET', '/api/nothing-here/', player.token), 404, 'NOT_FOUND');
    expectError(await call('GET', '/api/', player.token), 404, 'NOT_FOUND');
  });
});

describe("POST /api/scrims accepts the original client's lobbyHost: null (random)", () => {
  it('creates the scrim with no host yet; a host is drawn when both teams fill', async () => {
    const res = await call('POST', '/api/scrims', admin.token, newScrim({ lobbyHost: null }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Scrim>().lobbyHost).toBeNull();
    // As 'random' and as no lobbyHost at all.
    for (const lobbyHost of ['random', undefined]) {
      const other = await call('POST', '/api/scrims', admin.token, newScrim({ lobbyHost }));
      expect(other.statusCode, other.body).toBe(201);
      expect(other.json<Scrim>().lobbyHost).toBeNull();
    }
    // The edit form's null means random too: with ten players in, one of them.
    const full = await createScrim({ db: ctx.database.db });
    const { players } = await fillScrim({ db: ctx.database.db, scrim: full, hostIndex: null });
    const read = (await call('GET', `/api/scrims/${full.id}`, admin.token)).json<Scrim>();
    const edit = await call('PUT', `/api/scrims/${full.id}`, admin.token, {
      title: read.title,
      region: read.region,
      gameStartTime: read.gameStartTime,
      isPrivate: false,
      isWithCasters: false,
      maxCastersAllowedCount: 0,
      lobbyPassword: 'pass1234',
      lobbyHost: null,
      teamWon: null,
      useTournamentCode: false,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(players.map((p) => p.id)).toContain(edit.json<Scrim>().lobbyHost?._id);
  });

  it('refuses any other lobbyHost value with 400', async () => {
    for (const lobbyHost of [42, 'someone', false]) {
      expectError(await call('POST', '/api/scrims', admin.token, newScrim({ lobbyHost })), 400, 'VALIDATION');
    }
  });
});
