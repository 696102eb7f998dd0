import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES, type DraftStatus, type Scrim } from '@scrim-gym/shared';
import { scrimDrafts, scrims } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { boardApi, lineupOf } from '../../../test/board-api.js';
import { createAdmin, type TestUser } from '../../../test/factories.js';
import { editBody, expectError, scrimApi } from '../../../test/scrim-api.js';
import { createScrim } from '../../../test/scrim-factories.js';
import { seriesPlay } from '../../../test/series-play.js';
import { callApi, expectStatus } from '../../../test/social.js';

/**
 * A scrim's draft settings: a pick-up scrim drafts without the room or with the tournament draft (fearless is a
 * series'), a series game drafts as its series, and neither the mode nor the turn time changes once the draft
 * has started.
 */
let ctx: TestContext;
let api: ReturnType<typeof scrimApi>;
let admin: TestUser;
let play: ReturnType<typeof seriesPlay>;
const db = () => ctx.database.db;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  ctx = await createTestApp();
  api = scrimApi(ctx.app);
  admin = await createAdmin({ db: db() });
  play = seriesPlay({ ctx, admin });
});
afterAll(async () => ctx?.close());

const create = (payload: object) =>
  api.call('POST', '/api/scrims', {
    token: admin.token,
    payload: {
      title: 'Draft night',
      region: 'NA',
      gameStartTime: new Date(Date.now() + HOUR).toISOString(),
      ...payload,
    },
  });

const stored = async (scrimId: string) => {
  const [row] = await db()
    .select({ draft: scrims.draft, draftTimerSeconds: scrims.draftTimerSeconds })
    .from(scrims)
    .where(eq(scrims.id, scrimId));
  return row!;
};

/** An admin's edit of the scrim as stored, with `changes` on top (the edit form sends every field). */
const edit = async (scrimId: string, changes: object) => {
  const [scrim] = await db().select().from(scrims).where(eq(scrims.id, scrimId));
  const { isPrivate, isWithCasters, maxCastersAllowedCount, useTournamentCode, region } = scrim!;
  const payload = editBody(scrim!, {
    ...{ isPrivate, isWithCasters, maxCastersAllowedCount, useTournamentCode, region },
    ...changes,
  });
  return api.call('PUT', `/api/scrims/${scrimId}`, { token: admin.token, payload });
};

const openDraft = (scrimId: string, status: DraftStatus) =>
  db()
    .insert(scrimDrafts)
    .values({ scrimId, status, turnEndsAt: status === 'running' ? new Date(Date.now() + 30_000) : null });

describe('creating a scrim', () => {
  it('drafts without the room and 30 seconds a turn unless told', async () => {
    const scrim = expectStatus<Scrim>(await create({}), 201);
    expect(scrim).toMatchObject({ draft: 'none', draftTimerSeconds: 30 });
    expect(await stored(scrim._id)).toEqual({ draft: 'none', draftTimerSeconds: 30 });
  });

  it('takes the tournament draft and its turn time', async () => {
    const scrim = expectStatus<Scrim>(await create({ draft: 'tournament', draftTimerSeconds: 45 }), 201);
    expect(scrim).toMatchObject({ draft: 'tournament', draftTimerSeconds: 45 });
    expect(await stored(scrim._id)).toEqual({ draft: 'tournament', draftTimerSeconds: 45 });
  });

  it('refuses fearless for a pick-up scrim, and a turn time out of 15 to 90 seconds, writing nothing', async () => {
    const before = await db().$count(scrims);
    expectError(await create({ draft: 'fearless' }), 400, 'FEARLESS_SERIES_ONLY', DRAFT_MESSAGES.fearlessSeriesOnly);
    const range = DRAFT_MESSAGES.timerOutOfRange;
    for (const draftTimerSeconds of [14, 91, 30.5, '30']) {
      const body = expectError(await create({ draft: 'tournament', draftTimerSeconds }), 400, 'VALIDATION');
      if (typeof draftTimerSeconds === 'number' && Number.isInteger(draftTimerSeconds)) expect(body.error).toBe(range);
    }
    expectError(await create({ draft: 'pick-up' }), 400, 'VALIDATION');
    expect(await db().$count(scrims)).toBe(before);
  });
});

