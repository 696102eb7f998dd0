import { createHash } from 'node:crypto';
import { RIOT_LOBBY_MESSAGES } from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { cancelJob, PermanentJobError, scheduleJob, type ClaimedJob, type JobRunner } from '../../../jobs/index.js';
import { notifyScrimAlertOnce } from '../../notifications/index.js';
import { getScrimAggregate, publishScrimChange, type ScrimAggregate, type ScrimDeps } from '../../scrims/index.js';
import { isRiotError, type RiotClient } from '../client/index.js';
import { foldLobbyEvents, lobbyOfPlayers } from './lobby-guard.fold.js';
import { findGuardedScrim, storeRiotLobby } from './lobby-guard.repository.js';
import { findPlayerAccounts } from './tournaments.repository.js';

/**
 * The lobby guard: from 15 minutes before the start until champion select (or the result, or 30 minutes after the
 * start at the latest), each scrim with a tournament code reads Riot's lobby events every RIOT_LOBBY_POLL_MS,
 * stores who is in (riot_lobbies), publishes the scrim when that changed, and from 5 minutes before the start tells
 * the players still missing, once each. One 'scrim.lobby-guard' job per scrim (its dedupe key), which re-arms itself:
 * two instances never poll one lobby twice. Each scrim polls on a grid of its own phase (a hash of its id), so 300
 * lobbies that open at the same minute still spread evenly over the interval (docs/game-day.md, "Lobby guard").
 */

export const LOBBY_GUARD_JOB = 'scrim.lobby-guard';
export const lobbyGuardKey = (scrimId: string) => `scrim-lobby:${scrimId}`;

/** The guard starts this long before the start… */
export const LOBBY_GUARD_LEAD_MS = 15 * 60_000;
/** …tells the missing players from this long before it… */
export const LOBBY_REMINDER_LEAD_MS = 5 * 60_000;
/** …and gives up this long after it (the abandon check's time) if champion select never came. */
export const LOBBY_GUARD_WINDOW_MS = 30 * 60_000;

export interface LobbyGuardDeps {
  db: Database;
  riot: Pick<RiotClient, 'getLobbyEvents'>;
  scrims: ScrimDeps;
  jobs?: JobRunner;
  /** RIOT_LOBBY_POLL_MS. */
  pollMs: number;
  /** RIOT_LOBBY_REMINDER_MS (default LOBBY_REMINDER_LEAD_MS). */
  reminderMs?: number;
}

/** Where in the poll interval this scrim's polls fall: [0, pollMs), the same on every instance. */
export function lobbyPollPhase(scrimId: string, pollMs: number) {
  return createHash('sha256').update(scrimId).digest().readUInt32BE(0) % pollMs;
}

/** The scrim's first poll time at or after `after`, on its grid (phase + k × pollMs). */
export function nextLobbyPollAt(scrimId: string, after: number, pollMs: number) {
  const phase = lobbyPollPhase(scrimId, pollMs);
  return phase + Math.ceil((after - phase) / pollMs) * pollMs;
}

type GuardedScrim = Pick<ScrimAggregate['scrim'], 'id' | 'gameStartTime' | 'teamWon' | 'abandonedAt' | 'cancelledAt'>;

/** Whether the guard still has a lobby to watch at `now` (before its window, too). */
function isGuarded(scrim: GuardedScrim, code: string | null | undefined, now: number) {
  if (!code || scrim.teamWon || scrim.abandonedAt || scrim.cancelledAt) return false;
  return now < scrim.gameStartTime.getTime() + LOBBY_GUARD_WINDOW_MS;
}

/**
 * When the missing players are told: 5 minutes before the start, or 5 minutes after the code came when it came
 * later (a code made at the start): nobody is told to join a lobby whose code they have only just been given.
 */
export const lobbyReminderAt = (start: number, codeAt: number, leadMs = LOBBY_REMINDER_LEAD_MS) =>
  Math.max(start - leadMs, codeAt + leadMs);

async function armGuard(
  deps: Pick<LobbyGuardDeps, 'db' | 'jobs' | 'pollMs'>,
  scrimId: string,
  after: number,
  remindAt: number | null,
) {
  const runAt = nextLobbyPollAt(scrimId, after, deps.pollMs);
  await scheduleJob({
    db: deps.db,
    kind: LOBBY_GUARD_JOB,
    runAt: new Date(runAt),
    payload: { scrimId, remindAt },
    dedupeKey: lobbyGuardKey(scrimId),
  });
  if (runAt <= Date.now()) deps.jobs?.wake();
}

