import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES, DRAFT_ORDER, DRAFT_TIMER_DEFAULT_SECONDS, type DraftState } from '@scrim-gym/shared';
import { communityHosts, jobs, scrimDraftTurns, scrimDrafts, scrims } from '../../../db/schema/index.js';
import { createTestApp } from '../../../test/app.js';
import { CHAMPION_IDS, draftApi, draftScrim, expireTurn, lockTurns, startDraft } from '../../../test/draft-api.js';
import { createAdmin, createBannedUser, createUser } from '../../../test/factories.js';
import { startFakeRiot } from '../../../test/fake-riot.js';
import { expectError } from '../../../test/scrim-api.js';
import { addCaster, createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { expectBanned, expectNoSession, expectStatus, expectValidation, useSocialApp } from '../../../test/social.js';
import { draftTurnKey } from './draft.schedule.js';

const riot = await startFakeRiot();
afterAll(() => riot.close());
const t = useSocialApp({ DDRAGON_BASE_URL: riot.url });
const db = () => t.db();
const api = draftApi((...args) => t.call(...args));
const runJobs = () => t.app().jobs.runOnce();

const turnsOf = (scrimId: string) =>
  db().select().from(scrimDraftTurns).where(eq(scrimDraftTurns.scrimId, scrimId)).orderBy(scrimDraftTurns.turnIndex);
const draftRow = async (scrimId: string) =>
  (await db().select().from(scrimDrafts).where(eq(scrimDrafts.scrimId, scrimId)))[0];

/** A drafting pick-up scrim with blue[0] and red[0] as drafters, running at turn 0. */
async function runningDraft() {
  const fixture = await draftScrim(db());
  const drafters = { blue: fixture.blue[0]!, red: fixture.red[0]! };
  const started = await startDraft(api, fixture.scrim.id, drafters);
  return { ...fixture, drafters, started };
}

describe('GET /api/scrims/:id/draft', () => {
  it("a scrim without a draft answers mode 'none', waiting; every POST is 409 DRAFT_OFF, nothing written", async () => {
    const scrim = await createScrim({ db: db() });
    const { players } = await fillScrim({ db: db(), scrim });
    const state = await api.getOk(scrim.id, players[0]!);
    expect(state).toMatchObject({ mode: 'none', status: 'waiting', version: 0, unavailable: [] });
    expect(state.turn).toBeUndefined();
    for (const res of [
      await api.ready(scrim.id, players[0], 'blue'),
      await api.drafter(scrim.id, players[0], 'blue', players[1]!.id),
      await api.hover(scrim.id, players[0], 'Ahri'),
      await api.lock(scrim.id, players[0], 'Ahri'),
      await api.reset(scrim.id, players[0]),
    ]) {
      expectError(res, 409, 'DRAFT_OFF', DRAFT_MESSAGES.off);
    }
    expect(await draftRow(scrim.id)).toBeUndefined();
  });

  it('anyone signed in sees a drafting scrim (as GET /api/scrims/:id); no session 401, banned 403, unknown 404', async () => {
    const { scrim } = await draftScrim(db(), { isPrivate: true });
    const stranger = await createUser({ db: db() });
    const state = await api.getOk(scrim.id, stranger);
    expect(state).toMatchObject({
      scrimId: scrim.id,
      mode: 'tournament',
      status: 'waiting',
      timerSeconds: DRAFT_TIMER_DEFAULT_SECONDS,
      ready: { blue: false, red: false },
      drafters: { blue: null, red: null },
      blue: { bans: [], picks: [] },
      red: { bans: [], picks: [] },
      championsAvailable: true,
    });
    expect(state.hovers).toBeUndefined();
    expectNoSession(await api.get(scrim.id));
    expectBanned(await api.get(scrim.id, await createBannedUser({ db: db() })));
    expectError(await api.get('00000000-0000-4000-8000-000000000000', stranger), 404, 'SCRIM_NOT_FOUND');
    expectValidation(await api.get('not-a-uuid', stranger));
  });
});

describe('POST /api/scrims/:id/draft/ready', () => {
  it("a side's first player to press Ready drafts for it; both sides ready start turn 0 on the server's clock", async () => {
    const { scrim, blue, red } = await draftScrim(db(), { draftTimerSeconds: 45 });
    const before = Date.now();
    const first = await api.readyOk(scrim.id, blue[2]!, 'blue');
    expect(first).toMatchObject({
      status: 'waiting',
      ready: { blue: true, red: false },
      drafters: { blue: blue[2]!.id },
    });
    // Pressing again changes nothing.
    expect((await api.readyOk(scrim.id, blue[2]!, 'blue')).version).toBe(first.version);
    // Another blue player is not the drafter; a red player cannot ready blue; a caster is on no side.
    expectError(await api.ready(scrim.id, blue[0], 'blue'), 403, 'NOT_DRAFTER', DRAFT_MESSAGES.notDrafter);
    expectError(await api.ready(scrim.id, red[0], 'blue'), 403, 'NOT_ON_SIDE', DRAFT_MESSAGES.notYourSide);
    const caster = await addCaster({ db: db(), scrim });
    expectError(await api.ready(scrim.id, caster, 'red'), 403, 'NOT_ON_SIDE');

    const started = await api.readyOk(scrim.id, red[4]!, 'red');
    expect(started).toMatchObject({
      status: 'running',
      timerSeconds: 45,
      drafters: { blue: blue[2]!.id, red: red[4]!.id },
      turn: { index: 0, side: 'blue', action: 'ban' },
    });
    const endsAt = new Date(started.turn!.endsAt).getTime();
    expect(endsAt).toBeGreaterThanOrEqual(before + 45_000 - 1000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 45_000 + 1000);
    // The turn's timeout is a job at its end.
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, draftTurnKey(scrim.id, 0)));
    expect(job!.runAt.getTime()).toBe(endsAt);
    expectError(await api.ready(scrim.id, red[4], 'red'), 409, 'DRAFT_STARTED', DRAFT_MESSAGES.started);
  });

  it('the champion list unreadable: the start is refused 503 and nothing is written; GET says so', async () => {
    const { scrim, blue, red } = await draftScrim(db());
    await api.readyOk(scrim.id, blue[0]!, 'blue');
    const blind = await createTestApp({ DDRAGON_BASE_URL: 'http://127.0.0.1:9' }, { database: t.app().database });
    try {
      const res = await blind.app.inject({
        method: 'POST',
        url: `/api/scrims/${scrim.id}/draft/ready`,
        headers: { authorization: `Bearer ${red[0]!.token}` },
        payload: { side: 'red' },
      });
      expectError(res, 503, 'CHAMPIONS_UNREADABLE', DRAFT_MESSAGES.championsUnreadable);
      const read = await blind.app.inject({
        method: 'GET',
        url: `/api/scrims/${scrim.id}/draft`,
        headers: { authorization: `Bearer ${red[0]!.token}` },
      });
      expect(read.json<DraftState>()).toMatchObject({ status: 'waiting', championsAvailable: false });
    } finally {
      await blind.app.close();
    }
    expect(await draftRow(scrim.id)).toMatchObject({ readyRed: false, drafterRed: null, status: 'waiting' });
    expect((await api.readyOk(scrim.id, red[0]!, 'red')).status).toBe('running');
  });
});

