import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_MESSAGES, SOCKET_EVENTS, type ScrimMatchResponse } from '@scrim-gym/shared';
import { matchParticipants, scrimMatches } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { bearer, createAdmin, createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot } from '../../../test/fake-riot.js';
import { givePuuids, strangers } from '../../../test/match-factories.js';
import { createScrim, fillScrim, type TestScrim } from '../../../test/scrim-factories.js';
import { connectClient, listenLocally, type TestClient } from '../../../test/socket-client.js';

const HOUR = 3_600_000;
let fake: FakeRiot;
let ctx: TestContext;
let url: string;
let admin: TestUser;
let player: TestUser;
let banned: TestUser;
const clients: TestClient[] = [];
const db = () => ctx.database.db;

beforeAll(async () => {
  fake = await startFakeRiot();
  ctx = await createTestApp({ RIOT_API_KEY: fake.apiKey, RIOT_API_BASE_URL: fake.url, DDRAGON_BASE_URL: fake.url });
  url = await listenLocally(ctx.app);
  [admin, player, banned] = await Promise.all([
    createAdmin({ db: db() }),
    createUser({ db: db() }),
    createBannedUser({ db: db() }),
  ]);
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  fake.reset();
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

/** A scrim played with a manual lobby: ten players with PUUIDs, started an hour ago. */
async function playedScrim(overrides: Partial<TestScrim> = {}) {
  const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - HOUR), ...overrides });
  const { players } = await fillScrim({ db: db(), scrim });
  const puuids = await givePuuids({ db: db(), users: players });
  return { scrim, players, puuids, blue: puuids.slice(0, 5), red: puuids.slice(5) };
}