/** A scrim got its code (or a new one): its guard starts 15 minutes before the start, or now if that is past. */
export async function scheduleLobbyGuard(
  deps: Pick<LobbyGuardDeps, 'db' | 'jobs' | 'pollMs' | 'reminderMs'>,
  { scrim, tournament }: { scrim: GuardedScrim; tournament: { tournamentCode: string | null } | null },
  now = Date.now(),
) {
  if (!isGuarded(scrim, tournament?.tournamentCode, now)) return;
  const start = scrim.gameStartTime.getTime();
  await armGuard(
    deps,
    scrim.id,
    Math.max(now, start - LOBBY_GUARD_LEAD_MS),
    lobbyReminderAt(start, now, deps.reminderMs),
  );
}

export const cancelLobbyGuard = ({ db, scrimId }: { db: Database; scrimId: string }) =>
  cancelJob({ db, dedupeKey: lobbyGuardKey(scrimId) });

function payloadOf(job: ClaimedJob): { scrimId: string; remindAt: number | null } {
  const { scrimId, remindAt } = job.payload as { scrimId?: unknown; remindAt?: unknown };
  if (typeof scrimId !== 'string') throw new PermanentJobError(`job ${job.id} has no scrimId`);
  return { scrimId, remindAt: typeof remindAt === 'number' ? remindAt : null };
}

type StoredLobby = { inUserIds: string[] | null; unknown: number | null } | null;

const sameLobby = (before: StoredLobby, after: { inUserIds: string[]; unknown: number }) =>
  before?.inUserIds != null &&
  before.unknown === after.unknown &&
  before.inUserIds.length === after.inUserIds.length &&
  [...before.inUserIds].sort().every((id, i) => id === after.inUserIds[i]);

/**
 * 'scrim.lobby-guard': one read of the scrim's Riot lobby, then the next one armed (unless the lobby is over).
 * A transient Riot failure (429, 5xx, network: the client has already retried) keeps the stored lobby and arms the
 * next read after Riot's Retry-After; a permanent one (403, a code Riot does not know) ends the guard.
 */
export async function runLobbyGuard(
  deps: LobbyGuardDeps,
  scrimId: string,
  now = Date.now(),
  /** When the missing are told (lobbyReminderAt); null: 5 minutes before the start. */
  remindAt: number | null = null,
) {
  const guarded = await findGuardedScrim({ db: deps.db, scrimId });
  if (!guarded) return;
  const { scrim, code, lobby: stored } = guarded;
  if (!isGuarded(scrim, code, now)) return;
  const start = scrim.gameStartTime.getTime();
  // Moved later since it was armed: wait for the new window.
  const reminder = remindAt ?? start - (deps.reminderMs ?? LOBBY_REMINDER_LEAD_MS);
  if (now < start - LOBBY_GUARD_LEAD_MS) return armGuard(deps, scrimId, start - LOBBY_GUARD_LEAD_MS, reminder);

  let events;
  const began = Date.now();
  // The next read is armed from when this one was answered, not from when the run began: a run slowed down before
  // its read still leaves half an interval between two reads of the lobby.
  const answeredAt = () => now + (Date.now() - began);
  try {
    events = await deps.riot.getLobbyEvents(code!);
  } catch (error) {
    if (isRiotError(error) && !error.isTransient) throw new PermanentJobError(error.message, { cause: error });
    if (!isRiotError(error)) throw error;
    const after = answeredAt();
    return armGuard(deps, scrimId, Math.max(after + deps.pollMs / 2, after + (error.retryAfterMs ?? 0)), reminder);
  }
  const readAt = answeredAt();
  const folded = foldLobbyEvents(events.eventList);
  const players = await findPlayerAccounts({ db: deps.db, scrimId });
  const lobby = lobbyOfPlayers(folded, players);
  await storeRiotLobby({ db: deps.db, scrimId, checkedAt: new Date(now), ...lobby });
  if (!sameLobby(stored, lobby)) {
    const updated = await getScrimAggregate({ db: deps.db, id: scrimId });
    if (updated) publishScrimChange(deps.scrims, updated);
  }
  if (folded.started) return;
  const present = new Set(lobby.inUserIds);
  const missing = players.filter((p) => !present.has(p.userId)).map((p) => p.userId);
  if (now >= reminder && missing.length > 0) {
    // Once per player and scrim: the alert is stored once, however often this runs (a rejoin-and-quit included).
    await notifyScrimAlertOnce({
      deps: deps.scrims,
      scrimId,
      userIds: missing,
      message: RIOT_LOBBY_MESSAGES.missingNotification,
    });
  }
  // Half an interval after the read at least: a run that started late still leaves a whole interval before this
  // lobby's next read.
  await armGuard(deps, scrimId, readAt + deps.pollMs / 2, reminder);
}

export const handleLobbyGuardJob = (deps: LobbyGuardDeps, job: ClaimedJob) => {
  const { scrimId, remindAt } = payloadOf(job);
  return runLobbyGuard(deps, scrimId, Date.now(), remindAt);
};
