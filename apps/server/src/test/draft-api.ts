import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DRAFT_ORDER, type DraftSide, type DraftState, type Role } from '@scrim-gym/shared';
import type { Database } from '../db/client.js';
import { jobs, scrimDrafts, scrims } from '../db/schema/index.js';
import { draftTurnKey } from '../modules/scrims/draft/draft.schedule.js';
import { DATA_DRAGON_CHAMPIONS } from './fake-riot-match.js';
import type { TestUser } from './factories.js';
import { createScrim, fillScrim, type TestScrim } from './scrim-factories.js';
import type { callApi } from './social.js';
import { expectStatus } from './social.js';

/** The draft room's calls of the API, each as the user given; `…Ok` expect a 200 and return the draft. */
export function draftApi(call: ReturnType<typeof callApi>) {
  const path = (scrimId: string, action = '') => `/api/scrims/${scrimId}/draft${action && `/${action}`}`;
  const api = {
    get: (scrimId: string, as?: TestUser) => call('GET', path(scrimId), as?.token),
    ready: (scrimId: string, as: TestUser | undefined, side: DraftSide) =>
      call('POST', path(scrimId, 'ready'), as?.token, { side }),
    drafter: (scrimId: string, as: TestUser | undefined, side: DraftSide, userId: string) =>
      call('POST', path(scrimId, 'drafter'), as?.token, { side, userId }),
    hover: (scrimId: string, as: TestUser | undefined, champion: string) =>
      call('POST', path(scrimId, 'hover'), as?.token, { champion }),
    lock: (scrimId: string, as: TestUser | undefined, champion: string, role?: Role) =>
      call('POST', path(scrimId, 'lock'), as?.token, { champion, ...(role && { role }) }),
    reset: (scrimId: string, as: TestUser | undefined) => call('POST', path(scrimId, 'reset'), as?.token),
    getOk: async (scrimId: string, as: TestUser) => expectStatus<DraftState>(await api.get(scrimId, as), 200),
    readyOk: async (scrimId: string, as: TestUser, side: DraftSide) =>
      expectStatus<DraftState>(await api.ready(scrimId, as, side), 200),
    hoverOk: async (scrimId: string, as: TestUser, champion: string) =>
      expectStatus<DraftState>(await api.hover(scrimId, as, champion), 200),
    lockOk: async (scrimId: string, as: TestUser, champion: string, role?: Role) =>
      expectStatus<DraftState>(await api.lock(scrimId, as, champion, role), 200),
    resetOk: async (scrimId: string, as: TestUser) => expectStatus<DraftState>(await api.reset(scrimId, as), 200),
  };
  return api;
}

/** Data Dragon keys of the fake's champions, in its order. */
export const CHAMPION_IDS = DATA_DRAGON_CHAMPIONS.map((c) => c.id);

/**
 * A pick-up scrim with a tournament draft (`overrides` on top) and ten players: `blue` are teamOne's (Top…Support),
 * `red` teamTwo's; blue[0] is the lobby captain.
 */
export async function draftScrim(db: Database, overrides: Partial<TestScrim> = {}) {
  const scrim = await createScrim({ db, draft: 'tournament', ...overrides });
  const { players } = await fillScrim({ db, scrim });
  return { scrim, players, blue: players.slice(0, 5), red: players.slice(5) };
}

/** Both sides ready (blue[0] and red[0] become the drafters): the draft runs, turn 0. */
export async function startDraft(
  api: ReturnType<typeof draftApi>,
  scrimId: string,
  drafters: Record<DraftSide, TestUser>,
) {
  await api.readyOk(scrimId, drafters.blue, 'blue');
  const state = await api.readyOk(scrimId, drafters.red, 'red');
  expect(state.status).toBe('running');
  return state;
}

/** Locks the turns from the current one up to `until` (exclusive), each with the next champion of `pool` still free. */
export async function lockTurns(
  api: ReturnType<typeof draftApi>,
  scrimId: string,
  drafters: Record<DraftSide, TestUser>,
  {
    from = 0,
    until = DRAFT_ORDER.length,
    pool = CHAMPION_IDS,
  }: { from?: number; until?: number; pool?: string[] } = {},
) {
  let state: DraftState | undefined;
  const locked: string[] = [];
  let next = 0;
  for (let index = from; index < until; index++) {
    const turn = DRAFT_ORDER[index]!;
    state = await api.lockOk(scrimId, drafters[turn.side], pool[next]!);
    locked.push(pool[next++]!);
  }
  return { state: state!, locked };
}

/**
 * The running turn's clock made to have run out: the draft's end and its timeout job moved a second into the past
 * (the job due now, as the runner would find it once the turn's seconds had passed).
 */
export async function expireTurn(db: Database, scrimId: string) {
  const past = new Date(Date.now() - 1000);
  const [draft] = await db.select().from(scrimDrafts).where(eq(scrimDrafts.scrimId, scrimId));
  await db.update(scrimDrafts).set({ turnEndsAt: past }).where(eq(scrimDrafts.scrimId, scrimId));
  await db
    .update(jobs)
    .set({ runAt: past })
    .where(eq(jobs.dedupeKey, draftTurnKey(scrimId, draft!.turnIndex)));
}

/** Sets a scrim's draft mode in the database (a series game's, which the series' settings make). */
export async function setDraftMode(db: Database, scrimId: string, draft: 'none' | 'tournament' | 'fearless') {
  await db.update(scrims).set({ draft }).where(eq(scrims.id, scrimId));
}
