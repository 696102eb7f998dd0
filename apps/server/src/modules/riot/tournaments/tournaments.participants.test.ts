import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { jobs, riotTournaments, scrims } from '../../../db/schema/index.js';
import { jobStatus } from '../../../jobs/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createUser, type TestUser } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot, riotEnvFor } from '../../../test/fake-riot.js';
import { scrimApi } from '../../../test/scrim-api.js';
import { ALL_SLOTS, createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { scheduleScrimStart } from '../../scrims/index.js';
import { recheckCodesFor } from './tournaments.participants.js';
import { codeParticipantsKey } from './tournaments.schedule.js';

/**
 * A scrim's tournament code follows its seated roster: after a substitute, a waitlist promotion or an admin's move
 * the code's allowed participants are replaced (the fake refuses whoever Riot would), through one job per scrim.
 */
const MINUTE = 60_000;
let fake: FakeRiot;
let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
let admin: TestUser;
let outsider: TestUser;
const db = () => ctx.database.db;

beforeAll(async () => {
  fake = await startFakeRiot();
  ctx = await createTestApp({
    ...riotEnvFor(fake),
  });
  api = scrimApi(ctx.app);
  admin = await createAdmin({ db: db() });
  outsider = await createUser({ db: db() });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** A user Riot knows by Riot ID (unless `known` is false): their PUUID. */
function knownToRiot(user: TestUser) {
  return fake.addPlayer({ gameName: user.name, tagLine: user.summonerTagline, platform: 'na1' }).puuid;
}

async function newUser({ known = true } = {}) {
  const user = await createUser({ db: db() });
  return { user, puuid: known ? knownToRiot(user) : null };
}

const puts = (code: string) =>
  fake.apiRequests().filter((r) => r.method === 'PUT' && r.path === `/lol/tournament/v5/codes/${code}`);
const codePosts = () => fake.apiRequests().filter((r) => r.method === 'POST' && r.path.endsWith('/codes'));
const codeOf = async (scrimId: string) =>
  (await db().select().from(riotTournaments).where(eq(riotTournaments.scrimId, scrimId)))[0]!;
const participantsJob = async (scrimId: string) =>
  (
    await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, codeParticipantsKey(scrimId)))
  )[0] ?? null;
/** The participants job is due now (its retry's backoff skipped). */
const dueNow = (scrimId: string) =>
  db()
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.dedupeKey, codeParticipantsKey(scrimId)));
const participantsAs = async (scrimId: string, user: TestUser) =>
  (await api.read(scrimId, user.token)).riotTournament?.participants ?? null;

/**
 * A full scrim whose ten players Riot knows, and `waiting` on its waitlist (which closes at the start), started a
 * minute ago after its start job ran: it has a code.
 */
