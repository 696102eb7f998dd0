import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type Scrim } from '@scrim-gym/shared';
import { jobs, riotProviders, riotTournaments, riotTournamentSeries } from '../../../db/schema/index.js';
import { findJobs, jobStatus } from '../../../jobs/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createUser, type TestUser } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot, riotEnvFor } from '../../../test/fake-riot.js';
import { editBody, expectError, scrimApi } from '../../../test/scrim-api.js';
import { connectClient, listenLocally, type TestClient } from '../../../test/socket-client.js';
import {
  ALL_SLOTS,
  addCaster,
  addPlayers,
  createScrim,
  createUsers,
  fillScrim,
} from '../../../test/scrim-factories.js';
import { deliveredSoFar } from '../../../test/waiting.js';
import {
  SCRIM_START_NOTIFICATION_EVENT,
  SCRIM_UPDATED_EVENT,
  scheduleScrimStart,
  scrimStartKey,
} from '../../scrims/index.js';
import { scheduleTournamentCode, tournamentCodeKey } from './tournaments.schedule.js';
import {
  REGENERATE_FAILED_MESSAGE,
  TOURNAMENT_ERROR_EVENT,
  TOURNAMENT_INITIALIZED_EVENT,
  TOURNAMENT_SKIPPED_EVENT,
  currentSeason,
} from './tournaments.service.js';

const MINUTE = 60_000;
const PUBLIC_URL = 'https://scrim-gym.test';
const EVENTS = [
  SCRIM_START_NOTIFICATION_EVENT,
  TOURNAMENT_INITIALIZED_EVENT,
  TOURNAMENT_SKIPPED_EVENT,
  TOURNAMENT_ERROR_EVENT,
  SCRIM_UPDATED_EVENT,
];
const CODES_PATH = 'tournament/v5/codes';

const clients: TestClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

const listen = (ctx: TestContext) => listenLocally(ctx.app);

/**
 * A socket of `user` that records every scrim and tournament event it receives. Connected means in its rooms
 * already: the server joins the user's (and the admins') room in its connection handler, before the client
 * hears 'connect'.
 */
