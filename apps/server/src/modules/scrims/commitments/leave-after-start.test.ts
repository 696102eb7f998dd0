import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Scrim, ScrimSecrets } from '@scrim-gym/shared';
import { scrimParticipants } from '../../../db/schema/index.js';
import { scheduleJob } from '../../../jobs/index.js';
import { addToWaitlist, commitmentsOf } from '../../../test/check-in-factories.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { ALL_SLOTS, addPlayers, createScrim, createUsers, fillScrim } from '../../../test/scrim-factories.js';
import { scrimSuite } from '../../../test/scrim-suite.js';
import { SCRIM_START_JOB, scrimStartKey } from '../core/scrims.schedule.js';

/**
 * A start is not undone by a leave: once the game began with ten, the lobby stays open to whoever is in the scrim
 * (the nine, and whoever takes the freed seat), and the scrim stays live.
 */
const suite = scrimSuite();
const { db } = suite;
const MINUTE = 60_000;

async function runStartJob(scrimId: string) {
  await scheduleJob({
    db: db(),
    kind: SCRIM_START_JOB,
    runAt: new Date(Date.now() - 1000),
    payload: { scrimId },
    dedupeKey: scrimStartKey(scrimId),
  });
  await suite.ctx.app.jobs.runOnce();
}

/** A full scrim that started 20 minutes ago, its start job run. */
async function startedFull() {
  const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 20 * MINUTE) });
  const { players } = await fillScrim({ db: db(), scrim });
  await runStartJob(scrim.id);
  return { scrim, players };
}

const leave = async (scrimId: string, user: TestUser) => {
  const res = await suite.api.leave(scrimId, user.id, user.token);
  expect(res.statusCode, res.body).toBe(200);
};

/** The lobby password as `user` sees it on the scrim, and from the hub's mine-secrets of the day. */
async function secretsOf(scrim: { id: string; gameStartTime: Date }, user: TestUser) {
  const body: Scrim = await suite.api.read(scrim.id, user.token);
  const day = `region=NA&startDate=${new Date(scrim.gameStartTime.getTime() - 60 * MINUTE).toISOString()}&endDate=${new Date(scrim.gameStartTime.getTime() + 60 * MINUTE).toISOString()}`;
  const res = await suite.api.call('GET', `/api/scrims/mine-secrets?${day}`, { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  const hub = res.json<ScrimSecrets[]>().find((s) => s._id === scrim.id);
  return { page: body.lobbyPassword, hub: hub?.lobbyPassword, status: body.status, ready: body.lobbyReady };
}

describe('a leave after a start with ten', () => {
  it('keeps the scrim live and the lobby open to the nine; the leaver has a late leave and no lobby', async () => {
    const { scrim, players } = await startedFull();
    const leaver = players[7]!;
    await leave(scrim.id, leaver);
    for (const player of players.filter((p) => p !== leaver)) {
      expect(await secretsOf(scrim, player)).toEqual({
        page: scrim.lobbyPassword,
        hub: scrim.lobbyPassword,
        status: 'live',
        ready: true,
      });
    }
    const gone = await secretsOf(scrim, leaver);
    expect(gone.page).toBeUndefined();
    expect(gone.hub).toBeUndefined();
    expect((await commitmentsOf({ db: db(), scrimId: scrim.id }))[leaver.id]).toBe('late_leave');
  });

  it('a placed player leaves without cost; the lobby stays for the others', async () => {
    const { scrim, players } = await startedFull();
    const placed = players[3]!;
    await db()
      .update(scrimParticipants)
      .set({ placed: true })
      .where(and(eq(scrimParticipants.scrimId, scrim.id), eq(scrimParticipants.userId, placed.id)));
    await leave(scrim.id, placed);
    expect((await commitmentsOf({ db: db(), scrimId: scrim.id }))[placed.id]).toBeUndefined();
    expect((await secretsOf(scrim, players[0]!)).page).toBe(scrim.lobbyPassword);
  });

  it("the waitlist's first takes the seat and sees the lobby, even with another seat still free", async () => {
    const { scrim, players } = await startedFull();
    const [first, onlooker] = await createUsers({ db: db(), count: 2 });
    await addToWaitlist({ db: db(), scrim, entries: [{ user: first!, role: 'any' }] });
    await leave(scrim.id, players[2]!);
    await leave(scrim.id, players[7]!);
    const body = await suite.api.read(scrim.id, first!.token);
    expect([...body.teamOne, ...body.teamTwo].some((p) => p._user._id === first!.id)).toBe(true);
    expect(await secretsOf(scrim, first!)).toMatchObject({ page: scrim.lobbyPassword, hub: scrim.lobbyPassword });
    expect((await secretsOf(scrim, onlooker!)).page).toBeUndefined();
  });

  it('with nobody waiting, a newcomer who takes a free seat sees the lobby (one still free); an onlooker does not', async () => {
    const { scrim, players } = await startedFull();
    await leave(scrim.id, players[8]!);
    await leave(scrim.id, players[9]!);
    const onlooker = await createUser({ db: db() });
    expect((await secretsOf(scrim, onlooker)).page).toBeUndefined();
    const newcomer = await createUser({ db: db() });
    const joined = await suite.api.join(scrim.id, newcomer.id, ALL_SLOTS[9]!, newcomer.token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await secretsOf(scrim, newcomer)).toMatchObject({ page: scrim.lobbyPassword, status: 'live' });
    expect((await secretsOf(scrim, onlooker)).page).toBeUndefined();
  });

  it('a scrim that began short stays locked to its players until both teams are full, then stays ready', async () => {
    const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 20 * MINUTE) });
    const players = await createUsers({ db: db(), count: 9 });
    await addPlayers({ db: db(), scrim, users: players });
    await runStartJob(scrim.id);
    expect(await secretsOf(scrim, players[0]!)).toMatchObject({ page: undefined, ready: false, status: 'live' });
    expect((await secretsOf(scrim, suite.admin)).page).toBe(scrim.lobbyPassword);
    // The tenth joins after the start: ready from then on, and a leave since keeps it so.
    const tenth = await createUser({ db: db() });
    const joined = await suite.api.join(scrim.id, tenth.id, ALL_SLOTS[9]!, tenth.token);
    expect(joined.statusCode, joined.body).toBe(200);
    await leave(scrim.id, players[4]!);
    expect(await secretsOf(scrim, players[0]!)).toMatchObject({ page: scrim.lobbyPassword, ready: true });
    expect((await secretsOf(scrim, tenth)).page).toBe(scrim.lobbyPassword);
  });
});
