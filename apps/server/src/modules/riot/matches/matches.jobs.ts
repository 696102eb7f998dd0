import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PermanentJobError, type ClaimedJob } from '../../../jobs/index.js';
import { findMatchVerdicts, getScrimAggregate, scrimDepsOf } from '../../scrims/index.js';
import { isRiotError, isRiotRegion } from '../client/index.js';
import { findPlayerAccounts } from '../tournaments/tournaments.repository.js';
import { recordRiotEvidence } from '../tournaments/tournaments.results.js';
import type { TournamentDeps } from '../tournaments/tournaments.service.js';
import { judgeMatch } from './match-verdict.js';
import { emitMatchStatus } from './matches.events.js';
import { MalformedMatchError, readMatch } from './matches.mapping.js';
import { findScrimMatchRow, markMatchFailed, recordMatchFetchError, storeMatch } from './matches.repository.js';
import {
  MATCH_FETCH_JOB,
  MATCH_FETCH_WINDOW_MS,
  cancelMatchFetch,
  nextMatchFetchAt,
  scheduleMatchFetch,
} from './matches.schedule.js';

export interface MatchFetchDeps extends TournamentDeps {
  /** The job's clock (ms), for the 24-hour window; Date.now by default. */
  now?: () => number;
}

/** Why there is nothing to store yet, kept as the pending row's lastError. */
export const MATCH_NOT_PUBLISHED_ERROR = 'Riot has not published the match yet';
export const MATCH_ONLY_REMADE_ERROR =
  "Riot's games on the code so far were remade or not this scrim's: waiting for the next";

/** A match-v5 id's game number (`NA1_4800000001` → 4800000001): the code's games in the order played. */
function gameNumberOf(matchId: string) {
  const number = Number(matchId.slice(matchId.lastIndexOf('_') + 1));
  return Number.isFinite(number) ? number : -1;
}

/** The code's match ids in the order played (lowest game number first). */
export const inPlayOrder = (ids: string[]) => [...ids].sort((a, b) => gameNumberOf(a) - gameNumberOf(b));

function payloadOf(job: ClaimedJob) {
  const { scrimId, retry } = job.payload as { scrimId?: unknown; retry?: unknown };
  if (typeof scrimId !== 'string') throw new PermanentJobError(`job ${job.id} has no scrimId`);
  return { scrimId, retry: typeof retry === 'number' && Number.isInteger(retry) && retry >= 0 ? retry : 0 };
}

/** The fetch is over without a match: 'failed' with why, and the scrim's room is told (once). */
async function giveUp(deps: MatchFetchDeps, scrimId: string, error: string) {
  if (await markMatchFailed({ db: deps.db, scrimId, error })) emitMatchStatus(deps.io, scrimId, 'failed');
}

/**
 * 'scrim.match-fetch': fetches the scrim's match from match-v5 by its tournament code and stores it, exactly once.
 *
 * - Nothing to do (done): the scrim is gone, or its match is not 'pending' (ready: stored already by this job on
 *   another run or instance, or attached by an admin; failed: given up on).
 * - No match id for the code yet (Riot processes a game for a few minutes), or a transient Riot failure (429,
 *   5xx, network, timeout): the reason is kept on the row and the job re-arms itself with backoff (1, 2, 4 …
 *   minutes, at most 30; a longer Retry-After is honoured), until 24 hours after `fetchSince`; then 'failed'.
 * - A 404 (match-v5 answers it for hours for a game the code lists) is retried the same way.
 * - A permanent failure (403, the stub, a body that is not a MatchDto, a match the app cannot read, a match
 *   stored for another scrim): 'failed' at once, with the reason.
 * - Each game of the code, in the order played, is evidence for the result reconciler (recordRiotEvidence): a
 *   remade game (early surrender, under 3½ minutes) or another scrim's (fewer than 8 of its players) is read once
 *   and skipped, the job re-arming itself for the replay; the first game of the scrim's is its match.
 * - Stored: the scrim's room is told 'ready'. storeMatch writes the match and its players in one transaction,
 *   under the row's lock, so a second run never writes them twice and a failure never leaves half a match.
 */
