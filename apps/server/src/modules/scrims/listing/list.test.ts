import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Scrim, type ScrimSecrets } from '@scrim-gym/shared';
import { riotTournaments } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { editBody, expectError, scrimApi } from '../../../test/scrim-api.js';
import {
  addCaster,
  addPlayers,
  ALL_SLOTS,
  createScrim,
  createUsers,
  type TestScrim,
} from '../../../test/scrim-factories.js';
import { LIST_MISS_BURST } from './list-budget.js';

/**
 * The hub's list as bytes: one public body for every viewer but admins, an admin body, each with its
 * brotli and gzip copies and a content ETag; lobby secrets only through GET /api/scrims/mine-secrets, read at
 * request time; a change patches the lists its scrim belongs to and leaves the others' bytes alone.
 */
let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const cache = () => ctx.app.scrimLists;
const HOUR = 3600_000;

/** Each test has a day of its own (nothing else lists it), so caches and counts are its own. */
let nextDay = Date.parse('2033-03-01T00:00:00.000Z');
const newDay = () => {
  const from = new Date(nextDay);
  nextDay += 2 * 24 * HOUR;
  return {
    from,
    to: new Date(from.getTime() + 24 * HOUR),
    at: (hours: number) => new Date(from.getTime() + hours * HOUR),
  };
};
const dayQuery = (day: { from: Date; to: Date }, region = 'NA') =>
  `region=${region}&startDate=${day.from.toISOString()}&endDate=${day.to.toISOString()}`;

const list = (day: { from: Date; to: Date }, token: string, headers: Record<string, string> = {}) =>
  api.call('GET', `/api/scrims?${dayQuery(day)}`, { token, headers });
const secrets = (day: { from: Date; to: Date }, token?: string) =>
  api.call('GET', `/api/scrims/mine-secrets?${dayQuery(day)}`, { token });
