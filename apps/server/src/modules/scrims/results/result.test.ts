import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_MESSAGES, SOCKET_EVENTS, type Scrim } from '@scrim-gym/shared';
import { jobs, notifications, playerRatings, ratedResults, resultDisputes, scrims } from '../../../db/schema/index.js';
import { jobStatus } from '../../../jobs/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../../test/factories.js';
import { expectError, scrimApi } from '../../../test/scrim-api.js';
import { addCaster, createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { connectClient, listenLocally, type TestClient } from '../../../test/socket-client.js';
import { SCRIM_UPDATED_EVENT } from '../core/scrims.events.js';
import { RESULT_CONFIRM_JOB, resultConfirmKey } from './result-fields.js';

let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
let url: string;
let admin: TestUser;
const clients: TestClient[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
  url = await listenLocally(ctx.app);
  admin = await createAdmin({ db: db() });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const MINUTE = 60_000;

/**
 * A full scrim that started 40 minutes ago; its captain (players[1], teamOne) reported `teamOne`. The other
 * team is players[5..9]; a caster watches.
 */
async function reported() {
  const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 40 * MINUTE) });
  const { players, host } = await fillScrim({ db: db(), scrim, hostIndex: 1 });
  const caster = await addCaster({ db: db(), scrim });
  const res = await api.setWinner(scrim.id, 'teamOne', host!.token);
  expect(res.statusCode, res.body).toBe(200);
  return { scrim, players, host: host!, caster, other: players.slice(5), mates: players.slice(0, 5) };
}

const confirm = (scrimId: string, token?: string) =>
  api.call('POST', `/api/scrims/${scrimId}/confirm-result`, { token });
const dispute = (scrimId: string, token?: string, payload: unknown = { reason: 'They played with a sub' }) =>
  api.call('POST', `/api/scrims/${scrimId}/dispute-result`, { token, payload: payload as object });
const rowOf = async (scrimId: string) => (await db().select().from(scrims).where(eq(scrims.id, scrimId)))[0]!;
const ratedOf = async (scrimId: string) => db().select().from(ratedResults).where(eq(ratedResults.scrimId, scrimId));
const disputesOf = (scrimId: string) => db().select().from(resultDisputes).where(eq(resultDisputes.scrimId, scrimId));

/** Makes the scrim's confirm job due now (again, when it ran) and runs the runner once. */
async function runConfirmJobNow(scrimId: string) {
  await db()
    .update(jobs)
    .set({ runAt: new Date(), completedAt: null, claimedAt: null, claimedBy: null })
    .where(eq(jobs.dedupeKey, resultConfirmKey(scrimId)));
  await ctx.app.jobs.runOnce();
}

async function watch(user: TestUser, scrimId: string) {
  const client = await connectClient(url, user.token);
  clients.push(client);
  const updates: Scrim[] = [];
  client.socket.on(SCRIM_UPDATED_EVENT, (scrim) => updates.push(scrim));
  expect(await client.request(SOCKET_EVENTS.joinScrimRoom, scrimId, 10_000)).toEqual({ ok: true, data: null });
  return updates;
}

describe("a captain's report", () => {
  it('is pending, confirms itself 30 minutes later unless disputed, and is not rated yet', async () => {
    const { scrim, host } = await reported();
    const body = await api.read(scrim.id, host.token);
    const row = await rowOf(scrim.id);
    expect(body.result).toEqual({
      status: 'pending',
      source: 'captain',
      reportedBy: host.id,
      reportedAt: row.resultReportedAt!.toISOString(),
      confirmedAt: null,
      confirmBy: new Date(row.resultReportedAt!.getTime() + 30 * MINUTE).toISOString(),
      dispute: null,
      unrated: null,
      confirmedBy: null,
      // The reporting captain does not run the scrim: the reconciler's evidence is not theirs to see.
      evidence: null,
    });
    expect(body.ratingChanges).toEqual([]);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, resultConfirmKey(scrim.id)));
    expect(job).toMatchObject({
      kind: RESULT_CONFIRM_JOB,
      runAt: new Date(row.resultReportedAt!.getTime() + 30 * MINUTE),
    });
    expect(await ratedOf(scrim.id)).toEqual([]);
  });

  it('the job confirms an undisputed report when the window ends and rates it; again, nothing changes', async () => {
    const { scrim, host, players } = await reported();
    // Before the window ends the job changes nothing.
    await runConfirmJobNow(scrim.id);
    expect((await rowOf(scrim.id)).resultStatus).toBe('pending');

    const updates = await watch(players[0]!, scrim.id);
    const past = new Date(Date.now() - 31 * MINUTE);
    await db().update(scrims).set({ resultReportedAt: past }).where(eq(scrims.id, scrim.id));
    await runConfirmJobNow(scrim.id);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, resultConfirmKey(scrim.id)));
    expect(jobStatus(job!)).toBe('done');
    expect(await rowOf(scrim.id)).toMatchObject({ resultStatus: 'confirmed', resultSource: 'captain' });
    expect(await ratedOf(scrim.id)).toHaveLength(1);
    // Live: the update carries the confirmed result and each player's change.
    await expect.poll(() => updates.at(-1)?.result?.status).toBe('confirmed');
    expect(updates.at(-1)!.ratingChanges).toHaveLength(10);

    await runConfirmJobNow(scrim.id);
    expect(await ratedOf(scrim.id)).toHaveLength(1);
    const body = await api.read(scrim.id, host.token);
    expect(body.ratingChanges).toHaveLength(10);
  });
});