export async function handleMatchFetchJob(deps: MatchFetchDeps, job: ClaimedJob) {
  const { db, riot } = deps;
  const { scrimId, retry } = payloadOf(job);
  const row = await findScrimMatchRow({ db, scrimId });
  if (row?.status !== 'pending') return;
  const aggregate = await getScrimAggregate({ db, id: scrimId });
  if (!aggregate) return;
  const code = aggregate.tournament?.tournamentCode;
  const region = aggregate.scrim.region;
  if (!code) return giveUp(deps, scrimId, 'The scrim has no tournament code');
  if (!isRiotRegion(region)) return giveUp(deps, scrimId, `No match-v5 routing for the region ${region}`);

  const now = (deps.now ?? Date.now)();
  const deadline = row.fetchSince.getTime() + MATCH_FETCH_WINDOW_MS;
  /** Not now: try again later, or give up when the 24 hours are over. */
  const later = async (reason: string, retryAfterMs: number | null = null) => {
    const runAt = nextMatchFetchAt({ retry, retryAfterMs, now, deadline });
    if (!runAt) return giveUp(deps, scrimId, `Gave up 24 hours after the game: ${reason}`);
    await recordMatchFetchError({ db, scrimId, error: reason });
    await scheduleMatchFetch({ db, scrimId, runAt, retry: retry + 1 });
  };

  let matchId: string | null = null;
  try {
    const ids = inPlayOrder(await riot.getMatchIdsByTournamentCode({ code, region }));
    if (ids.length === 0) return await later(MATCH_NOT_PUBLISHED_ERROR);
    // Each game is read once: a remade game or another scrim's is evidence, and the next game is the scrim's.
    const judged = await findMatchVerdicts({ db, scrimId });
    const players = await findPlayerAccounts({ db, scrimId });
    for (matchId of ids) {
      const seen = judged.get(gameNumberOf(matchId));
      if (seen && seen !== 'winner') continue;
      const dto = await riot.getMatchByTournamentCode({ matchId, code, region });
      const gameId = dto.info.gameId ?? gameNumberOf(matchId);
      const verdict = judgeMatch(dto, players);
      await recordRiotEvidence({ deps, scrimId, items: [{ kind: 'match-v5', gameId, ...verdict }] });
      if (verdict.verdict !== 'winner') continue;
      const championKeys = await riot.getChampionKeys(await riot.getDataDragonVersion());
      const match = readMatch({ dto, championKeys, players });
      const outcome = await storeMatch({ db, scrimId, source: 'tournament', match });
      if (outcome === 'stored') emitMatchStatus(deps.io, scrimId, 'ready');
      else if (outcome === 'match_taken') {
        await giveUp(deps, scrimId, `Riot match ${matchId} is already stored for another scrim`);
      }
      return;
    }
    return await later(MATCH_ONLY_REMADE_ERROR);
  } catch (error) {
    if (error instanceof MalformedMatchError) {
      return giveUp(deps, scrimId, `Riot match ${matchId ?? '?'} cannot be read: ${error.message}`);
    }
    if (!isRiotError(error)) throw error;
    // match-v5 answers 404 for a tournament game it lists, sometimes for hours: not yet, as for an unlisted one.
    if (error.isTransient || error.kind === 'not_found') return later(error.message, error.retryAfterMs);
    return giveUp(deps, scrimId, error.message);
  }
}

/**
 * Registers the match fetch job on the app's runner (needs `app.riot` and `app.jobs`); a deleted scrim cancels
 * its fetch. The fetch itself is requested by the tournament results (requestMatchFetch) when a game is over.
 */
export const matchesPlugin = fp(
  async (app: FastifyInstance) => {
    const deps: MatchFetchDeps = {
      db: app.db,
      io: app.io,
      riot: app.riot,
      config: app.config,
      scrims: scrimDepsOf(app),
    };
    app.jobs.register(MATCH_FETCH_JOB, (job) => handleMatchFetchJob(deps, job));
    app.scrimLifecycle.on('deleted', ({ scrimId }) => cancelMatchFetch({ db: app.db, scrimId }));
  },
  { name: 'matches', dependencies: ['jobs', 'riot-client'] },
);