const secretsOf = async (day: { from: Date; to: Date }, token: string): Promise<ScrimSecrets[]> => {
  const res = await secrets(day, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The identity JSON of an answer, whatever its Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

/** A full scrim (ten players, one caster) started ten minutes ago, with a tournament code. */
async function fullScrim(gameStartTime: Date, { isPrivate = false } = {}) {
  const scrim = await createScrim({ db: db(), gameStartTime, isWithCasters: true, isPrivate });
  await db()
    .insert(riotTournaments)
    .values({
      scrimId: scrim.id,
      tournamentCode: `NA-CODE-${scrim.id}`,
      providerId: 1,
      tournamentId: 2,
      lastError: 'Riot said no',
    });
  const players = await createUsers({ db: db(), count: 10 });
  await addPlayers({ db: db(), scrim, users: players });
  const caster = await addCaster({ db: db(), scrim });
  return { scrim, players, caster };
}

const secretOf = (scrim: TestScrim): ScrimSecrets => ({
  _id: scrim.id,
  lobbyName: scrim.lobbyName,
  lobbyPassword: scrim.lobbyPassword,
  tournamentCode: `NA-CODE-${scrim.id}`,
});

describe('GET /api/scrims as bytes', () => {
  it('serves brotli or gzip as accepted, each decoding to the identity body, with its headers', async () => {
    const day = newDay();
    await fullScrim(day.at(2));
    await createScrim({ db: db(), gameStartTime: day.at(5) });
    const viewer = await createUser({ db: db() });
    const identity = await list(day, viewer.token, { 'accept-encoding': 'identity' });
    expect(identity.statusCode, identity.body).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(identity.headers.vary).toBe('Accept-Encoding, Cookie, Authorization');
    expect(identity.headers['cache-control']).toBe('private, no-cache');
    expect(identity.headers.etag).toMatch(/^"p[\w-]{27}"$/);
    expect((identity.json() as Scrim[]).length).toBe(2);

    const cases: [string | undefined, string | undefined][] = [
      ['br, gzip', 'br'],
      ['gzip, deflate, br;q=0.5', 'gzip'],
      ['gzip;q=0.4, br;q=0.4', 'br'],
      ['*', 'br'],
      ['*;q=0.5, br;q=0, gzip;q=0.1', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['deflate', undefined],
      ['identity;q=0, br;q=0', undefined],
      ['BR', 'br'],
      [undefined, undefined],
    ];
    for (const [accept, encoding] of cases) {
      const res = await list(day, viewer.token, accept === undefined ? {} : { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(decoded(res), accept).toBe(identity.body);
      expect(res.headers.vary).toBe('Accept-Encoding, Cookie, Authorization');
      if (encoding) expect(res.rawPayload.length).toBeLessThan(identity.rawPayload.length / 2);
      if (encoding)
        expect(res.headers.etag).toBe(identity.headers.etag!.replace(/"$/, encoding === 'br' ? '-br"' : '-gz"'));
    }
    // The lead's @fastify/compress does not compress it again (a second Content-Encoding would break it).
    const br = await list(day, viewer.token, { 'accept-encoding': 'br' });
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
  });

  it('answers 304 to the same viewer rights with unchanged bytes, never across rights or after a change', async () => {
    const day = newDay();
    const { scrim, players } = await fullScrim(day.at(3));
    const [outsider, other, admin] = await Promise.all([
      createUser({ db: db() }),
      createUser({ db: db() }),
      createAdmin({ db: db() }),
    ]);
    const first = await list(day, outsider.token, { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;

    // The same public bytes for every viewer but admins: a player of the scrim too.
    const player = await list(day, players[0]!.token, { 'accept-encoding': 'br' });
    expect(player.headers.etag).toBe(etag);
    expect(player.rawPayload.equals(first.rawPayload)).toBe(true);
    const again = await list(day, other.token, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // Weak comparison, lists, and the same content in another encoding.
    for (const ifNoneMatch of [`W/${etag}`, `"nope", ${etag}`, etag.replace('-br"', '"'), '*']) {
      expect((await list(day, other.token, { 'if-none-match': ifNoneMatch })).statusCode, ifNoneMatch).toBe(304);
    }
    expect((await list(day, other.token, { 'if-none-match': '"nope"' })).statusCode).toBe(200);

    // An admin's bytes are another variant: the public tag never gets a 304 there, and vice versa.
    const adminAnswer = await list(day, admin.token, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(adminAnswer.statusCode).toBe(200);
    expect(adminAnswer.headers.etag).toMatch(/^"a/);
    expect(adminAnswer.headers.etag).not.toBe(etag);
    expect(decoded(adminAnswer)).toContain(scrim.lobbyPassword);
    const adminTag = adminAnswer.headers.etag as string;
    expect((await list(day, admin.token, { 'if-none-match': adminTag })).statusCode).toBe(304);
    expect((await list(day, outsider.token, { 'if-none-match': adminTag })).statusCode).toBe(200);
    expect((await list(day, players[0]!.token, { 'if-none-match': adminTag })).statusCode).toBe(200);

    // A change: the old tags name old bytes.
    expect((await api.leave(scrim.id, players[9]!.id, players[9]!.token)).statusCode).toBe(200);
    const changed = await list(day, outsider.token, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await list(day, admin.token, { 'if-none-match': adminTag })).statusCode).toBe(200);
  });

  it('refuses a bad query with 400, on the list and on mine-secrets', async () => {
    const viewer = await createUser({ db: db() });
    for (const path of ['/api/scrims', '/api/scrims/mine-secrets']) {
      for (const query of [
        '',
        'region=XX&startDate=2033-01-01T00:00:00Z&endDate=2033-01-02T00:00:00Z',
        'region=NA&startDate=yesterday&endDate=2033-01-02T00:00:00Z',
        'region=NA&startDate=2033-01-02T00:00:00Z&endDate=2033-01-01T00:00:00Z',
        'region=NA&startDate=2033-01-01T00:00:00Z&endDate=2033-02-01T00:00:00Z',
        'region=NA&region=EUW&startDate=2033-01-01T00:00:00Z&endDate=2033-01-02T00:00:00Z',
      ]) {
        expectError(await api.call('GET', `${path}?${query}`, { token: viewer.token }), 400, 'VALIDATION');
      }
    }
  });
});

describe('lobby secrets of the hub', () => {
  it('never reach the public bytes; mine-secrets gives each viewer exactly what canSeeLobby allows, at once', async () => {
    const day = newDay();
    const scrim = await createScrim({ db: db(), gameStartTime: day.at(1), isWithCasters: true });
    await db()
      .insert(riotTournaments)
      .values({ scrimId: scrim.id, tournamentCode: `NA-CODE-${scrim.id}`, providerId: 1, tournamentId: 2 });
    const players = await createUsers({ db: db(), count: 9 });
    await addPlayers({ db: db(), scrim, users: players });
    const caster = await addCaster({ db: db(), scrim });
    const { scrim: other } = await fullScrim(day.at(4));
    const [outsider, admin, last] = await Promise.all([
      createUser({ db: db() }),
      createAdmin({ db: db() }),
      createUser({ db: db() }),
    ]);
    const viewers: TestUser[] = [outsider, last, caster, ...players];
    const expectNoSecretInPublicBytes = async () => {
      for (const viewer of viewers) {
        for (const accept of ['identity', 'br', 'gzip']) {
          const body = decoded(await list(day, viewer.token, { 'accept-encoding': accept }));
          for (const s of [scrim, other]) {
            expect(body).not.toContain(s.lobbyPassword);
            expect(body).not.toContain(s.lobbyName);
            expect(body).not.toContain(`NA-CODE-${s.id}`);
          }
          expect(body).not.toContain('Riot said no');
        }
      }
    };

    // 9 of 10: nobody but the admin; the admin sees every scrim's (and Riot's error) in their own bytes.
    await expectNoSecretInPublicBytes();
    for (const viewer of viewers) expect(await secretsOf(day, viewer.token)).toEqual([]);
    expect(await secretsOf(day, admin.token)).toEqual([secretOf(scrim), secretOf(other)]);
    const adminBody = decoded(await list(day, admin.token, { 'accept-encoding': 'gzip' }));
    expect(adminBody).toContain(scrim.lobbyPassword);
    expect(adminBody).toContain(other.lobbyPassword);
    expect(adminBody).toContain('Riot said no');

    // The scrim fills: its ten players and its caster get them on their next request, nobody else.
    expect((await api.join(scrim.id, last.id, ALL_SLOTS[9]!, last.token)).statusCode).toBe(200);
    for (const member of [last, caster, players[0]!, players[8]!]) {
      expect(await secretsOf(day, member.token)).toEqual([secretOf(scrim)]);
    }
    expect(await secretsOf(day, outsider.token)).toEqual([]);
    await expectNoSecretInPublicBytes();

    // One leaves: at once, on the next request, neither they nor the others (no longer full) get them.
    expect((await api.leave(scrim.id, last.id, last.token)).statusCode).toBe(200);
    for (const viewer of viewers) expect(await secretsOf(day, viewer.token)).toEqual([]);
    expect(await secretsOf(day, admin.token)).toEqual([secretOf(scrim), secretOf(other)]);

    // Full again, then the caster leaves the cast: the caster loses them, the players keep them.
    expect((await api.join(scrim.id, last.id, ALL_SLOTS[9]!, last.token)).statusCode).toBe(200);
    expect(await secretsOf(day, caster.token)).toEqual([secretOf(scrim)]);
    expect((await api.leaveCast(scrim.id, caster.id, caster.token)).statusCode).toBe(200);
    expect(await secretsOf(day, caster.token)).toEqual([]);
    expect(await secretsOf(day, last.token)).toEqual([secretOf(scrim)]);
    await expectNoSecretInPublicBytes();
  });

  it('mine-secrets: 401 without a session, 403 banned; only the day and region asked; private scrims never', async () => {
    const day = newDay();
    const { scrim, players } = await fullScrim(day.at(2));
    const hidden = await fullScrim(day.at(2), { isPrivate: true });
    // A private scrim is never in a list: its players get nothing here (its page carries its secrets).
    expect(await secretsOf(day, hidden.players[0]!.token)).toEqual([]);
    const banned = await createBannedUser({ db: db() });
    expectError(await secrets(day), 401, 'UNAUTHORIZED');
    expectError(await secrets(day, banned.token), 403, 'BANNED');
    expect(await secretsOf(day, players[0]!.token)).toEqual([secretOf(scrim)]);
    const otherRegion = await api.call('GET', `/api/scrims/mine-secrets?${dayQuery(day, 'EUW')}`, {
      token: players[0]!.token,
    });
    expect(otherRegion.json()).toEqual([]);
    expect(await secretsOf(newDay(), players[0]!.token)).toEqual([]);
  });
});

describe('a change patches the cached lists', () => {
  it('updates only the lists of the changed scrim, without a database load, visible on the next request', async () => {
    const [dayA, dayB] = [newDay(), newDay()];
    const a = await createScrim({ db: db(), gameStartTime: dayA.at(2) });
    const early = await createScrim({ db: db(), gameStartTime: dayA.at(1) });
    const late = await createScrim({ db: db(), gameStartTime: dayA.at(8) });
    const b = await createScrim({ db: db(), gameStartTime: dayB.at(2) });
    const [viewer, joiner, admin] = await Promise.all([
      createUser({ db: db() }),
      createUser({ db: db() }),
      createAdmin({ db: db() }),
    ]);
    const ids = (res: LightMyRequestResponse) => (JSON.parse(decoded(res)) as Scrim[]).map((s) => s._id);
    const beforeA = await list(dayA, viewer.token);
    const beforeB = await list(dayB, viewer.token);
    const adminB = await list(dayB, admin.token);
    expect(ids(beforeA)).toEqual([early.id, a.id, late.id]);
    const loads = cache().loads;

    expect((await api.join(a.id, joiner.id, ALL_SLOTS[2]!, joiner.token)).statusCode).toBe(200);
    const afterA = await list(dayA, viewer.token);
    expect((JSON.parse(decoded(afterA)) as Scrim[])[1]!.teamOne.map((p) => p._user._id)).toEqual([joiner.id]);
    expect(afterA.headers.etag).not.toBe(beforeA.headers.etag);
    const afterB = await list(dayB, viewer.token);
    expect(afterB.headers.etag).toBe(beforeB.headers.etag);
    expect((await list(dayB, admin.token)).headers.etag).toBe(adminB.headers.etag);
    expect(cache().loads).toBe(loads);

    // Edited to day B (before b, created earlier: the order is start time, then creation), then made private, then deleted.
    const edit = (scrim: TestScrim, changes: object) =>
      api.call('PUT', `/api/scrims/${scrim.id}`, { token: admin.token, payload: editBody(scrim, changes) });
    const moved = await edit(early, { gameStartTime: dayB.at(2).toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(ids(await list(dayA, viewer.token))).toEqual([a.id, late.id]);
    expect(ids(await list(dayB, viewer.token))).toEqual([early.id, b.id]);
    expect(ids(await list(dayB, admin.token))).toEqual([early.id, b.id]);
    expect((await edit(late, { gameStartTime: dayA.at(0.5).toISOString() })).statusCode).toBe(200);
    expect(ids(await list(dayA, viewer.token))).toEqual([late.id, a.id]);
    expect((await edit(a, { isPrivate: true })).statusCode).toBe(200);
    expect(ids(await list(dayA, viewer.token))).toEqual([late.id]);
    expect((await api.call('DELETE', `/api/scrims/${late.id}`, { token: admin.token })).statusCode).toBe(200);
    expect(ids(await list(dayA, viewer.token))).toEqual([]);
    // A new scrim appears in its day.
    const created = await api.call('POST', '/api/scrims', {
      token: admin.token,
      payload: { title: 'New one', region: 'NA', gameStartTime: dayB.at(1).toISOString() },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(ids(await list(dayB, viewer.token))).toEqual([created.json()._id, early.id, b.id]);
    expect(cache().loads).toBe(loads);
  });
});

describe('a range of the hub', () => {
  const range = (from: Date, to: Date, token: string) =>
    api.call('GET', `/api/scrims?${dayQuery({ from, to })}`, { token });
  const idsOf = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return (JSON.parse(decoded(res)) as Scrim[]).map((s) => s._id);
  };

  it('shares one database load between ranges within the same UTC days (browsers of any time zone)', async () => {
    const day = newDay();
    const early = await createScrim({ db: db(), gameStartTime: day.at(1) });
    const late = await createScrim({ db: db(), gameStartTime: day.at(20) });
    const viewer = await createUser({ db: db() });
    const loads = cache().loads;
    expect(idsOf(await range(day.from, day.to, viewer.token))).toEqual([early.id, late.id]);
    // A UTC+05:30 browser's day, a range to the millisecond, the same day asked again: no load.
    expect(idsOf(await range(new Date(day.from.getTime() - 5.5 * HOUR), day.at(18.5), viewer.token))).toEqual([
      early.id,
    ]);
    expect(idsOf(await range(new Date(day.from.getTime() + 1), day.at(23.999), viewer.token))).toEqual([
      early.id,
      late.id,
    ]);
    // The UTC day before was loaded for the first range (it touches it); the day itself once.
    expect(cache().loads).toBe(loads + 2);
    expect(idsOf(await range(day.at(1), day.at(20), viewer.token))).toEqual([early.id]);
    expect(cache().loads).toBe(loads + 2);
  });

  it('answers exactly the scrims starting in [startDate, endDate), across UTC days, in order', async () => {
    const day = newDay();
    const at = (hours: number) => createScrim({ db: db(), gameStartTime: day.at(hours) });
    const [a, b, c, d, e] = [await at(4), await at(5), await at(9.5), await at(10), await at(30)];
    await createScrim({ db: db(), gameStartTime: day.at(6), isPrivate: true });
    const viewer = await createUser({ db: db() });
    const edge = new Date(day.at(5).getTime() - 1);
    expect(idsOf(await range(day.at(5), day.at(10), viewer.token))).toEqual([b.id, c.id]);
    expect(idsOf(await range(edge, day.at(10), viewer.token))).toEqual([b.id, c.id]);
    expect(idsOf(await range(day.at(4), new Date(day.at(10).getTime() + 1), viewer.token))).toEqual([
      a.id,
      b.id,
      c.id,
      d.id,
    ]);
    // A UTC-04:00 browser's evening runs into the next UTC day.
    expect(idsOf(await range(day.at(9.75), day.at(31), viewer.token))).toEqual([d.id, e.id]);
    expect(idsOf(await range(day.at(5.5), day.at(9), viewer.token))).toEqual([]);
    // The same scrims asked by different ranges are the same bytes.
    const one = await range(day.at(5), day.at(10), viewer.token);
    const other = await range(day.at(4.5), day.at(9.9), viewer.token);
    expect(other.headers.etag).toBe(one.headers.etag);
  });

  it('refuses a range longer than 8 days with 400', async () => {
    const viewer = await createUser({ db: db() });
    const from = new Date('2033-01-01T00:00:00.000Z');
    const res = await range(from, new Date(from.getTime() + 8 * 24 * HOUR + 1), viewer.token);
    expect(expectError(res, 400, 'VALIDATION').error).toBe('The range can span at most 8 days');
    expect((await range(from, new Date(from.getTime() + 8 * 24 * HOUR), viewer.token)).statusCode).toBe(200);
  });

  it("limits one user's requests the cache cannot answer (429), while another user's hub is served from cache", async () => {
    const day = newDay();
    const scrim = await createScrim({ db: db(), gameStartTime: day.at(3) });
    const [attacker, bystander] = await Promise.all([createUser({ db: db() }), createUser({ db: db() })]);
    const first = await list(day, bystander.token);
    expect(idsOf(first)).toEqual([scrim.id]);

    // Distinct ranges within a cached day cost nothing, however many.
    const loads = cache().loads;
    for (let ms = 1; ms <= 2 * LIST_MISS_BURST; ms++) {
      expect(idsOf(await range(new Date(day.from.getTime() + ms), day.to, attacker.token))).toEqual([scrim.id]);
    }
    expect(cache().loads).toBe(loads);

    // Days nobody asked for: a load each, up to the burst, then 429 with Retry-After and no load.
    const far = Date.parse('2041-01-01T00:00:00.000Z');
    const farDay = (i: number) => [new Date(far + i * 24 * HOUR), new Date(far + (i + 1) * 24 * HOUR)] as const;
    for (let i = 0; i < LIST_MISS_BURST; i++) {
      expect((await range(...farDay(i), attacker.token)).statusCode).toBe(200);
    }
    const loadsAtCap = cache().loads;
    const refused = await range(...farDay(LIST_MISS_BURST), attacker.token);
    expectError(refused, 429, 'RATE_LIMITED', MESSAGES.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(cache().loads).toBe(loadsAtCap);

    // The bystander: the same bytes from cache, and a day of their own still loads.
    const again = await list(day, bystander.token, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(cache().loads).toBe(loadsAtCap);
    expect((await range(...farDay(LIST_MISS_BURST), bystander.token)).statusCode).toBe(200);
    expect(cache().loads).toBe(loadsAtCap + 1);
  });
});
