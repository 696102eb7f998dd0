import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DRAFT_ORDER, type DraftState } from '@scrim-gym/shared';
import { jobs, scrimDrafts, scrimDraftTurns } from '../../../db/schema/index.js';
import { CHAMPION_IDS, draftApi, draftScrim, startDraft } from '../../../test/draft-api.js';
import { startFakeRiot, type FakeRiot } from '../../../test/fake-riot.js';
import { startTwoInstances, type Instances } from '../../../test/instances.js';
import { callApi } from '../../../test/social.js';
import { expireDraftTurn } from './draft-actions.js';
import { draftTurnKey } from './draft.schedule.js';

/**
 * The turn clock has one authority across instances: a drafter's lock on one instance races the turn's timeout on
 * the other (its handler called directly, and the runners' polls), over random clocks and delays, and every turn
 * ends with exactly one outcome, the one the lock's answer says. On PostgreSQL (TEST_DATABASE_URL) each instance
 * has its own pool and they really race; on PGlite they interleave one query at a time.
 */
let riot: FakeRiot;
let instances: Instances;
beforeAll(async () => {
  riot = await startFakeRiot();
  instances = await startTwoInstances({ env: { DDRAGON_BASE_URL: riot.url } });
});
afterAll(async () => {
  await instances?.close();
  await riot?.close();
});

const db = () => instances.db;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One turn's race: which instance locks and which times out, the clock's end from now, and each side's delay. */
const turnRace = fc.record({
  lockOn: fc.constantFrom('first', 'second') as fc.Arbitrary<'first' | 'second'>,
  timeoutOn: fc.constantFrom('first', 'second') as fc.Arbitrary<'first' | 'second'>,
  endsInMs: fc.integer({ min: -15, max: 25 }),
  lockDelayMs: fc.integer({ min: 0, max: 15 }),
  timeoutDelayMs: fc.integer({ min: 0, max: 15 }),
  /** The runners poll too: the job, due at the turn's end, may be claimed while the handler above runs. */
  poll: fc.boolean(),
});

/** A race whose outcome no delay can change: the lock comes well inside its turn (`endsInMs` > 0) or after it. */
const settledRace = (endsInMs: number) =>
  ({ lockOn: 'first', timeoutOn: 'second', endsInMs, lockDelayMs: 0, timeoutDelayMs: 0, poll: false }) as const;

it('a lock racing the timeout on two instances gives exactly one outcome per turn', async () => {
  const outcomes = { locked: 0, timedOut: 0 };
  await fc.assert(
    fc.asyncProperty(fc.array(turnRace, { minLength: 2, maxLength: 6 }), async (races) => {
      const api = draftApi(callApi(instances.first.app));
      const { scrim, blue, red } = await draftScrim(db());
      const drafters = { blue: blue[0]!, red: red[0]! };
      await startDraft(api, scrim.id, drafters);
      for (const [index, race] of races.entries()) {
        const turn = DRAFT_ORDER[index]!;
        const [before] = await db().select().from(scrimDrafts).where(eq(scrimDrafts.scrimId, scrim.id));
        expect(before!.turnIndex).toBe(index);
        const endsAt = new Date(Date.now() + race.endsInMs);
        await db().update(scrimDrafts).set({ turnEndsAt: endsAt }).where(eq(scrimDrafts.scrimId, scrim.id));
        await db()
          .update(jobs)
          .set({ runAt: endsAt })
          .where(eq(jobs.dedupeKey, draftTurnKey(scrim.id, index)));
        const champion = CHAMPION_IDS[index]!;
        const timeoutApp = instances[race.timeoutOn];
        const [lock] = await Promise.all([
          // The drafter's lock names its turn, so that arriving after the timeout it cannot take the next one.
          sleep(race.lockDelayMs).then(() =>
            callApi(instances[race.lockOn].app)(
              'POST',
              `/api/scrims/${scrim.id}/draft/lock`,
              drafters[turn.side].token,
              { champion, turn: index },
            ),
          ),
          sleep(race.timeoutDelayMs).then(() =>
            expireDraftTurn({
              deps: { db: timeoutApp.database.db, io: timeoutApp.app.io, champions: timeoutApp.app.riot },
              scrimId: scrim.id,
              turnIndex: index,
            }),
          ),
          race.poll
            ? sleep(race.endsInMs > 0 ? race.endsInMs : 0).then(() => instances.second.app.jobs.runOnce())
            : null,
        ]);

        // The clock may not have run out when the timeout looked: then it comes again, as its job would.
        let [after] = await db().select().from(scrimDrafts).where(eq(scrimDrafts.scrimId, scrim.id));
        if (after!.turnIndex === index) {
          await sleep(Math.max(0, endsAt.getTime() - Date.now()) + 5);
          await expireDraftTurn({
            deps: { db: timeoutApp.database.db, io: timeoutApp.app.io, champions: timeoutApp.app.riot },
            scrimId: scrim.id,
            turnIndex: index,
          });
          [after] = await db().select().from(scrimDrafts).where(eq(scrimDrafts.scrimId, scrim.id));
        }

        // Exactly one outcome: the turn moved on by one, with one row, and the lock's answer agrees with it.
        expect(after!.turnIndex).toBe(index + 1);
        const rows = await db().select().from(scrimDraftTurns).where(eq(scrimDraftTurns.scrimId, scrim.id));
        expect(rows.map((r) => r.turnIndex).sort((a, b) => a - b)).toEqual([...Array(index + 1).keys()]);
        const row = rows.find((r) => r.turnIndex === index)!;
        if (lock.statusCode === 200) {
          outcomes.locked++;
          expect(row).toMatchObject({ champion, timedOut: false, lockedBy: drafters[turn.side].id });
          expect(lock.json<DraftState>().turn?.index).toBe(index + 1);
        } else {
          outcomes.timedOut++;
          expect(row).toMatchObject({ timedOut: true, lockedBy: null });
          // A lock that came after the timeout: refused, never taken as the side's next turn.
          expect(lock.statusCode, lock.body).toBe(409);
          expect(lock.json<{ code: string }>().code).toBe('TURN_PASSED');
        }
      }
    }),
    // Close races decide by milliseconds, so on a loaded machine every random one may time out: the first run
    // also has a lock well inside its turn and one after its end, so both outcomes are always reached.
    { numRuns: 15, examples: [[[settledRace(60_000), settledRace(-1_000)]]] },
  );
  expect(outcomes.locked).toBeGreaterThan(0);
  expect(outcomes.timedOut).toBeGreaterThan(0);
}, 180_000);
