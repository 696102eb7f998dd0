import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SCRIM_MESSAGES, type Scrim } from '@scrim-gym/shared';
import { scrimParticipants, users } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createBannedUser, createUser } from '../../../test/factories.js';
import { expectError, playerData, scrimApi, slotsOf } from '../../../test/scrim-api.js';
import { addCaster, addPlayers, createScrim, createUsers, fillScrim } from '../../../test/scrim-factories.js';

/**
 * Game day: a caster switches to a slot in one step, a winner needs two full teams, fill random says
 * what it could not fill, and the web can tell whether this server makes tournament codes.
 */
let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const HOUR = 60 * 60 * 1000;
const TEAM_TWO_SUPPORT = { team: 'teamTwo', role: 'Support' } as const;

const rowsOf = (scrimId: string) =>
  db()
    .select()
    .from(scrimParticipants)
    .where(eq(scrimParticipants.scrimId, scrimId))
    .orderBy(asc(scrimParticipants.userId));

const switchToPlayer = (scrimId: string, userId: string, token?: string, extra: object = { leaveCast: true }) =>
  api.call('PATCH', `/api/scrims/${scrimId}/insert-player/${userId}`, {
    token,
    payload: { ...playerData(TEAM_TWO_SUPPORT), ...extra },
  });

/** A started scrim with casting on, 9 players (teamTwo Support free) and one caster. */
async function castWorld({ startsInMs = -HOUR }: { startsInMs?: number } = {}) {
  const scrim = await createScrim({
    db: db(),
    gameStartTime: new Date(Date.now() + startsInMs),
    isWithCasters: true,
    maxCastersAllowedCount: 2,
  });
  const players = await createUsers({ db: db(), count: 9 });
  await addPlayers({ db: db(), scrim, users: players });
  const caster = await addCaster({ db: db(), scrim });
  return { scrim, players, caster };
}

describe('switch from the cast to a slot in one step (insert-player with leaveCast)', () => {
  it('takes the slot and leaves the cast in one change; the teams are full and a captain is drawn', async () => {
    const { scrim, caster } = await castWorld();
    const res = await switchToPlayer(scrim.id, caster.id, caster.token);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Scrim;
    expect(slotsOf(after)['teamTwo:Support']).toBe(caster.id);
    expect(after.casters).toEqual([]);
    // Ten players: the lobby secrets reach the new player at once.
    expect(after.lobbyHost).not.toBeNull();
    expect(after.lobbyPassword).toBeTruthy();
    const rows = await rowsOf(scrim.id);
    expect(rows.filter((r) => r.userId === caster.id)).toEqual([
      expect.objectContaining({ kind: 'player', team: 'teamTwo', role: 'Support' }),
    ]);
  });

  it("without leaveCast a caster is still refused with the catalogue's text", async () => {
    const { scrim, caster } = await castWorld();
    const before = await rowsOf(scrim.id);
    expectError(
      await switchToPlayer(scrim.id, caster.id, caster.token, { leaveCast: false }),
      409,
      'ALREADY_CASTER',
      SCRIM_MESSAGES.casterCannotJoinTeam,
    );
    expect(await rowsOf(scrim.id)).toEqual(before);
  });

  it('refused as a whole when the slot is taken: the caster stays a caster', async () => {
    const { scrim, caster } = await castWorld();
    const late = await createUser({ db: db() });
    await addPlayers({ db: db(), scrim, users: [late], slots: [TEAM_TWO_SUPPORT] });
    const before = await rowsOf(scrim.id);
    const body = expectError(await switchToPlayer(scrim.id, caster.id, caster.token), 409, 'SPOT_TAKEN');
    expect(body.error).toBe(SCRIM_MESSAGES.noSpots);
    expect(body.scrim?.casters.map((c) => c._id)).toEqual([caster.id]);
    expect(await rowsOf(scrim.id)).toEqual(before);
  });

  it('refused once the game is over, nothing written', async () => {
    const { scrim, caster } = await castWorld();
    const admin = await createAdmin({ db: db() });
    const late = await createUser({ db: db() });
    await addPlayers({ db: db(), scrim, users: [late], slots: [TEAM_TWO_SUPPORT] });
    expect((await api.setWinner(scrim.id, 'teamOne', admin.token)).statusCode).toBe(200);
    const before = await rowsOf(scrim.id);
    expectError(await switchToPlayer(scrim.id, caster.id, caster.token), 409, 'GAME_OVER', SCRIM_MESSAGES.gameOver);
    expect(await rowsOf(scrim.id)).toEqual(before);
  });

  it('no session, another user, a banned user, an admin for someone else: refused, nothing written', async () => {
    const { scrim, caster, players } = await castWorld();
    const [admin, banned] = await Promise.all([createAdmin({ db: db() }), createBannedUser({ db: db() })]);
    const before = await rowsOf(scrim.id);
    expectError(await switchToPlayer(scrim.id, caster.id), 401, 'UNAUTHORIZED', MESSAGES.notSignedIn);
    expectError(await switchToPlayer(scrim.id, caster.id, players[0]!.token), 403, 'NOT_YOURSELF');
    expectError(await switchToPlayer(scrim.id, caster.id, admin.token), 403, 'NOT_YOURSELF');
    const bannedRes = expectError(await switchToPlayer(scrim.id, banned.id, banned.token), 403, 'BANNED');
    expect(bannedRes.error).toMatch(/^You are banned until /);
    expect(await rowsOf(scrim.id)).toEqual(before);
  });

  it('bad input is a 400 with nothing written', async () => {
    const { scrim, caster } = await castWorld();
    const before = await rowsOf(scrim.id);
    for (const extra of [{ leaveCast: 'yes' }, { leaveCast: 1 }, { leaveCast: null }]) {
      expectError(await switchToPlayer(scrim.id, caster.id, caster.token, extra), 400, 'VALIDATION');
    }
    const noSlot = await api.call('PATCH', `/api/scrims/${scrim.id}/insert-player/${caster.id}`, {
      token: caster.token,
      payload: { leaveCast: true },
    });
    expectError(noSlot, 400, 'VALIDATION');
    expect(await rowsOf(scrim.id)).toEqual(before);
  });
});

