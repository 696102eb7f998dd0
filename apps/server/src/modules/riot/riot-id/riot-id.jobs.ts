import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PermanentJobError, type ClaimedJob } from '../../../jobs/index.js';
import type { Database } from '../../../db/client.js';
import { findUserById, type RiotIdChecks } from '../../auth/index.js';
import type { RiotClient } from '../client/index.js';
import { checkRiotId } from './riot-id.check.js';
import { ensureRiotIdSweep, recordRiotIdAnswer, scheduleUncheckedRiotIds } from './riot-id.repository.js';
import {
  RIOT_ID_CHECK_JOB,
  RIOT_ID_CHECK_RETRY_MS,
  RIOT_ID_RECHECK_MS,
  RIOT_ID_SWEEP_BATCH,
  RIOT_ID_SWEEP_IDLE_MS,
  RIOT_ID_SWEEP_JOB,
  RIOT_ID_SWEEP_SPACING_MS,
  RIOT_ID_SWEEP_START_DELAY_MS,
  scheduleRiotIdCheck,
  scheduleRiotIdSweep,
} from './riot-id.schedule.js';

interface JobLog {
  warn(obj: object, msg?: string): void;
}

interface RiotIdDeps {
  db: Database;
  riot: RiotClient;
  log?: JobLog;
}

/**
 * 'riot.riot-id-check': ask Riot for an account's Riot ID (its sign-up or edit could not, it was never asked, or its
 * rank is due again). A found account gets its PUUID and Solo/Duo rank (which then counts, and seeds the rating
 * while the player has no rated game) and is asked again in RIOT_ID_RECHECK_MS, so the rank follows Riot's; Riot
 * still down re-arms the job sooner; a 404 or a linked, deleted or renamed-meanwhile account ends it (a rename
 * schedules its own check). Idempotent.
 */
export async function handleRiotIdCheckJob(deps: RiotIdDeps, job: ClaimedJob, now = new Date()) {
  const { userId } = job.payload as { userId?: unknown };
  if (typeof userId !== 'string') throw new PermanentJobError(`job ${job.id} has no userId`);
  const user = await findUserById({ db: deps.db, id: userId });
  if (!user || user.riotLinkedAt || user.deletedAt) return;
  const verdict = await checkRiotId({
    riot: deps.riot,
    gameName: user.name,
    tagLine: user.summonerTagline,
    region: user.region,
    log: deps.log,
    fresh: true,
  });
  if (verdict.status === 'not_found') {
    deps.log?.warn({ userId }, 'Riot ID check: Riot has no account with this Riot ID; the typed rank stays');
    return;
  }
  if (verdict.status === 'found') {
    await recordRiotIdAnswer({
      db: deps.db,
      userId,
      riotId: { name: user.name, tagline: user.summonerTagline, region: user.region },
      puuid: verdict.puuid,
      rank: verdict.rank,
      at: now,
    });
    if (verdict.rank !== null) {
      await scheduleRiotIdCheck({ db: deps.db, userId, runAt: new Date(now.getTime() + RIOT_ID_RECHECK_MS) });
      return;
    }
  }
  if (verdict.status === 'not_configured') return;
  const retryAfterMs = verdict.status === 'unavailable' ? verdict.retryAfterMs : null;
  await scheduleRiotIdCheck({
    db: deps.db,
    userId,
    runAt: new Date(now.getTime() + Math.max(RIOT_ID_CHECK_RETRY_MS, retryAfterMs ?? 0)),
  });
}

/**
 * 'riot.riot-id-sweep': a check for a batch of accounts Riot was never asked about, spaced out; the sweep comes
 * back when that batch has been asked (more may wait) or a day later when it found none.
 */
export async function handleRiotIdSweepJob(
  deps: Pick<RiotIdDeps, 'db'>,
  now = new Date(),
  { limit = RIOT_ID_SWEEP_BATCH, spacingMs = RIOT_ID_SWEEP_SPACING_MS } = {},
) {
  const scheduled = await scheduleUncheckedRiotIds({ db: deps.db, now, limit, spacingMs });
  const next = scheduled === limit ? scheduled * spacingMs : RIOT_ID_SWEEP_IDLE_MS;
  await scheduleRiotIdSweep({ db: deps.db, runAt: new Date(now.getTime() + next) });
  return scheduled;
}

/** The check sign-up and the Riot ID edit run (auth's `RiotIdChecks`), on the app's Riot client. */
export function riotIdChecksOf(app: FastifyInstance): RiotIdChecks {
  return {
    check: ({ gameName, tagLine, region }) => checkRiotId({ riot: app.riot, gameName, tagLine, region, log: app.log }),
    checkLater: ({ db, userId, retryAfterMs }) =>
      scheduleRiotIdCheck({
        db,
        userId,
        runAt: new Date(Date.now() + Math.max(RIOT_ID_CHECK_RETRY_MS, retryAfterMs ?? 0)),
      }),
  };
}

/** Registers the Riot ID check job on the app's runner (needs `app.riot` and `app.jobs`). */
export const riotIdJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = { db: app.db, riot: app.riot, log: app.log };
    app.jobs.register(RIOT_ID_CHECK_JOB, (job) => handleRiotIdCheckJob(deps, job));
    app.jobs.register(RIOT_ID_SWEEP_JOB, async () => {
      await handleRiotIdSweepJob(deps);
    });
    if (app.riot.isConfigured) {
      app.addHook('onReady', () =>
        ensureRiotIdSweep({ db: app.db, runAt: new Date(Date.now() + RIOT_ID_SWEEP_START_DELAY_MS) }),
      );
    }
  },
  { name: 'riot-id-jobs', dependencies: ['jobs', 'riot-client'] },
);