describe('editing a pick-up scrim', () => {
  it('changes the mode and the turn time, and keeps them when the body leaves them out', async () => {
    const scrim = await createScrim({ db: db() });
    const changed = expectStatus<Scrim>(await edit(scrim.id, { draft: 'tournament', draftTimerSeconds: 20 }), 200);
    expect(changed).toMatchObject({ draft: 'tournament', draftTimerSeconds: 20 });
    expectStatus(await edit(scrim.id, { title: 'Renamed' }), 200);
    expect(await stored(scrim.id)).toEqual({ draft: 'tournament', draftTimerSeconds: 20 });
  });

  it('refuses fearless with 400 and leaves the scrim as it was', async () => {
    const scrim = await createScrim({ db: db(), draft: 'tournament' });
    expectError(await edit(scrim.id, { draft: 'fearless', title: 'Changed' }), 400, 'FEARLESS_SERIES_ONLY');
    const [row] = await db()
      .select({ title: scrims.title, draft: scrims.draft })
      .from(scrims)
      .where(eq(scrims.id, scrim.id));
    expect(row).toEqual({ title: scrim.title, draft: 'tournament' });
  });

  it('refuses a new mode or turn time once the draft runs or is done (409 DRAFT_STARTED), not while it waits', async () => {
    for (const status of ['running', 'done'] as const) {
      const scrim = await createScrim({ db: db(), draft: 'tournament' });
      await openDraft(scrim.id, status);
      const refused = [{ draft: 'none' }, { draftTimerSeconds: 60 }];
      for (const changes of refused) {
        expectError(
          await edit(scrim.id, { ...changes, title: 'Changed' }),
          409,
          'DRAFT_STARTED',
          DRAFT_MESSAGES.settingsLocked,
        );
      }
      expect(await stored(scrim.id)).toEqual({ draft: 'tournament', draftTimerSeconds: 30 });
      // The same values again (the edit form sends every field) and other fields still change.
      const same = await edit(scrim.id, { draft: 'tournament', draftTimerSeconds: 30, title: 'Renamed' });
      expect(expectStatus<Scrim>(same, 200).title).toBe('Renamed');
    }
    for (const status of ['waiting', 'reset'] as const) {
      const scrim = await createScrim({ db: db(), draft: 'tournament' });
      await openDraft(scrim.id, status);
      expectStatus(await edit(scrim.id, { draft: 'none', draftTimerSeconds: 90 }), 200);
      expect(await stored(scrim.id)).toEqual({ draft: 'none', draftTimerSeconds: 90 });
    }
  });
});

describe("a series game's draft", () => {
  it("is its series': every game of a fearless series drafts fearless", async () => {
    const board = boardApi(callApi(ctx.app));
    const booked = await play.fixtures().bookedSeries({ format: 'bo3', fearless: true, draft: 'fearless' });
    const { poster, asker, series } = booked;
    expect(series.draft).toBe('fearless');
    const one = series.games[0]!;
    expect(await stored(one.scrimId)).toEqual({ draft: 'fearless', draftTimerSeconds: 30 });
    expect((await api.read(one.scrimId, admin.token)).draft).toBe('fearless');
    await board.lineupOk(series._id, poster.captain, lineupOf(poster.id, poster.players));
    await board.lineupOk(series._id, asker.captain, lineupOf(asker.id, asker.players));
    await play.win(series, 1, poster.id);
    const two = (await board.seriesOk(series._id, poster.captain)).games[1]!;
    expect(await stored(two.scrimId)).toEqual({ draft: 'fearless', draftTimerSeconds: 30 });
  });

  it('drafts the tournament draft, or none, as its series does', async () => {
    for (const draft of ['tournament', 'none'] as const) {
      const { series } = await play.fixtures().bookedSeries({ format: 'bo1', draft });
      expect((await stored(series.games[0]!.scrimId)).draft).toBe(draft);
    }
  });

  it('refuses a new mode on the game itself (409 SERIES_GAME) but takes its turn time', async () => {
    const { series } = await play.fixtures().bookedSeries({ format: 'bo1', draft: 'tournament' });
    const scrimId = series.games[0]!.scrimId;
    for (const draft of ['none', 'fearless']) {
      expectError(await edit(scrimId, { draft }), 409, 'SERIES_GAME', DRAFT_MESSAGES.seriesDecides);
    }
    expect(expectStatus<Scrim>(await edit(scrimId, { draft: 'tournament', draftTimerSeconds: 60 }), 200)).toMatchObject(
      {
        draft: 'tournament',
        draftTimerSeconds: 60,
      },
    );
  });
});
