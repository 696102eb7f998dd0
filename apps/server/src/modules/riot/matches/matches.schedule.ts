import type { Database, DbOrTx } from '../../../db/client.js';
import { cancelJob, scheduleJob, type JobRunner } from '../../../jobs/index.js';
import type { AppServer } from '../../../plugins/io.js';
import type { RiotClient } from '../client/index.js';
import { emitMatchStatus } from './matches.events.js';
import { markMatchPending } from './matches.repository.js';

/** Fetches a scrim's Riot match (match-v5 by tournament code) once its game is over. */
export const MATCH_FETCH_JOB = 'scrim.match-fetch';

export const matchFetchKey = (scrimId: string) => `scrim-match:${scrimId}`;

/** After this long past `fetchSince` (the game known to be over), the fetch gives up: the match is 'failed'. */
export const MATCH_FETCH_WINDOW_MS = 24 * 60 * 60_000;
/** The wait before the first retry (Riot has not published the match yet, or failed); doubles each time. */
export const MATCH_FETCH_FIRST_RETRY_MS = 60_000;
/** The longest wait between two tries (a Retry-After longer than this is still honoured). */
export const MATCH_FETCH_MAX_RETRY_MS = 30 * 60_000;

/** The job's payload: the scrim, and how many tries failed before this one (for the backoff). */
export interface MatchFetchPayload {
  scrimId: string;
  retry?: number;
}

/** The wait after the failed try number `retry` (0-based): 1, 2, 4, 8, 16, 30, 30 … minutes. */
export function matchFetchBackoffMs(retry: number) {
  return Math.min(MATCH_FETCH_MAX_RETRY_MS, MATCH_FETCH_FIRST_RETRY_MS * 2 ** Math.max(0, retry));
}

/**
 * When the next try runs after the failed try number `retry`: the backoff, or Riot's Retry-After when it is
 * longer, never past the deadline (the last try runs at the deadline itself). Null when the deadline has come:
 * time to give up.
 */
export function nextMatchFetchAt({
  retry,
  retryAfterMs = null,
  now,
  deadline,
}: {
  retry: number;
  retryAfterMs?: number | null;
  now: number;
  deadline: number;
}): Date | null {
  if (now >= deadline) return null;
  const delay = Math.max(matchFetchBackoffMs(retry), retryAfterMs ?? 0);
  return new Date(Math.min(now + delay, deadline));
}

export interface MatchFetchRequestDeps {
  db: Database;
  io: AppServer;
  riot: Pick<RiotClient, 'isConfigured' | 'tournamentStub'>;
  /** Present in the jobs' deps: the job is due now, so the runner is woken (otherwise its next poll finds it). */
  jobs?: JobRunner;
}

/**
 * The scrim's Riot game is over (Riot's callback, or the result poll found it): its match is to be fetched.
 * The 'pending' row and the job are written in ONE transaction, and the job only when this call created the row:
 * a duplicate callback, the poll after the callback, or a second instance finds the row and changes nothing (it
 * never re-arms the job, which may be running or waiting for its own retry). The job is due at the row's
 * `fetchSince`, a run time fixed by the row, never "now". Nothing happens without a Riot key or with the
 * tournament stub (whose codes have no matches): the status stays 'none'. Returns whether a fetch was requested.
 */
export async function requestMatchFetch({
  deps,
  scrimId,
}: {
  deps: MatchFetchRequestDeps;
  scrimId: string;
}): Promise<boolean> {
  if (!deps.riot.isConfigured || deps.riot.tournamentStub) return false;
  const since = new Date();
  const created = await deps.db.transaction(async (tx) => {
    if (!(await markMatchPending({ db: tx, scrimId, source: 'tournament', since }))) return false;
    await scheduleMatchFetch({ db: tx, scrimId, runAt: since });
    return true;
  });
  if (!created) return false;
  deps.jobs?.wake();
  emitMatchStatus(deps.io, scrimId, 'pending');
  return true;
}

/** Schedules (or, from the job itself, re-arms) the scrim's fetch at `runAt`; one job per scrim. */
export async function scheduleMatchFetch({
  db,
  scrimId,
  runAt,
  retry,
}: {
  db: DbOrTx;
  scrimId: string;
  runAt: Date;
  retry?: number;
}) {
  const payload: MatchFetchPayload = retry ? { scrimId, retry } : { scrimId };
  await scheduleJob({ db, kind: MATCH_FETCH_JOB, runAt, payload: { ...payload }, dedupeKey: matchFetchKey(scrimId) });
}

/** A deleted scrim: its fetch job goes too (its match rows go with the scrim's row). */
export async function cancelMatchFetch({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await cancelJob({ db, dedupeKey: matchFetchKey(scrimId) });
}