describe('the tournament draft through the API', () => {
  it('plays its 20 turns in order: bans B R B R B R, picks B R R B B R, bans R B R B, picks R B B R', async () => {
    const { scrim, drafters, started } = await runningDraft();
    expect(started.version).toBeGreaterThan(0);
    let version = started.version;
    for (const [index, turn] of DRAFT_ORDER.entries()) {
      const current = await api.getOk(scrim.id, drafters.blue);
      expect(current.turn).toMatchObject({ index, side: turn.side, action: turn.action });
      // The other side's drafter is refused on this turn.
      const other = turn.side === 'blue' ? drafters.red : drafters.blue;
      expectError(await api.lock(scrim.id, other, CHAMPION_IDS[index]!), 409, 'NOT_YOUR_TURN');
      const after = await api.lockOk(
        scrim.id,
        drafters[turn.side],
        CHAMPION_IDS[index]!,
        turn.action === 'pick' ? 'Mid' : undefined,
      );
      expect(after.version).toBeGreaterThan(version);
      version = after.version;
    }
    const done = await api.getOk(scrim.id, drafters.red);
    expect(done.status).toBe('done');
    expect(done.turn).toBeUndefined();
    const expected = (side: 'blue' | 'red', action: 'ban' | 'pick') =>
      DRAFT_ORDER.flatMap((turn, i) => (turn.side === side && turn.action === action ? [CHAMPION_IDS[i]!] : []));
    expect(done.blue.bans).toEqual(expected('blue', 'ban'));
    expect(done.red.bans).toEqual(expected('red', 'ban'));
    expect(done.blue.picks).toEqual(expected('blue', 'pick').map((champion) => ({ champion, role: 'Mid' })));
    expect(done.red.picks.map((p) => p.champion)).toEqual(expected('red', 'pick'));
    // The pick order stays, turn by turn, with who locked it.
    const turns = await turnsOf(scrim.id);
    expect(turns.map((row) => [row.turnIndex, row.side, row.action, row.champion, row.timedOut])).toEqual(
      DRAFT_ORDER.map((turn, i) => [i, turn.side, turn.action, CHAMPION_IDS[i], false]),
    );
    expect(turns.every((row) => row.lockedBy === drafters[row.side].id)).toBe(true);
    expect(await draftRow(scrim.id)).toMatchObject({ status: 'done', turnIndex: 20, turnEndsAt: null });
    expect((await draftRow(scrim.id))!.endedAt).not.toBeNull();

    expectError(await api.lock(scrim.id, drafters.blue, CHAMPION_IDS[30]!), 409, 'DRAFT_OVER', DRAFT_MESSAGES.over);
    expectError(await api.hover(scrim.id, drafters.blue, CHAMPION_IDS[30]!), 409, 'DRAFT_OVER');
    expectError(await api.reset(scrim.id, drafters.blue), 409, 'DRAFT_OVER');
    expectError(await api.ready(scrim.id, drafters.blue, 'blue'), 409, 'DRAFT_OVER');
  });

  it('refuses every lock that breaks a rule, with a clear 4xx and nothing written', async () => {
    const { scrim, blue, red, drafters } = await draftScrim(db()).then(async (f) => ({
      ...f,
      drafters: { blue: f.blue[0]!, red: f.red[0]! },
    }));
    expectError(await api.lock(scrim.id, drafters.blue, 'Ahri'), 409, 'DRAFT_NOT_RUNNING', DRAFT_MESSAGES.notRunning);
    await startDraft(api, scrim.id, drafters);
    const outsider = await createUser({ db: db() });
    expectNoSession(await api.lock(scrim.id, undefined, 'Ahri'));
    expectBanned(await api.lock(scrim.id, await createBannedUser({ db: db() }), 'Ahri'));
    expectError(await api.lock(scrim.id, outsider, 'Ahri'), 403, 'NOT_DRAFTER', DRAFT_MESSAGES.notDrafter);
    expectError(await api.lock(scrim.id, blue[1], 'Ahri'), 403, 'NOT_DRAFTER');
    // An admin runs the scrim but does not draft for a side.
    expectError(await api.lock(scrim.id, await createAdmin({ db: db() }), 'Ahri'), 403, 'NOT_DRAFTER');
    expectError(await api.lock(scrim.id, red[0], 'Ahri'), 409, 'NOT_YOUR_TURN', DRAFT_MESSAGES.notYourTurn);
    expectError(await api.lock(scrim.id, drafters.blue, 'NotAChampion'), 400, 'UNKNOWN_CHAMPION');
    expectValidation(await api.lock(scrim.id, drafters.blue, ''));
    expectValidation(await t.call('POST', `/api/scrims/${scrim.id}/draft/lock`, drafters.blue.token, { role: 'Mid' }));
    expectValidation(await api.lock(scrim.id, drafters.blue, 'Ahri', 'Jungler' as never));
    expect(await turnsOf(scrim.id)).toHaveLength(0);

    await api.lockOk(scrim.id, drafters.blue, 'Ahri');
    expectError(await api.lock(scrim.id, drafters.red, 'Ahri'), 409, 'CHAMPION_BANNED', DRAFT_MESSAGES.championBanned);
    await api.lockOk(scrim.id, drafters.red, 'Zed');
    await lockTurns(api, scrim.id, drafters, { from: 2, until: 6, pool: ['Yone', 'Vayne', 'Jax', 'Leona'] });
    await api.lockOk(scrim.id, drafters.blue, 'Syndra', 'Mid');
    expectError(await api.lock(scrim.id, drafters.red, 'Syndra'), 409, 'CHAMPION_TAKEN', DRAFT_MESSAGES.championTaken);
    expect(await turnsOf(scrim.id)).toHaveLength(7);
  });

  it("a lock after the turn's clock ran out is refused TURN_PASSED, and the turn's timeout is applied", async () => {
    const { scrim, drafters } = await runningDraft();
    await expireTurn(db(), scrim.id);
    expectError(await api.lock(scrim.id, drafters.blue, 'Ahri'), 409, 'TURN_PASSED', DRAFT_MESSAGES.turnPassed);
    const state = await api.getOk(scrim.id, drafters.blue);
    expect(state.blue.bans).toEqual([null]);
    expect(state.turn).toMatchObject({ index: 1, side: 'red' });
    // The job finds the turn decided: nothing more.
    await runJobs();
    expect(await turnsOf(scrim.id)).toHaveLength(1);
  });

  it("a lock that names its turn is never taken for the side's next one", async () => {
    const { scrim, drafters } = await runningDraft();
    await lockTurns(api, scrim.id, drafters, { until: 7 });
    // Turns 7 and 8 are both red's picks: turn 7 times out (taking red's hover) while red's lock for it is on its way.
    await api.hoverOk(scrim.id, drafters.red, 'Jinx');
    await expireTurn(db(), scrim.id);
    await runJobs();
    const lockFor = (turn: number, champion: string) =>
      t.call('POST', `/api/scrims/${scrim.id}/draft/lock`, drafters.red.token, { champion, turn });
    expectError(await lockFor(7, 'Zed'), 409, 'TURN_PASSED', DRAFT_MESSAGES.turnPassed);
    expectError(await lockFor(9, 'Zed'), 409, 'NOT_YOUR_TURN');
    expectValidation(await lockFor(20, 'Zed'));
    const state = expectStatus<DraftState>(await lockFor(8, 'Zed'), 200);
    expect(state.red.picks).toEqual([
      { champion: 'Jinx', role: null },
      { champion: 'Zed', role: null },
    ]);
    expect((await turnsOf(scrim.id)).map((row) => row.timedOut)).toEqual([...Array(7).fill(false), true, false]);
  });

  it('a cancelled scrim or one with a winner refuses every change', async () => {
    const cancelled = await runningDraft();
    await db().update(scrims).set({ cancelledAt: new Date() }).where(eq(scrims.id, cancelled.scrim.id));
    expectError(await api.lock(cancelled.scrim.id, cancelled.drafters.blue, 'Ahri'), 409, 'SCRIM_CANCELLED');
    const won = await runningDraft();
    await db()
      .update(scrims)
      .set({ teamWon: 'teamOne', resultStatus: 'confirmed', resultSource: 'admin' })
      .where(eq(scrims.id, won.scrim.id));
    expectError(await api.hover(won.scrim.id, won.drafters.blue, 'Ahri'), 409, 'GAME_OVER');
    // Their clocks stop where they were.
    await expireTurn(db(), cancelled.scrim.id);
    await expireTurn(db(), won.scrim.id);
    await runJobs();
    expect(await turnsOf(cancelled.scrim.id)).toHaveLength(0);
    expect(await turnsOf(won.scrim.id)).toHaveLength(0);
  });
});