async function listener(url: string, user: TestUser) {
  const client = await connectClient(url, user.token);
  clients.push(client);
  const { socket } = client;
  const received: Array<{ event: string; payload: Record<string, unknown> }> = [];
  for (const event of EVENTS)
    client.raw.on(event, (payload: Record<string, unknown>) => received.push({ event, payload }));
  const events = (event: string, scrimId: string) =>
    received.filter((r) => r.event === event && (r.payload.scrimId ?? r.payload._id) === scrimId).map((r) => r.payload);
  return {
    socket,
    events,
    request: client.request,
    /** Waits for an event of this scrim (they arrive just after the job or request that sent them). */
    async next(event: string, scrimId: string, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = events(event, scrimId);
        if (found.length > 0) return found.at(-1)!;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no ${event} for ${scrimId}`);
    },
  };
}

describe('tournament codes with Riot configured', () => {
  let fake: FakeRiot;
  let ctx: TestContext;
  let url: string;
  let api: ReturnType<typeof scrimApi>;
  let admin: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    fake = await startFakeRiot();
    ctx = await createTestApp(riotEnvFor(fake));
    url = await listen(ctx);
    api = scrimApi(ctx.app);
    admin = await createAdmin({ db: db() });
    outsider = await createUser({ db: db() });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  const db = () => ctx.database.db;
  const codeRow = async (scrimId: string) =>
    (await db().select().from(riotTournaments).where(eq(riotTournaments.scrimId, scrimId)))[0] ?? null;
  const apiCalls = (suffix: string) => fake.apiRequests().filter((r) => r.method === 'POST' && r.path.endsWith(suffix));

  /** A scrim whose start is due, with its start job scheduled (as the service does on create). */
  async function startedScrim({ full = true, region = 'NA' as const } = {}) {
    const scrim = await createScrim({ db: db(), region, gameStartTime: new Date(Date.now() - 1000) });
    const players = full ? (await fillScrim({ db: db(), scrim })).players : [];
    await scheduleScrimStart({ db: db(), scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
    return { scrim, players };
  }

  it('generates the code when a full scrim starts: stored, sent live to its players, hidden from others', async () => {
    const providersBefore = apiCalls('/providers').length;
    const { scrim, players } = await startedScrim();
    const caster = await addCaster({ db: db(), scrim });
    const player = await listener(url, players[0]!);
    const casterSocket = await listener(url, caster);
    const adminSocket = await listener(url, admin);

    expect(await ctx.app.jobs.runOnce()).toBeGreaterThanOrEqual(1);

    const row = await codeRow(scrim.id);
    expect(row).toMatchObject({ setupCompleted: true, lastError: null });
    expect(row!.tournamentCode).toBeTruthy();
    const fakeCode = fake.codes.get(row!.tournamentCode!)!;
    expect(JSON.parse(fakeCode.metadata)).toEqual({ scrimId: scrim.id });
    expect(fakeCode).toMatchObject({
      teamSize: 5,
      region: 'NA',
      providerId: row!.providerId,
      tournamentId: row!.tournamentId,
    });

    // Provider and tournament stored for the region and season, the callback URL on PUBLIC_URL with the secret.
    const [provider] = await db().select().from(riotProviders).where(eq(riotProviders.region, 'NA'));
    expect(provider!.providerId).toBe(row!.providerId);
    expect(provider!.callbackSecret.length).toBeGreaterThanOrEqual(43);
    expect(fake.providers.get(provider!.providerId)!.url).toBe(
      `${PUBLIC_URL}/api/riot/callback/${provider!.callbackSecret}`,
    );
    const [series] = await db().select().from(riotTournamentSeries).where(eq(riotTournamentSeries.region, 'NA'));
    expect(series).toMatchObject({ season: currentSeason(), tournamentId: row!.tournamentId });
    expect(apiCalls('/providers').length).toBe(providersBefore + 1);

    // Notified at the start, then the code arrives live; the event itself carries no code.
    expect(await player.next(SCRIM_START_NOTIFICATION_EVENT, scrim.id)).toEqual({
      scrimId: scrim.id,
      title: scrim.title,
    });
    expect(await casterSocket.next(SCRIM_START_NOTIFICATION_EVENT, scrim.id)).toEqual({
      scrimId: scrim.id,
      title: scrim.title,
    });
    expect(await adminSocket.next(TOURNAMENT_INITIALIZED_EVENT, scrim.id)).toEqual({ scrimId: scrim.id });
    const live = (await player.next(SCRIM_UPDATED_EVENT, scrim.id)) as unknown as Scrim;
    expect(live.riotTournament?.tournamentCode).toBe(row!.tournamentCode);

    expect((await api.read(scrim.id, players[3]!.token)).riotTournament).toMatchObject({
      tournamentCode: row!.tournamentCode,
      setupCompleted: true,
    });
    const seenByOutsider = await api.read(scrim.id, outsider.token);
    expect(seenByOutsider.riotTournament?.tournamentCode).toBeNull();
    expect(seenByOutsider.lobbyPassword).toBeUndefined();

    const [job] = await findJobs({ db: db(), dedupeKey: scrimStartKey(scrim.id) });
    expect(jobStatus(job!)).toBe('done');
    // Idempotent: running again changes nothing.
    expect(await ctx.app.jobs.runOnce()).toBe(0);
  });

  it('reuses the provider and the tournament of a region across scrims', async () => {
    const providers = apiCalls('/providers').length;
    const tournaments = apiCalls('/tournaments').length;
    const first = await startedScrim();
    const second = await startedScrim();
    await ctx.app.jobs.runOnce();
    const [a, b] = [await codeRow(first.scrim.id), await codeRow(second.scrim.id)];
    expect(a!.tournamentCode).toBeTruthy();
    expect(b!.tournamentCode).toBeTruthy();
    expect(a!.tournamentCode).not.toBe(b!.tournamentCode);
    expect(a!.providerId).toBe(b!.providerId);
    expect(a!.tournamentId).toBe(b!.tournamentId);
    // NA's provider and tournament exist from the first test: no new registration at all.
    expect(apiCalls('/providers').length).toBe(providers);
    expect(apiCalls('/tournaments').length).toBe(tournaments);
    expect(await db().select().from(riotProviders)).toHaveLength(1);

    // Another region gets its own provider, once.
    const euw = await startedScrim({ region: 'EUW' as never });
    await ctx.app.jobs.runOnce();
    expect((await codeRow(euw.scrim.id))!.tournamentCode).toBeTruthy();
    expect(apiCalls('/providers').length).toBe(providers + 1);
  });

  it('makes no code for a scrim whose teams are not full, but still notifies its players', async () => {
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 1000) });
    const users = await createUsers({ db: db(), count: 9 });
    await addPlayers({ db: db(), scrim, users });
    await scheduleScrimStart({ db: db(), scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
    const player = await listener(url, users[0]!);
    const codes = apiCalls('/codes').length;
    await ctx.app.jobs.runOnce();
    expect(await player.next(SCRIM_START_NOTIFICATION_EVENT, scrim.id)).toBeTruthy();
    expect(await codeRow(scrim.id)).toBeNull();
    expect(apiCalls('/codes').length).toBe(codes);

    // The tenth player joins after the start: the code comes with a job due now.
    const last = await createUser({ db: db() });
    const res = await api.join(scrim.id, last.id, ALL_SLOTS[9]!, last.token);
    expect(res.statusCode, res.body).toBe(200);
    const [codeJob] = await findJobs({ db: db(), dedupeKey: tournamentCodeKey(scrim.id) });
    expect(jobStatus(codeJob!)).toBe('pending');
    await ctx.app.jobs.runOnce();
    const row = await codeRow(scrim.id);
    expect(row!.tournamentCode).toBeTruthy();
    expect((await api.read(scrim.id, last.token)).riotTournament?.tournamentCode).toBe(row!.tournamentCode);
  });

  it('schedules the start job on create and moves it on edit', async () => {
    const start = new Date(Date.now() + 30 * MINUTE);
    const created = await api.call('POST', '/api/scrims', {
      token: admin.token,
      payload: { title: 'Friday scrim', region: 'NA', gameStartTime: start.toISOString() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const scrimId = (created.json() as Scrim)._id;
    let [job] = await findJobs({ db: db(), dedupeKey: scrimStartKey(scrimId) });
    expect(job!.runAt.getTime()).toBe(start.getTime());
    expect(job!.kind).toBe('scrim.start');

    const later = new Date(start.getTime() + 60 * MINUTE);
    const edited = await api.call('PUT', `/api/scrims/${scrimId}`, {
      token: admin.token,
      payload: {
        title: 'Friday scrim',
        region: 'NA',
        gameStartTime: later.toISOString(),
        isPrivate: false,
        isWithCasters: false,
        maxCastersAllowedCount: 0,
        lobbyName: 'Lobby',
        lobbyPassword: 'abcdefgh',
        lobbyHost: 'keep',
        teamWon: null,
        useTournamentCode: true,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const all = await findJobs({ db: db(), dedupeKey: scrimStartKey(scrimId) });
    expect(all).toHaveLength(1);
    [job] = all;
    expect(job!.runAt.getTime()).toBe(later.getTime());
    expect(jobStatus(job!)).toBe('pending');

    expect((await api.call('DELETE', `/api/scrims/${scrimId}`, { token: admin.token })).statusCode).toBeLessThan(300);
    expect(await findJobs({ db: db(), dedupeKey: scrimStartKey(scrimId) })).toHaveLength(0);
  });

  it('on a Riot 500 stores the error, tells the admins, keeps the manual lobby and retries later', async () => {
    const { scrim, players } = await startedScrim();
    const adminSocket = await listener(url, admin);
    // POST /codes is not idempotent: the client does not retry a 5xx itself, the job does.
    fake.inject({ match: CODES_PATH, status: 500 });
    await ctx.app.jobs.runOnce();

    const row = await codeRow(scrim.id);
    expect(row!.tournamentCode).toBeNull();
    expect(row!.lastError).toMatch(/server \(500\)/);
    const error = await adminSocket.next(TOURNAMENT_ERROR_EVENT, scrim.id);
    expect(error).toEqual({ scrimId: scrim.id, error: row!.lastError });
    const seen = await api.read(scrim.id, players[0]!.token);
    expect(seen.lobbyName).toBe(scrim.lobbyName);
    expect(seen.lobbyPassword).toBe(scrim.lobbyPassword);
    expect(seen.riotTournament?.tournamentCode ?? null).toBeNull();

    // The start job is done (players notified once); the code has its own job, due after a backoff.
    const [start] = await findJobs({ db: db(), dedupeKey: scrimStartKey(scrim.id) });
    expect(jobStatus(start!)).toBe('done');
    const [retry] = await findJobs({ db: db(), dedupeKey: tournamentCodeKey(scrim.id) });
    expect(jobStatus(retry!)).toBe('pending');
    expect(retry!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await ctx.app.jobs.runOnce()).toBe(0);

    // Riot is back and the retry is due: the code is made, the error cleared.
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, retry!.id));
    await ctx.app.jobs.runOnce();
    const fixed = await codeRow(scrim.id);
    expect(fixed!.tournamentCode).toBeTruthy();
    expect(fixed!.lastError).toBeNull();
    expect(await adminSocket.next(TOURNAMENT_INITIALIZED_EVENT, scrim.id)).toEqual({ scrimId: scrim.id });
  });

  it("Riot's error details reach the admins only: not the players, not a socket watching the scrim", async () => {
    const { scrim, players } = await startedScrim();
    const player = await listener(url, players[0]!);
    const watcher = await listener(url, outsider);
    expect(await watcher.request(SOCKET_EVENTS.joinScrimRoom, scrim.id, 10_000)).toEqual({
      ok: true,
      data: null,
    });
    const adminSocket = await listener(url, admin);
    fake.inject({ match: CODES_PATH, status: 500 });
    await ctx.app.jobs.runOnce();

    const row = await codeRow(scrim.id);
    expect(row!.lastError).toMatch(/server \(500\)/);
    expect((await adminSocket.next(TOURNAMENT_ERROR_EVENT, scrim.id)).error).toBe(row!.lastError);
    for (const socket of [player, watcher]) {
      await deliveredSoFar({ io: ctx.app.io, client: { socket: socket.socket } });
      expect(socket.events(TOURNAMENT_ERROR_EVENT, scrim.id)).toEqual([]);
      for (const update of socket.events(SCRIM_UPDATED_EVENT, scrim.id)) {
        expect((update as unknown as Scrim).riotTournament?.lastError ?? null).toBeNull();
      }
    }
    const seenByPlayer = await api.read(scrim.id, players[0]!.token);
    expect(seenByPlayer.lobbyPassword).toBe(scrim.lobbyPassword);
    expect(seenByPlayer.riotTournament?.lastError ?? null).toBeNull();
    expect((await api.read(scrim.id, admin.token)).riotTournament?.lastError).toBe(row!.lastError);
    // An admin's change reaches the admins with the reason and the players without it.
    const edited = await api.call('PUT', `/api/scrims/${scrim.id}`, {
      token: admin.token,
      payload: editBody(scrim, { title: `${scrim.title} (edited)`, useTournamentCode: true }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const adminUpdate = (await adminSocket.next(SCRIM_UPDATED_EVENT, scrim.id)) as unknown as Scrim;
    expect(adminUpdate.riotTournament?.lastError).toBe(row!.lastError);
    const playerUpdate = (await player.next(SCRIM_UPDATED_EVENT, scrim.id)) as unknown as Scrim;
    expect(playerUpdate.lobbyPassword).toBe(scrim.lobbyPassword);
    expect(playerUpdate.riotTournament?.lastError ?? null).toBeNull();
  });

  it('on a Riot 429 the code job fails and the runner retries it with backoff', async () => {
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 10 * MINUTE) });
    const { players } = await fillScrim({ db: db(), scrim, hostIndex: null });
    // Started and full; the tenth leaves, then an admin assigns them back: a late fill.
    const adminSocket = await listener(url, admin);
    await db().delete(jobs);
    const tenth = players[9]!;
    expect((await api.leave(scrim.id, tenth.id, tenth.token)).statusCode).toBe(200);
    fake.inject({ match: CODES_PATH, status: 429, retryAfterSeconds: 0, times: 3 });
    const res = await api.assign(scrim.id, { userId: tenth.id, teamName: 'teamTwo', role: 'Support' }, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.jobs.runOnce();

    const row = await codeRow(scrim.id);
    expect(row!.lastError).toMatch(/rate_limited/);
    expect((await adminSocket.next(TOURNAMENT_ERROR_EVENT, scrim.id)).error).toBe(row!.lastError);
    const [job] = await findJobs({ db: db(), dedupeKey: tournamentCodeKey(scrim.id) });
    expect(jobStatus(job!)).toBe('pending');
    expect(job!.attempts).toBe(1);
    expect(job!.lastError).toMatch(/rate_limited/);
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job!.id));
    await ctx.app.jobs.runOnce();
    expect((await codeRow(scrim.id))!.tournamentCode).toBeTruthy();
    const [done] = await findJobs({ db: db(), dedupeKey: tournamentCodeKey(scrim.id) });
    expect(jobStatus(done!)).toBe('done');
  });

  it('does not retry a Riot 403', async () => {
    const { scrim } = await startedScrim();
    await db().delete(jobs);
    fake.inject({ match: CODES_PATH, status: 403 });
    await scheduleTournamentCode({ db: db(), scrimId: scrim.id });
    await ctx.app.jobs.runOnce();
    const [job] = await findJobs({ db: db(), dedupeKey: tournamentCodeKey(scrim.id) });
    expect(jobStatus(job!)).toBe('dead');
    expect((await codeRow(scrim.id))!.lastError).toMatch(/forbidden \(403\)/);
  });

  it('regenerates the code for an admin only, and only for full teams', async () => {
    const { scrim, players } = await startedScrim();
    await ctx.app.jobs.runOnce();
    const old = (await codeRow(scrim.id))!.tournamentCode!;
    const path = `/api/scrims/${scrim.id}/regenerate-tournament-code`;

    expectError(await api.call('POST', path), 401);
    expectError(await api.call('POST', path, { token: players[0]!.token }), 403);
    expect((await codeRow(scrim.id))!.tournamentCode).toBe(old);

    const res = await api.call('POST', path, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = (res.json() as Scrim).riotTournament!.tournamentCode!;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old);
    expect((await codeRow(scrim.id))!.tournamentCode).toBe(fresh);
    expect((await api.read(scrim.id, players[1]!.token)).riotTournament?.tournamentCode).toBe(fresh);

    fake.inject({ match: CODES_PATH, status: 500 });
    expectError(await api.call('POST', path, { token: admin.token }), 502, 'RIOT_FAILED', REGENERATE_FAILED_MESSAGE);
    expect((await codeRow(scrim.id))!.tournamentCode).toBe(fresh);

    const notFull = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 1000) });
    await addPlayers({ db: db(), scrim: notFull, users: await createUsers({ db: db(), count: 5 }) });
    expectError(
      await api.call('POST', `/api/scrims/${notFull.id}/regenerate-tournament-code`, { token: admin.token }),
      409,
      'TEAMS_NOT_FULL',
    );
  });
});

describe('tournament codes without a Riot key', () => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    url = await listen(ctx);
  });
  afterAll(() => ctx.close());

  it('skips the code, says so, and leaves the manual lobby', async () => {
    const db = ctx.database.db;
    const admin = await createAdmin({ db });
    const scrim = await createScrim({ db, gameStartTime: new Date(Date.now() - 1000) });
    const { players } = await fillScrim({ db, scrim });
    await scheduleScrimStart({ db, scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
    const adminSocket = await listener(url, admin);
    const player = await listener(url, players[0]!);
    await ctx.app.jobs.runOnce();

    expect(await player.next(SCRIM_START_NOTIFICATION_EVENT, scrim.id)).toBeTruthy();
    expect(await adminSocket.next(TOURNAMENT_SKIPPED_EVENT, scrim.id)).toMatchObject({
      scrimId: scrim.id,
      reason: 'not_configured',
    });
    expect(await db.select().from(riotTournaments)).toHaveLength(0);
    const seen = await scrimApi(ctx.app).read(scrim.id, players[0]!.token);
    expect(seen.riotTournament).toBeNull();
    expect(seen.lobbyName).toBe(scrim.lobbyName);
    expect(seen.lobbyPassword).toBe(scrim.lobbyPassword);
    const [job] = await findJobs({ db, dedupeKey: scrimStartKey(scrim.id) });
    expect(jobStatus(job!)).toBe('done');

    expectError(
      await scrimApi(ctx.app).call('POST', `/api/scrims/${scrim.id}/regenerate-tournament-code`, {
        token: admin.token,
      }),
      502,
      'RIOT_FAILED',
      REGENERATE_FAILED_MESSAGE,
    );
  });
});