async function startedWithCode({ waiting = [] }: { waiting?: TestUser[] } = {}) {
  const scrim = await createScrim({ db: db(), region: 'NA', gameStartTime: new Date(Date.now() + 60 * MINUTE) });
  const { players } = await fillScrim({ db: db(), scrim });
  const puuids = players.map(knownToRiot);
  for (const user of waiting) {
    const res = await api.call('POST', `/api/scrims/${scrim.id}/waitlist`, {
      token: user.token,
      payload: { role: 'any' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const gameStartTime = new Date(Date.now() - MINUTE);
  await db().update(scrims).set({ gameStartTime }).where(eq(scrims.id, scrim.id));
  await scheduleScrimStart({ db: db(), scrimId: scrim.id, gameStartTime });
  await ctx.app.jobs.runOnce();
  const code = (await codeOf(scrim.id)).tournamentCode!;
  expect(code).toBeTruthy();
  return { scrim, players, puuids, code };
}

/** An admin brings `inUser` in for the player `out` (an admin's substitute may be anyone). */
async function substitute(scrimId: string, out: TestUser, inUser: TestUser) {
  const res = await api.call('POST', `/api/scrims/${scrimId}/substitute`, {
    token: admin.token,
    payload: { outUserId: out.id, inUserId: inUser.id },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("a tournament code's allowed participants follow the roster", () => {
  it('after a substitute Riot lets the new player in and refuses the one who left; the code stays the same', async () => {
    const { scrim, players, puuids, code } = await startedWithCode();
    expect(await participantsAs(scrim.id, players[0]!)).toEqual({
      state: 'current',
      cannotJoin: [],
      updatedAt: expect.any(String),
    });
    const postsBefore = codePosts().length;
    const sub = await newUser();
    expect(fake.joinLobby(code, sub.puuid!)).toBe(false);

    await substitute(scrim.id, players[3]!, sub.user);
    expect((await participantsAs(scrim.id, sub.user))?.state).toBe('pending');

    expect(await ctx.app.jobs.runOnce()).toBe(1);
    const [put] = puts(code);
    expect(puts(code)).toHaveLength(1);
    const allowed = (put!.body as { allowedParticipants: string[] }).allowedParticipants;
    expect(allowed).toHaveLength(10);
    expect(new Set(allowed)).toEqual(new Set([...puuids.filter((_, i) => i !== 3), sub.puuid]));
    // Blue's players first, as at the code's creation.
    expect(allowed.slice(0, 5)).toContain(sub.puuid);
    expect(fake.joinLobby(code, sub.puuid!)).toBe(true);
    expect(fake.joinLobby(code, puuids[3]!)).toBe(false);
    expect(fake.codes.get(code)!.events.at(-1)).toMatchObject({ eventType: 'PlayerJoinedGameEvent', puuid: sub.puuid });

    const after = await participantsAs(scrim.id, sub.user);
    expect(after).toMatchObject({ state: 'current', cannotJoin: [] });
    // Never regenerated: the same code, no new one asked of Riot.
    expect((await codeOf(scrim.id)).tournamentCode).toBe(code);
    expect((await api.read(scrim.id, sub.user.token)).riotTournament?.tournamentCode).toBe(code);
    expect(codePosts()).toHaveLength(postsBefore);
    // A later change that leaves the roster as it is sends nothing.
    expect(jobStatus((await participantsJob(scrim.id))!)).toBe('done');
    expect(await api.setWinner(scrim.id, 'teamOne', admin.token).then((r) => r.statusCode)).toBe(200);
    expect(await ctx.app.jobs.runOnce()).toBe(0);
    expect(puts(code)).toHaveLength(1);
  });

  it('a waitlist promotion into a freed slot updates the code for the promoted player', async () => {
    const waiting = await newUser();
    const { scrim, players, code } = await startedWithCode({ waiting: [waiting.user] });
    expect((await api.leave(scrim.id, players[6]!.id, players[6]!.token)).statusCode).toBe(200);
    const read = await api.read(scrim.id, waiting.user.token);
    expect([...read.teamOne, ...read.teamTwo].map((p) => p._user._id)).toContain(waiting.user.id);

    await ctx.app.jobs.runOnce();
    expect(puts(code)).toHaveLength(1);
    expect(fake.joinLobby(code, waiting.puuid!)).toBe(true);
    expect((await participantsAs(scrim.id, waiting.user))?.state).toBe('current');
  });

  it("an admin's kick and assignment make one PUT with the latest roster; a swap of sides sends Blue's first", async () => {
    const { scrim, players, puuids, code } = await startedWithCode();
    const fresh = await newUser();
    const slot = ALL_SLOTS[8]!;
    expect((await api.leave(scrim.id, players[8]!.id, admin.token)).statusCode).toBe(200);
    const assigned = await api.assign(
      scrim.id,
      { userId: fresh.user.id, role: slot.role, teamName: slot.team },
      admin.token,
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await ctx.app.jobs.runOnce()).toBe(1);
    expect(puts(code)).toHaveLength(1);
    expect(fake.joinLobby(code, fresh.puuid!)).toBe(true);
    expect(fake.joinLobby(code, puuids[8]!)).toBe(false);

    // The fresh player (Red) exchanges places with Blue's first player.
    const swapped = await api.swap(
      scrim.id,
      { userId: fresh.user.id, team: ALL_SLOTS[0]!.team, role: ALL_SLOTS[0]!.role },
      admin.token,
    );
    expect(swapped.statusCode, swapped.body).toBe(200);
    await ctx.app.jobs.runOnce();
    expect(puts(code)).toHaveLength(2);
    const blue = (puts(code)[1]!.body as { allowedParticipants: string[] }).allowedParticipants.slice(0, 5);
    expect(blue).toContain(fresh.puuid);
    expect(blue).not.toContain(puuids[0]);
  });

  it("a Riot 503 is retried: the page says 'retrying', then 'current' once Riot accepts", async () => {
    const { scrim, players, code } = await startedWithCode();
    const sub = await newUser();
    // The client tries a PUT three times itself; the job's attempt fails after that.
    fake.inject({ match: `/codes/${code}`, status: 503, times: 3 });
    await substitute(scrim.id, players[1]!, sub.user);
    await ctx.app.jobs.runOnce();
    expect((await participantsAs(scrim.id, players[0]!))?.state).toBe('retrying');
    const job = (await participantsJob(scrim.id))!;
    expect(jobStatus(job)).toBe('pending');
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(fake.joinLobby(code, sub.puuid!)).toBe(false);

    await dueNow(scrim.id);
    await ctx.app.jobs.runOnce();
    expect((await participantsAs(scrim.id, players[0]!))?.state).toBe('current');
    expect(fake.joinLobby(code, sub.puuid!)).toBe(true);
  });

  it('a Riot 403 stops the job and shows the failure', async () => {
    const { scrim, players, code } = await startedWithCode();
    const sub = await newUser();
    fake.inject({ match: `/codes/${code}`, status: 403 });
    await substitute(scrim.id, players[2]!, sub.user);
    await ctx.app.jobs.runOnce();
    expect((await participantsAs(scrim.id, players[0]!))?.state).toBe('failed');
    expect((await participantsAs(scrim.id, admin))?.state).toBe('failed');
    expect(jobStatus((await participantsJob(scrim.id))!)).toBe('dead');
    expect(fake.joinLobby(code, sub.puuid!)).toBe(false);
  });

  it('a substitute Riot does not know opens the code and is listed as unable to join', async () => {
    const { scrim, players, code } = await startedWithCode();
    const unknown = await newUser({ known: false });
    await substitute(scrim.id, players[5]!, unknown.user);
    await ctx.app.jobs.runOnce();
    expect(puts(code).at(-1)!.body).toMatchObject({ allowedParticipants: [] });
    expect(fake.joinLobby(code, 'a-puuid-nobody-listed')).toBe(true);
    for (const viewer of [unknown.user, admin])
      expect(await participantsAs(scrim.id, viewer)).toMatchObject({ state: 'current', cannotJoin: [unknown.user.id] });

    // They fix their Riot account (the link and its refresh call this): the code is sent again and closes.
    const puuid = knownToRiot(unknown.user);
    await recheckCodesFor({ db: db(), jobs: ctx.app.jobs }, unknown.user.id);
    expect((await participantsAs(scrim.id, unknown.user))?.state).toBe('pending');
    await ctx.app.jobs.runOnce();
    expect((puts(code).at(-1)!.body as { allowedParticipants: string[] }).allowedParticipants).toContain(puuid);
    expect(await participantsAs(scrim.id, unknown.user)).toMatchObject({ state: 'current', cannotJoin: [] });
    expect(fake.joinLobby(code, 'a-puuid-nobody-listed')).toBe(false);
    expect(fake.joinLobby(code, puuid)).toBe(true);
  });

  it('a scrim without a code yet sends nothing on a roster change', async () => {
    const scrim = await createScrim({ db: db(), region: 'NA', gameStartTime: new Date(Date.now() + 60 * MINUTE) });
    const { players } = await fillScrim({ db: db(), scrim });
    const before = fake.apiRequests().length;
    expect((await api.leave(scrim.id, players[4]!.id, admin.token)).statusCode).toBe(200);
    expect(await participantsJob(scrim.id)).toBeNull();
    expect(await ctx.app.jobs.runOnce()).toBe(0);
    expect(fake.apiRequests()).toHaveLength(before);
  });

  it('only those who see the lobby secrets get where the update stands', async () => {
    const { scrim, players } = await startedWithCode();
    const shown = (s: Scrim) => s.riotTournament?.participants ?? null;
    expect(shown(await api.read(scrim.id, outsider.token))).toBeNull();
    expect((await api.get(scrim.id)).json().riotTournament?.participants ?? null).toBeNull();
    expect(shown(await api.read(scrim.id, players[9]!.token))).toMatchObject({ state: 'current' });
    expect(shown(await api.read(scrim.id, admin.token))).toMatchObject({ state: 'current' });
  });

  // Last: the client then holds this method's calls until the Retry-After has passed.
  it('a 429 retries at its Retry-After', async () => {
    const { scrim, players, code } = await startedWithCode();
    const sub = await newUser();
    fake.inject({ match: `/codes/${code}`, status: 429, retryAfterSeconds: 60, rateLimitType: 'method' });
    await substitute(scrim.id, players[2]!, sub.user);
    await ctx.app.jobs.runOnce();
    expect((await participantsAs(scrim.id, players[0]!))?.state).toBe('retrying');
    const waitMs = (await participantsJob(scrim.id))!.runAt.getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(50_000);
    expect(waitMs).toBeLessThanOrEqual(60_000);
  });
});