describe('POST /api/scrims/:id/confirm-result', () => {
  it('a player of the other team confirms: rated at once, live for the players', async () => {
    const { scrim, other, mates } = await reported();
    const updates = await watch(mates[0]!, scrim.id);
    const res = await confirm(scrim.id, other[2]!.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Scrim;
    expect(body.result).toMatchObject({ status: 'confirmed', source: 'captain', confirmBy: null });
    expect(body.ratingChanges).toHaveLength(10);
    const winner = body.ratingChanges.find((c) => c.userId === mates[0]!.id)!;
    const loser = body.ratingChanges.find((c) => c.userId === other[0]!.id)!;
    expect(winner.after).toBeGreaterThan(winner.before);
    expect(loser.after).toBeLessThan(loser.before);
    await expect.poll(() => updates.at(-1)?.ratingChanges.length).toBe(10);
    const stored = await db().select().from(playerRatings).where(eq(playerRatings.userId, mates[0]!.id));
    expect(stored[0]).toMatchObject({ gamesRated: 1, wins: 1, rating: winner.after });

    // Confirmed: neither confirmed again nor disputed (409), nothing rated twice.
    expectError(await confirm(scrim.id, other[0]!.token), 409, 'RESULT_CONFIRMED', RESULT_MESSAGES.alreadyConfirmed);
    expectError(await dispute(scrim.id, other[0]!.token), 409, 'RESULT_CONFIRMED');
    expect(await ratedOf(scrim.id)).toHaveLength(1);
    expect(await disputesOf(scrim.id)).toEqual([]);
  });

  it('refuses visitors, banned users, the reporting team, casters and admins off the other team', async () => {
    const { scrim, host, mates, caster } = await reported();
    const banned = await createBannedUser({ db: db() });
    const stranger = await createUser({ db: db() });
    const before = await rowOf(scrim.id);
    expect((await confirm(scrim.id)).statusCode).toBe(401);
    expect((await confirm(scrim.id, banned.token)).statusCode).toBe(403);
    for (const user of [host, mates[4]!, caster, stranger, admin]) {
      expectError(await confirm(scrim.id, user.token), 403, 'NOT_OTHER_TEAM', RESULT_MESSAGES.notOtherTeam);
      expectError(await dispute(scrim.id, user.token), 403, 'NOT_OTHER_TEAM');
    }
    expect(await rowOf(scrim.id)).toEqual(before);
    expect(await disputesOf(scrim.id)).toEqual([]);
  });

  it('after the window: 409 for both; no result: 409; bad or unknown id: 400 / 404', async () => {
    const { scrim, other } = await reported();
    await db()
      .update(scrims)
      .set({ resultReportedAt: new Date(Date.now() - 30 * MINUTE - 1000) })
      .where(eq(scrims.id, scrim.id));
    expectError(await confirm(scrim.id, other[0]!.token), 409, 'RESULT_WINDOW_OVER', RESULT_MESSAGES.windowOver);
    expectError(await dispute(scrim.id, other[0]!.token), 409, 'RESULT_WINDOW_OVER');
    expect((await rowOf(scrim.id)).resultStatus).toBe('pending');

    const open = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - MINUTE) });
    const { players } = await fillScrim({ db: db(), scrim: open });
    expectError(await confirm(open.id, players[6]!.token), 409, 'NO_RESULT', RESULT_MESSAGES.noResult);
    expectError(await dispute(open.id, players[6]!.token), 409, 'NO_RESULT');
    expect((await confirm('nope', players[6]!.token)).statusCode).toBe(400);
    expectError(await confirm('00000000-0000-4000-8000-000000000000', players[6]!.token), 404, 'SCRIM_NOT_FOUND');
  });
});

