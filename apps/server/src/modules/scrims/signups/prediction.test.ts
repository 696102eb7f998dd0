import { isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { playerRatings, seasons } from '../../../db/schema/index.js';
import { scheduleJob } from '../../../jobs/index.js';
import { createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { scrimSuite } from '../../../test/scrim-suite.js';
import { SCRIM_START_JOB, scrimStartKey } from '../core/scrims.schedule.js';

const suite = scrimSuite();
const { db } = suite;
const MINUTE = 60_000;

/** A full scrim that started 20 minutes ago (its start job not run yet). */
async function started() {
  const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 20 * MINUTE) });
  const { players } = await fillScrim({ db: db(), scrim });
  return { scrim, players };
}

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

const chanceOf = async (scrimId: string) =>
  (await suite.api.read(scrimId, suite.admin.token)).balance?.blueWinProbability;

describe('the win probability after the start: the prediction the game was played with', () => {
  it('is stored by the start job and unchanged when ratings move afterwards', async () => {
    const { scrim, players } = await started();
    await runStartJob(scrim.id);
    const predicted = await chanceOf(scrim.id);
    expect(predicted).toBeCloseTo(0.5);
    // Blue's Top becomes a far stronger player (another game's result, say): the prediction stays.
    const [season] = await db().select({ id: seasons.id }).from(seasons).where(isNull(seasons.endedAt));
    await db()
      .insert(playerRatings)
      .values({ seasonId: season!.id, userId: players[0]!.id, region: 'NA', mu: 60, sigma: 2, rating: 2000 });
    expect(await chanceOf(scrim.id)).toBe(predicted);
  });

  it('is kept when the result is rated (the winners rise, the losers fall), also without a start job', async () => {
    const { scrim } = await started();
    const predicted = await chanceOf(scrim.id);
    expect(predicted).toBeCloseTo(0.5);
    const res = await suite.api.setWinner(scrim.id, 'teamOne', suite.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = await suite.api.read(scrim.id, suite.admin.token);
    expect(body.result?.status).toBe('confirmed');
    expect(body.ratingChanges).toHaveLength(10);
    expect(body.balance?.blueWinProbability).toBe(predicted);
  });
});