describe('the turn clock', () => {
  it('a ban that times out is skipped ("no ban"); the next turn starts its own clock', async () => {
    const { scrim, drafters } = await runningDraft();
    await expireTurn(db(), scrim.id);
    expect(await runJobs()).toBeGreaterThan(0);
    const state = await api.getOk(scrim.id, drafters.red);
    expect(state.blue.bans).toEqual([null]);
    expect(state.turn).toMatchObject({ index: 1, side: 'red', action: 'ban' });
    const [turn] = await turnsOf(scrim.id);
    expect(turn).toMatchObject({ champion: null, timedOut: true, lockedBy: null });
    const [next] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, draftTurnKey(scrim.id, 1)));
    expect(next!.runAt.toISOString()).toBe(state.turn!.endsAt);
    // A second run of the same job (at-least-once) changes nothing.
    await db()
      .update(jobs)
      .set({ completedAt: null, runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.dedupeKey, draftTurnKey(scrim.id, 0)));
    await runJobs();
    expect(await turnsOf(scrim.id)).toHaveLength(1);
  });

  it("a pick that times out takes the drafter's hover while it is free, else a random free champion", async () => {
    const { scrim, drafters, blue } = await runningDraft();
    await lockTurns(api, scrim.id, drafters, { until: 6, pool: CHAMPION_IDS.slice(0, 6) });
    // Turn 6: blue's first pick. A teammate's hover is a suggestion only; the drafter's is taken.
    await api.hoverOk(scrim.id, blue[3]!, 'Jinx');
    await api.hoverOk(scrim.id, drafters.blue, 'Thresh');
    await expireTurn(db(), scrim.id);
    await runJobs();
    let state = await api.getOk(scrim.id, drafters.blue);
    expect(state.blue.picks).toEqual([{ champion: 'Thresh', role: null }]);
    // Hovers are cleared by the decided turn.
    expect(state.hovers).toEqual({});

    // Turn 7: red's pick with no hover: a random champion, neither banned nor taken.
    await expireTurn(db(), scrim.id);
    await runJobs();
    state = await api.getOk(scrim.id, drafters.red);
    const random = state.red.picks[0]!.champion;
    expect(CHAMPION_IDS).toContain(random);
    expect([...CHAMPION_IDS.slice(0, 6), 'Thresh']).not.toContain(random);
    expect((await turnsOf(scrim.id))[7]).toMatchObject({ timedOut: true, champion: random });
  });

  it('a hover of a taken champion is refused; a timeout takes the hover made since the last lock', async () => {
    const { scrim, drafters } = await runningDraft();
    await lockTurns(api, scrim.id, drafters, { until: 7, pool: CHAMPION_IDS.slice(0, 7) });
    // Turn 7: red picks; the champion blue picked on turn 6 cannot even be suggested.
    expectError(await api.hover(scrim.id, drafters.red, CHAMPION_IDS[6]!), 409, 'CHAMPION_TAKEN');
    await api.hoverOk(scrim.id, drafters.red, 'Orianna');
    await api.lockOk(scrim.id, drafters.red, 'Orianna');
    await api.hoverOk(scrim.id, drafters.red, 'Syndra');
    // Turn 8 is red's too: the hover was cleared by the lock of turn 7, so the new one counts.
    await expireTurn(db(), scrim.id);
    await runJobs();
    expect((await api.getOk(scrim.id, drafters.red)).red.picks.map((p) => p.champion)).toEqual(['Orianna', 'Syndra']);
  });
});