describe('set-winner needs two full teams', () => {
  it('refuses the captain and an admin while a team is short (409 TEAMS_NOT_FULL), then accepts once full', async () => {
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - HOUR) });
    const admin = await createAdmin({ db: db() });
    const { players, host } = await fillScrim({ db: db(), scrim, hostIndex: 3 });
    // A player leaves: nine remain (the host stays host: the factory wrote it directly).
    await db().delete(scrimParticipants).where(eq(scrimParticipants.userId, players[9]!.id));
    for (const token of [host!.token, admin.token]) {
      const body = expectError(
        await api.setWinner(scrim.id, 'teamOne', token),
        409,
        'TEAMS_NOT_FULL',
        SCRIM_MESSAGES.teamsNotFull,
      );
      expect(body.scrim?.teamWon).toBeNull();
    }
    expect((await api.read(scrim.id, admin.token)).teamWon).toBeNull();
    expectError(await api.setWinner(scrim.id, 'teamOne', players[0]!.token), 403, 'NOT_CAPTAIN');
    expectError(await api.setWinner(scrim.id, 'teamOne'), 401, 'UNAUTHORIZED');
    expectError(await api.setWinner(scrim.id, 'nobody', admin.token), 400, 'VALIDATION');

    await addPlayers({ db: db(), scrim, users: [players[9]!], slots: [TEAM_TWO_SUPPORT] });
    const res = await api.setWinner(scrim.id, 'teamOne', host!.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().teamWon).toBe('teamOne');
  });
});

describe('admin-fill-random says what it could not fill', () => {
  it('reports the positions left empty and why; the count filled is what was really filled', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db(), region: 'OCE' });
    // OCE users of other test files may exist: the candidates are whoever is eligible now.
    const eligibleBefore = await db().select({ id: users.id }).from(users).where(eq(users.region, 'OCE'));
    const res = await api.fillRandom(scrim.id, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { filledPositions: number; unfilledPositions: number; unfilledReason: string | null };
    const filled = Math.min(10, eligibleBefore.length);
    expect(body.filledPositions).toBe(filled);
    expect(body.unfilledPositions).toBe(10 - filled);
    expect(Object.keys(slotsOf((res.json() as { scrim: Scrim }).scrim))).toHaveLength(filled);
    expect(body.unfilledReason).toBe(filled === 10 ? null : SCRIM_MESSAGES.notEnoughEligible(10 - filled, 'OCE'));
  });

  it('with no eligible user at all: nothing filled, every empty slot reported', async () => {
    const admin = await createAdmin({ db: db() });
    // A region nobody else uses in this file's database: all its users are already in the scrim.
    const scrim = await createScrim({ db: db(), region: 'LAN' });
    const lan = await db().select({ id: users.id }).from(users).where(eq(users.region, 'LAN'));
    await addPlayers({ db: db(), scrim, users: lan.slice(0, 10) });
    const free = 10 - Math.min(10, lan.length);
    const res = await api.fillRandom(scrim.id, admin.token, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      filledPositions: 0,
      unfilledPositions: free,
      unfilledReason: free === 0 ? null : SCRIM_MESSAGES.notEnoughEligible(free, 'LAN'),
    });
  });

  it('with every slot taken: 0 filled, 0 left, no reason', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db() });
    await fillScrim({ db: db(), scrim });
    const res = await api.fillRandom(scrim.id, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ filledPositions: 0, unfilledPositions: 0, unfilledReason: null });
  });

  it('enough candidates: every empty slot filled, none left', async () => {
    const admin = await createAdmin({ db: db() });
    const scrim = await createScrim({ db: db(), region: 'EUW' });
    await createUsers({ db: db(), count: 10, region: 'EUW' });
    const res = await api.fillRandom(scrim.id, admin.token);
    expect(res.json()).toMatchObject({ filledPositions: 10, unfilledPositions: 0, unfilledReason: null });
  });

  it('refuses no session, a player, a banned user and bad input, writing nothing', async () => {
    const scrim = await createScrim({ db: db() });
    const [player, banned, admin] = await Promise.all([
      createUser({ db: db() }),
      createBannedUser({ db: db() }),
      createAdmin({ db: db() }),
    ]);
    expectError(await api.fillRandom(scrim.id), 401, 'UNAUTHORIZED');
    expectError(await api.fillRandom(scrim.id, player.token), 403, 'FORBIDDEN');
    expectError(await api.fillRandom(scrim.id, banned.token), 403, 'BANNED');
    expectError(await api.fillRandom(scrim.id, admin.token, { region: 'XX' }), 400, 'VALIDATION');
    expect(await rowsOf(scrim.id)).toEqual([]);
  });
});

describe('GET /api/auth/providers tells whether tournament codes are available', () => {
  it('false without a Riot API key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tournamentCodes: false, devLogin: expect.any(Boolean) });
  });

  it('true with one (and still public)', async () => {
    const withKey = await createTestApp({ RIOT_API_KEY: 'RGAPI-test-key' });
    try {
      const res = await withKey.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(res.statusCode).toBe(200);
      expect(res.json().tournamentCodes).toBe(true);
    } finally {
      await withKey.close();
    }
  });
});