function attach(scrimId: string, body: unknown, user: TestUser | null = admin, app = ctx.app) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/scrims/${scrimId}/attach-match`,
    headers: user ? bearer(user.token) : {},
    payload: body as object,
  });
}

const storedRows = async (scrimId: string) => ({
  match: await db().select().from(scrimMatches).where(eq(scrimMatches.scrimId, scrimId)),
  participants: await db().select().from(matchParticipants).where(eq(matchParticipants.scrimId, scrimId)),
});

async function expectNothingWritten(scrimId: string) {
  expect(await storedRows(scrimId)).toEqual({ match: [], participants: [] });
}

const matchRequests = () => fake.apiRequests().filter((r) => r.path.startsWith('/lol/match/v5/'));

describe('POST /api/admin/scrims/:id/attach-match', () => {
  it("attaches the match: stored once for the scrim with every player linked, live in the scrim's room", async () => {
    const { scrim, players, blue, red } = await playedScrim();
    const matchId = fake.addMatch({ blue, red, blueWins: true });
    const watcher = await connectClient(url, player.token);
    clients.push(watcher);
    expect(await watcher.request(SOCKET_EVENTS.joinScrimRoom, scrim.id, 10_000)).toEqual({ ok: true, data: null });

    // Ids are taken in any case (Riot's are upper case).
    const res = await attach(scrim.id, { matchId: ` ${matchId.toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ScrimMatchResponse>();
    expect(body).toMatchObject({ status: 'ready', riotConfigured: true, match: { matchId, patch: '15.1' } });
    const [blueTeam, redTeam] = body.match!.teams;
    expect(blueTeam).toMatchObject({ side: 'blue', win: true });
    expect(redTeam).toMatchObject({ side: 'red', win: false });
    expect(blueTeam!.participants.map((p) => p.userId)).toEqual(players.slice(0, 5).map((p) => p.id));
    expect(redTeam!.participants.map((p) => p.name)).toEqual(players.slice(5).map((p) => p.name));
    // Bans named from the fake's Data Dragon champion.json.
    expect(blueTeam!.bans.every((ban) => typeof ban === 'string')).toBe(true);

    expect(await watcher.next(SOCKET_EVENTS.scrimMatch)).toEqual({ scrimId: scrim.id, status: 'ready' });
    const { match, participants } = await storedRows(scrim.id);
    expect(match[0]).toMatchObject({ status: 'ready', source: 'admin', matchId, attachedBy: admin.id });
    expect(participants).toHaveLength(10);
    // Fetched by id on the scrim's regional host.
    expect(matchRequests().map((r) => [r.path, r.routing])).toEqual([[`/lol/match/v5/matches/${matchId}`, 'americas']]);

    // The scrim page and the players' histories read it.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/scrims/${scrim.id}/match`,
      headers: bearer(player.token),
    });
    expect(page.json()).toEqual(body);
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${players[0]!.id}/matches`,
      headers: bearer(player.token),
    });
    expect(history.json().rows).toMatchObject([{ scrimId: scrim.id, matchId, role: 'Top', side: 'blue', win: true }]);
  });

  it('takes a match with 8 of the 10 players (two strangers), refuses one with 7', async () => {
    const eight = await playedScrim();
    const others = strangers('eight', 2);
    const ok = fake.addMatch({ blue: eight.blue, red: [...eight.red.slice(0, 3), ...others], blueWins: false });
    const res = await attach(eight.scrim.id, { matchId: ok });
    expect(res.statusCode, res.body).toBe(200);
    const red = res.json<ScrimMatchResponse>().match!.teams[1]!;
    expect(red.participants.map((p) => p.userId)).toEqual([...eight.players.slice(5, 8).map((p) => p.id), null, null]);

    const seven = await playedScrim();
    const tooFew = fake.addMatch({
      blue: seven.blue,
      red: [...seven.red.slice(0, 2), ...strangers('seven', 3)],
      blueWins: true,
    });
    const refused = await attach(seven.scrim.id, { matchId: tooFew });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: MATCH_MESSAGES.tooFewPlayers(7), code: 'MATCH_PLAYERS_MISMATCH' });
    await expectNothingWritten(seven.scrim.id);
  });

  it('is for admins only, decided before the body is read', async () => {
    const { scrim, blue, red } = await playedScrim();
    const matchId = fake.addMatch({ blue, red, blueWins: true });
    expect((await attach(scrim.id, { matchId }, null)).statusCode).toBe(401);
    const asBanned = await attach(scrim.id, { matchId }, banned);
    expect(asBanned.statusCode).toBe(403);
    expect(asBanned.json()).toMatchObject({ code: 'BANNED' });
    for (const user of [player, await createUser({ db: db() })]) {
      const res = await attach(scrim.id, { matchId }, user);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      // A player's invalid body is not even validated.
      expect((await attach(scrim.id, { matchId: 'nope' }, user)).statusCode).toBe(403);
    }
    expect(matchRequests()).toEqual([]);
    await expectNothingWritten(scrim.id);
  });

  it("refuses an id that is not a Riot match id, or is another region's, before asking Riot", async () => {
    const { scrim } = await playedScrim();
    for (const body of [
      { matchId: 'hello' },
      { matchId: '4812345678' },
      { matchId: 'NA1-4812345678' },
      { matchId: `NA1_${'1'.repeat(30)}` },
      { matchId: 4812345678 },
      {},
      [],
    ]) {
      const res = await attach(scrim.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: MATCH_MESSAGES.matchIdInvalid, code: 'MATCH_ID_INVALID' });
    }
    for (const matchId of ['EUW1_4812345678', 'KR_4812345678', 'NA_4812345678']) {
      const res = await attach(scrim.id, { matchId });
      expect(res.statusCode, matchId).toBe(400);
      expect(res.json()).toEqual({ error: MATCH_MESSAGES.matchWrongRegion('NA'), code: 'MATCH_WRONG_REGION' });
    }
    // An EUW scrim takes EUW1 ids only.
    const euw = await createScrim({ db: db(), region: 'EUW' });
    expect((await attach(euw.id, { matchId: 'NA1_4812345678' })).json()).toMatchObject({ code: 'MATCH_WRONG_REGION' });
    // A malformed scrim id is the generic validation error; an unknown scrim a 404.
    expect((await attach('not-a-uuid', { matchId: 'NA1_1' })).json()).toMatchObject({ code: 'VALIDATION' });
    const unknown = await attach(randomUUID(), { matchId: 'NA1_1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'SCRIM_NOT_FOUND' });
    expect(matchRequests()).toEqual([]);
    await expectNothingWritten(scrim.id);
  });

  it('refuses a scrim that was not played: not started, not full, cancelled', async () => {
    const future = await playedScrim({ gameStartTime: new Date(Date.now() + HOUR) });
    const notFull = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - HOUR) });
    const cancelled = await playedScrim({ cancelledAt: new Date(), cancelReason: 'rain' });
    for (const { id } of [future.scrim, notFull, cancelled.scrim]) {
      const matchId = fake.addMatch({ blue: future.blue, red: future.red, blueWins: true });
      const res = await attach(id, { matchId });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: MATCH_MESSAGES.notPlayed, code: 'NOT_STARTED' });
      await expectNothingWritten(id);
    }
    expect(matchRequests()).toEqual([]);
  });

  it('refuses a scrim that has its match, and a match attached to another scrim', async () => {
    const first = await playedScrim();
    const matchId = fake.addMatch({ blue: first.blue, red: first.red, blueWins: true });
    expect((await attach(first.scrim.id, { matchId })).statusCode).toBe(200);
    const before = await storedRows(first.scrim.id);

    const another = fake.addMatch({ blue: first.blue, red: first.red, blueWins: false });
    const again = await attach(first.scrim.id, { matchId: another });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: MATCH_MESSAGES.scrimHasMatch, code: 'SCRIM_HAS_MATCH' });

    const second = await playedScrim();
    const taken = await attach(second.scrim.id, { matchId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: MATCH_MESSAGES.alreadyAttached, code: 'MATCH_ALREADY_ATTACHED' });
    await expectNothingWritten(second.scrim.id);
    expect(await storedRows(first.scrim.id)).toEqual(before);
  });

  it("answers Riot's refusals with a clear 4xx and writes nothing", async () => {
    const { scrim, blue, red } = await playedScrim();
    const unknown = await attach(scrim.id, { matchId: 'NA1_1234' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: MATCH_MESSAGES.matchNotFound, code: 'MATCH_NOT_FOUND' });

    const matchId = fake.addMatch({ blue, red, blueWins: true });
    fake.inject({ match: '/lol/match/v5/', status: 403 });
    const refused = await attach(scrim.id, { matchId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: MATCH_MESSAGES.riotRefused, code: 'RIOT_FAILED' });

    // Riot down: the client's retries run out.
    fake.inject({ match: '/lol/match/v5/', status: 500, times: 10 });
    const down = await attach(scrim.id, { matchId });
    expect(down.statusCode).toBe(422);
    expect(down.json()).toEqual({ error: MATCH_MESSAGES.riotUnavailable, code: 'RIOT_FAILED' });
    fake.reset();

    fake.inject({ match: '/lol/match/v5/', drop: true, times: 10 });
    const dropped = await attach(scrim.id, { matchId });
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json()).toMatchObject({ code: 'RIOT_FAILED' });
    fake.reset();
    await expectNothingWritten(scrim.id);

    // Once Riot answers again, the same id attaches.
    expect((await attach(scrim.id, { matchId })).statusCode).toBe(200);
  });

  it('refuses a malformed match body (not a MatchDto, or one listing a player twice)', async () => {
    const { scrim, blue, red } = await playedScrim();
    const matchId = fake.addMatch({ blue, red, blueWins: true });
    const good = fake.matches.get(matchId) as { info: { participants: unknown[] } };
    fake.matches.set(matchId, { bad: true });
    const garbage = await attach(scrim.id, { matchId });
    expect(garbage.statusCode).toBe(422);
    expect(garbage.json()).toEqual({ error: MATCH_MESSAGES.matchMalformed, code: 'RIOT_FAILED' });

    const twice = structuredClone(good);
    twice.info.participants[1] = twice.info.participants[0];
    fake.matches.set(matchId, twice);
    const duplicate = await attach(scrim.id, { matchId });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ error: MATCH_MESSAGES.matchMalformed, code: 'RIOT_FAILED' });
    await expectNothingWritten(scrim.id);
  });

  // Last in this app: the client remembers Riot's Retry-After for the method.
  it("passes Riot's rate limit on as a 429 with Retry-After", async () => {
    const { scrim, blue, red } = await playedScrim();
    const matchId = fake.addMatch({ blue, red, blueWins: true });
    fake.inject({ match: '/lol/match/v5/', status: 429, retryAfterSeconds: 120, rateLimitType: 'method', times: 5 });
    const res = await attach(scrim.id, { matchId });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('120');
    expect(res.json()).toEqual({ error: MATCH_MESSAGES.riotRateLimited, code: 'RIOT_RATE_LIMITED' });
    await expectNothingWritten(scrim.id);
  });
});

describe('without a Riot key', () => {
  it('refuses the attach with 409 and says why', async () => {
    const other = await createTestApp();
    try {
      const otherAdmin = await createAdmin({ db: other.database.db });
      const scrim = await createScrim({ db: other.database.db, gameStartTime: new Date(Date.now() - HOUR) });
      await fillScrim({ db: other.database.db, scrim });
      const res = await attach(scrim.id, { matchId: 'NA1_4812345678' }, otherAdmin, other.app);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: MATCH_MESSAGES.riotNotConfigured, code: 'RIOT_FAILED' });
    } finally {
      await other.close();
    }
  });
});