describe('POST /api/scrims/:id/draft/drafter', () => {
  it('the lobby captain, a host or an admin hands a side to one of its players before the start', async () => {
    const admin = await createAdmin({ db: db() });
    const host = await createUser({ db: db() });
    await db().insert(communityHosts).values({ userId: host.id, region: 'NA', grantedBy: admin.id });
    const { scrim, blue, red } = await draftScrim(db(), { hostedBy: host.id, createdBy: host.id });
    // blue[0] is the lobby captain: it chooses for either side.
    let state = expectStatus<DraftState>(await api.drafter(scrim.id, blue[0], 'red', red[2]!.id), 200);
    expect(state.drafters).toEqual({ blue: null, red: red[2]!.id });
    expectError(await api.ready(scrim.id, red[0], 'red'), 403, 'NOT_DRAFTER');
    state = expectStatus<DraftState>(await api.drafter(scrim.id, host, 'blue', blue[4]!.id), 200);
    expect(state.drafters).toEqual({ blue: blue[4]!.id, red: red[2]!.id });
    state = expectStatus<DraftState>(await api.drafter(scrim.id, admin, 'red', red[3]!.id), 200);
    expect(state.drafters).toEqual({ blue: blue[4]!.id, red: red[3]!.id });

    expectError(
      await api.drafter(scrim.id, blue[1], 'blue', blue[1]!.id),
      403,
      'NOT_CAPTAIN',
      DRAFT_MESSAGES.cannotChooseDrafter,
    );
    expectError(await api.drafter(scrim.id, blue[0], 'blue', red[1]!.id), 409, 'NOT_ON_SIDE', DRAFT_MESSAGES.notOnSide);
    expectError(await api.drafter(scrim.id, admin, 'blue', admin.id), 409, 'NOT_ON_SIDE');
    expectValidation(await api.drafter(scrim.id, admin, 'green' as never, blue[1]!.id));
    expectValidation(await api.drafter(scrim.id, admin, 'blue', 'someone'));

    await startDraft(api, scrim.id, { blue: blue[4]!, red: red[3]! });
    expectError(await api.drafter(scrim.id, blue[0], 'blue', blue[1]!.id), 409, 'DRAFT_STARTED');
    const another = await createUser({ db: db() });
    await db().insert(communityHosts).values({ userId: another.id, region: 'NA', grantedBy: admin.id });
    // A host of the region who does not run this scrim has no say.
    expectError(await api.drafter(scrim.id, another, 'blue', blue[1]!.id), 403, 'NOT_CAPTAIN');
  });
});