describe('POST /api/scrims/:id/dispute-result', () => {
  it('needs a reason of 1 to 500 characters; nothing is written otherwise', async () => {
    const { scrim, other } = await reported();
    const before = await rowOf(scrim.id);
    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 7 }]) {
      const res = await dispute(scrim.id, other[0]!.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await rowOf(scrim.id)).toEqual(before);
    expect(await disputesOf(scrim.id)).toEqual([]);
    expect((await dispute(scrim.id, other[0]!.token, { reason: 'x'.repeat(500) })).statusCode).toBe(200);
  });

  it("disputes: not rated, players and admins told, in the admins' queue until an admin decides", async () => {
    const { scrim, host, other, mates, caster } = await reported();
    const res = await dispute(scrim.id, other[1]!.token, { reason: '  Blue had a smurf  ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Scrim;
    expect(body.result).toMatchObject({
      status: 'disputed',
      dispute: { by: other[1]!.id, reason: 'Blue had a smurf' },
    });
    expect(await ratedOf(scrim.id)).toEqual([]);
    // One open dispute: a second one, or a late confirmation, is refused.
    expectError(await dispute(scrim.id, other[2]!.token), 409, 'RESULT_DISPUTED', RESULT_MESSAGES.alreadyDisputed);
    expectError(await confirm(scrim.id, other[2]!.token), 409, 'RESULT_DISPUTED');
    expect(await disputesOf(scrim.id)).toHaveLength(1);

    const told = await db().select().from(notifications).where(eq(notifications.relatedScrimId, scrim.id));
    const owners = new Set(told.map((n) => n.userId));
    for (const user of [host, ...mates, ...other.filter((u) => u.id !== other[1]!.id), admin])
      expect(owners).toContain(user.id);
    expect(owners).not.toContain(other[1]!.id);
    expect(owners).not.toContain(caster.id);
    expect(told[0]!.message).toBe(RESULT_MESSAGES.disputedNotification(scrim.title, 'Blue had a smurf'));

    // The admins' queue.
    expect((await api.call('GET', '/api/admin/disputes')).statusCode).toBe(401);
    expect((await api.call('GET', '/api/admin/disputes', { token: other[0]!.token })).statusCode).toBe(403);
    const queue = await api.call('GET', '/api/admin/disputes', { token: admin.token });
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toContainEqual({
      id: (await disputesOf(scrim.id))[0]!.id,
      scrimId: scrim.id,
      scrimTitle: scrim.title,
      teamWon: 'teamOne',
      reporter: { id: host.id, name: host.name },
      disputer: { id: other[1]!.id, name: other[1]!.name },
      reason: 'Blue had a smurf',
      createdAt: expect.any(String),
    });

    // The admin decides with set-winner: confirmed, rated, the dispute resolved and out of the queue.
    const decided = await api.setWinner(scrim.id, 'teamTwo', admin.token);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({
      teamWon: 'teamTwo',
      result: { status: 'confirmed', source: 'admin', dispute: null },
    });
    expect(decided.json().ratingChanges).toHaveLength(10);
    expect((await disputesOf(scrim.id))[0]).toMatchObject({ resolvedBy: admin.id, resolvedAt: expect.any(Date) });
    const after = (await api.call('GET', '/api/admin/disputes', { token: admin.token })).json() as {
      scrimId: string;
    }[];
    expect(after.map((d) => d.scrimId)).not.toContain(scrim.id);
  });

  it('an admin clearing a disputed result in the edit form resolves the dispute; nothing rated', async () => {
    const { scrim, other } = await reported();
    expect((await dispute(scrim.id, other[0]!.token)).statusCode).toBe(200);
    const current = await rowOf(scrim.id);
    const res = await api.call('PUT', `/api/scrims/${scrim.id}`, {
      token: admin.token,
      payload: {
        title: current.title,
        region: current.region,
        gameStartTime: current.gameStartTime.toISOString(),
        isPrivate: false,
        isWithCasters: false,
        maxCastersAllowedCount: 0,
        lobbyPassword: current.lobbyPassword,
        teamWon: null,
        useTournamentCode: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ teamWon: null, result: null, ratingChanges: [] });
    expect((await disputesOf(scrim.id))[0]!.resolvedBy).toBe(admin.id);
    expect(await ratedOf(scrim.id)).toEqual([]);
  });
});