describe('POST /api/scrims/:id/draft/reset', () => {
  it('both drafters asking reset it: turns, hovers, ready flags gone; a new Ready starts again at turn 0', async () => {
    const { scrim, drafters, blue } = await runningDraft();
    await lockTurns(api, scrim.id, drafters, { until: 3 });
    await api.hoverOk(scrim.id, blue[2]!, 'Ahri');
    expectError(await api.reset(scrim.id, blue[2]), 403, 'NOT_DRAFTER', DRAFT_MESSAGES.cannotReset);
    const asked = await api.resetOk(scrim.id, drafters.blue);
    expect(asked.status).toBe('running');
    expect(await draftRow(scrim.id)).toMatchObject({ resetAskedBlue: true, resetAskedRed: false });
    const reset = await api.resetOk(scrim.id, drafters.red);
    expect(reset).toMatchObject({
      status: 'reset',
      ready: { blue: false, red: false },
      drafters: { blue: drafters.blue.id, red: drafters.red.id },
      blue: { bans: [], picks: [] },
      red: { bans: [], picks: [] },
      hovers: {},
    });
    expect(reset.turn).toBeUndefined();
    expect(await draftRow(scrim.id)).toMatchObject({ turnIndex: 0, resetAskedBlue: false, resetAskedRed: false });
    expect(await turnsOf(scrim.id)).toHaveLength(0);
    // The running turn's timeout went with it.
    expect(
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, draftTurnKey(scrim.id, 3))),
    ).toHaveLength(0);
    expectError(await api.lock(scrim.id, drafters.blue, 'Ahri'), 409, 'DRAFT_NOT_RUNNING');

    const again = await startDraft(api, scrim.id, drafters);
    expect(again.turn).toMatchObject({ index: 0, side: 'blue', action: 'ban' });
    await api.lockOk(scrim.id, drafters.blue, CHAMPION_IDS[0]!);
  });

  it("the scrim's host resets at once; a host of the region who does not run it and a stranger may not", async () => {
    const admin = await createAdmin({ db: db() });
    const [host, other] = [await createUser({ db: db() }), await createUser({ db: db() })];
    await db()
      .insert(communityHosts)
      .values([host, other].map((u) => ({ userId: u.id, region: 'NA' as const, grantedBy: admin.id })));
    const { scrim, blue, red } = await draftScrim(db(), { hostedBy: host.id, createdBy: host.id });
    const drafters = { blue: blue[0]!, red: red[0]! };
    await startDraft(api, scrim.id, drafters);
    await api.lockOk(scrim.id, drafters.blue, 'Ahri');
    expectError(await api.reset(scrim.id, other), 403, 'NOT_DRAFTER');
    expectError(await api.reset(scrim.id, await createUser({ db: db() })), 403, 'NOT_DRAFTER');
    expect((await api.resetOk(scrim.id, host)).status).toBe('reset');
    expect(await turnsOf(scrim.id)).toHaveLength(0);
    expect(await draftRow(scrim.id)).toMatchObject({ status: 'reset', turnIndex: 0, readyBlue: false });
    // Before a start there is nothing to reset, for an admin too.
    expectError(await api.reset(scrim.id, admin), 409, 'DRAFT_NOT_RUNNING');
  });
});
